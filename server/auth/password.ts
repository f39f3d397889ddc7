import { hash, verify } from '@node-rs/argon2';

/** Argon2id with the library's defaults (OWASP's 19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verified against when the user does not exist, so unknown names take as long as wrong passwords.
const DECOY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$nwhRrIS/gwSQL67tdne6qg$7WaHNVRwQs1xB1SAQC2EL2dfSguvNHd1sK9rBtqYmwE';

export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  try {
    return await verify(storedHash ?? DECOY_HASH, password);
  } catch {
    return false;
  }
}
