import type { Database, Executor } from './client';

/**
 * Work that must wait until a transaction's writes are visible to everyone, such as sending what an
 * outbox row holds: it runs once the outermost transaction has committed, and never when it rolls
 * back. A savepoint rolled back inside a committed transaction still runs its hooks, so a hook must
 * be harmless when it finds nothing to do (a sweep is).
 */
export type CommitHook = (db: Database) => void;

const waiting = new WeakMap<object, CommitHook[]>();
const roots = new WeakSet<object>();

/** Runs `hook` after the transaction `executor` commits; on a database outside a transaction, at once. */
export function afterCommit(executor: Executor, hook: CommitHook): void {
  const hooks = waiting.get(executor);
  if (hooks) hooks.push(hook);
  else if (roots.has(executor)) setImmediate(() => hook(executor));
  // An executor this module never saw (a bare drizzle handle) gets no hook: the periodic sweep remains.
}

type TransactionMethod = Database['transaction'];

function track(transaction: Executor, hooks: CommitHook[]): void {
  waiting.set(transaction, hooks);
  const savepoint = transaction.transaction.bind(transaction) as TransactionMethod;
  transaction.transaction = ((run, config) =>
    savepoint((inner) => {
      track(inner as unknown as Executor, hooks);
      return run(inner);
    }, config)) as TransactionMethod;
}

/** Makes `db`'s transactions run their commit hooks; openDatabase does this for every database. */
export function trackCommits<T extends Database>(db: T): T {
  roots.add(db);
  const begin = db.transaction.bind(db) as TransactionMethod;
  db.transaction = (async (run, config) => {
    const hooks: CommitHook[] = [];
    const result = await begin((transaction) => {
      track(transaction as unknown as Executor, hooks);
      return run(transaction);
    }, config);
    for (const hook of hooks) hook(db);
    return result;
  }) as TransactionMethod;
  return db;
}
