import { runAreaSweeps } from '../area-list';
import type { Database } from '../db/client';
import type { TableUpkeep } from '../db/table-upkeep';

export interface SweepTimer {
  /** Stops the timer and waits for a sweep under way to finish. */
  stop(): Promise<void>;
}

export interface SweepLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * Runs every area's sweeps every `intervalSeconds` (0: never), then vacuums and analyzes one table
 * when given `upkeep` (the embedded database, which has no autovacuum). A run still
 * going when the next is due is not doubled; the timer does not keep the process alive. Safe with
 * several instances: the sweeps themselves are (see areas/order/sweeps.ts).
 */
export function startSweepTimer(
  db: Database,
  intervalSeconds: number,
  log: SweepLog,
  upkeep?: TableUpkeep,
): SweepTimer {
  if (intervalSeconds <= 0) return { stop: async () => undefined };
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runAreaSweeps(db)
      .then((counts) => {
        const changed = Object.values(counts).some((area) => Object.values(area).some((count) => count > 0));
        if (changed) log.info(counts, 'sweeps');
      })
      .catch((error: unknown) => log.error({ err: error }, 'sweeps failed'))
      .then(async () => {
        await upkeep?.vacuumNext(db);
      })
      .catch((error: unknown) => log.error({ err: error }, 'table upkeep failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalSeconds * 1000);
  timer.unref();
  tick();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
