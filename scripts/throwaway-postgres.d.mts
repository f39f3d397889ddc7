export interface ThrowawayPostgres {
  /** Connection URL of the superuser's default database. */
  url: string;
  port: number;
  pid: number | undefined;
  binaries: string;
  /** Shuts the server down and deletes its folder; safe to call twice. */
  stop(): Promise<void>;
}

export function findPostgresBinaries(): string | undefined;

export function startThrowawayPostgres(options?: {
  binaries?: string;
  timeoutMs?: number;
}): Promise<ThrowawayPostgres>;
