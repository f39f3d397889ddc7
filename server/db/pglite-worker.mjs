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
import { PGlite, parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

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
      if (message.transaction === undefined) {
        return await preparedQuery(message.sql, message.params ?? [], queryOptions(message.options));
      }
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
 * PGlite's query() parses and plans its text on every call, which in the wasm build costs as much
 * as running a list query. Outside transactions each text is therefore a named prepared statement
 * of the one connection, as the pool's named queries are on PostgreSQL: parsed once, its plan kept
 * by PostgreSQL's plan cache (and redone by it after a schema change). The steps and the result
 * are PGlite's own query() steps, with the statement named. The most recently used
 * MAX_PREPARED texts stay prepared; older ones are closed.
 */
const MAX_PREPARED = 256;
/** Prepared texts, least recently used first: text (with any declared parameter types) → statement. */
const prepared = new Map();
let statementCount = 0;

function preparedQuery(text, params, options) {
  // The same locks as query(): wait for an open transaction, then hold the connection.
  return database._runExclusiveTransaction(() =>
    database.runExclusive(async () => {
      try {
        return await runPrepared(text, params, options);
      } catch (error) {
        // A kept plan whose columns changed under it (a table altered since): prepare it again.
        if (error?.code !== '0A000' || !/cached plan/.test(error.message)) throw error;
        await forget(statementKey(text, options));
        return await runPrepared(text, params, options);
      }
    }),
  );
}

function statementKey(text, options) {
  return options?.paramTypes ? `${options.paramTypes.join(',')}\n${text}` : text;
}

/** Sends protocol messages to the database in one call and returns its answers. */
function step(...messages) {
  const bytes = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    bytes.set(message, offset);
    offset += message.length;
  }
  return database.execProtocolStream(bytes, { syncToFs: false });
}

async function runPrepared(text, params, options) {
  const key = statementKey(text, options);
  let statement = prepared.get(key);
  if (statement === undefined) {
    statement = await prepare(text, options);
  } else {
    prepared.delete(key);
  }
  prepared.set(key, statement);
  if (prepared.size > MAX_PREPARED) await forget(prepared.keys().next().value);

  const values = params.map((value, index) => {
    if (value === null || value === undefined) return null;
    const serialise = database.serializers[statement.types[index]];
    return serialise ? serialise(value) : value.toString();
  });
  let messages;
  try {
    // One pass into the database for the whole exchange: an error skips to the Sync, as over a socket.
    messages = await step(
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    );
  } catch (error) {
    throw Object.assign(error, { query: text, params, queryOptions: options });
  }
  await database.syncToFs();
  return parse.parseResults(messages, database.parsers, options)[0];
}

/** Parses `text` as a new named statement and learns its parameter types. */
async function prepare(text, options) {
  const name = `worker_${++statementCount}`;
  try {
    const described = await step(
      serialize.parse({ name, text, types: options?.paramTypes }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    );
    return { name, types: parse.parseDescribeStatementResults(described) };
  } catch (error) {
    throw Object.assign(error, { query: text, params: undefined, queryOptions: options });
  }
}

async function forget(key) {
  const statement = prepared.get(key);
  if (statement === undefined) return;
  prepared.delete(key);
  await step(serialize.close({ type: 'S', name: statement.name }), serialize.sync());
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
