/** What must be stopped if the bench is interrupted or overruns: servers and PostgreSQL clusters. */
const pending = new Set<() => Promise<void>>();

/** Registers a stop function; call the returned function once it has been stopped normally. */
export function onAbort(stop: () => Promise<void>): () => void {
  pending.add(stop);
  return () => pending.delete(stop);
}

export async function stopEverything(): Promise<void> {
  const stops = [...pending];
  pending.clear();
  await Promise.allSettled(stops.map((stop) => stop()));
}
