/**
 * The embedded database's own thread: one PGlite instance, driven by messages from
 * server/db/pglite-thread.ts. PGlite's work (the wasm PostgreSQL, the wire protocol, type parsing)
 * runs here, so the HTTP thread only posts a query and reads back rows.
 *
 * Plain JavaScript because a worker thread does not inherit the TypeScript loader of its parent
 * in every runner (tsx, vitest's forks, the bench).
 *
 * PGlite's own locks order the work exactly as on one thread: a query arriving while a
 * transaction is open waits until that transaction ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const keepText = (value) => value;

/** What a transaction's callback rejects with when the caller asks for a rollback. */
const ROLLED_BACK = new Error('rolled back by the caller');

/** Open transactions by id: the PGlite transaction handle and how to end its callback. */
const transactions = new Map();

const database = await open();
parentPort.on('message', (message) => void handle(message));
parentPort.postMessage({ id: 0, result: 'ready' });

async function open() {
  try {
    const { dataDir, loadDataDir } = workerData;
    return await PGlite.create(dataDir, loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {});
  } catch (error) {
    parentPort.postMessage({ id: 0, error: serialiseError(error) });
    throw error;
  }
}

/**
 * The caller's parsers are functions and cannot cross threads: those types come back as text
 * and the caller applies its own parser to them.
 */
function queryOptions(options) {
  if (!options) return undefined;
  const { rawTypes, ...rest } = options;
  if (!rawTypes) return rest;
  return { ...rest, parsers: Object.fromEntries(rawTypes.map((type) => [type, keepText])) };
}

function target(message) {
  if (message.transaction === undefined) return database;
  const open = transactions.get(message.transaction);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

async function handle(message) {
  try {
    parentPort.postMessage({ id: message.id, result: await run(message) });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: serialiseError(error) });
  }
}

async function run(message) {
  switch (message.type) {
    case 'query':
      return await target(message).query(message.sql, message.params, queryOptions(message.options));
    case 'exec':
      return await target(message).exec(message.sql, queryOptions(message.options));
    case 'begin':
      return await begin(message.id);
    case 'rollback':
      return await target(message).rollback();
    case 'end':
      return await end(message.transaction, message.commit);
    case 'dump': {
      const dump = await database.dumpDataDir('none');
      return new Uint8Array(await dump.arrayBuffer());
    }
    case 'close':
      await database.close();
      return null;
    default:
      throw new Error(`unknown message ${message.type}`);
  }
}

/**
 * Opens a PGlite transaction whose callback stays pending until the caller ends it: PGlite then
 * commits, or rolls back, exactly as it does for a callback on its own thread.
 */
function begin(id) {
  return new Promise((begun, failed) => {
    const done = database.transaction(
      (tx) =>
        new Promise((resolve, reject) => {
          transactions.set(id, { tx, resolve, reject, done });
          begun(id);
        }),
    );
    done.catch(failed);
  });
}

async function end(id, commit) {
  const open = transactions.get(id);
  if (!open) throw new Error('Transaction is closed');
  const { resolve, reject, done } = open;
  if (commit) resolve(null);
  else reject(ROLLED_BACK);
  try {
    await done;
  } catch (error) {
    // The caller's own error is what it throws; only a failing COMMIT or ROLLBACK is news.
    if (error !== ROLLED_BACK) throw error;
  } finally {
    transactions.delete(id);
  }
  return null;
}

/**
 * A PostgreSQL error keeps every field the caller reads (code, constraint, detail, table…);
 * PGlite also attaches the query options, whose parsers are functions: only plain values cross.
 */
function serialiseError(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value)) {
      fields[key] = value;
    }
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}
