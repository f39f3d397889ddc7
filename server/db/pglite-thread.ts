import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

/**
 * PGlite in a worker thread (server/db/pglite-worker.mjs) behind the part of PGlite's interface
 * drizzle-orm/pglite uses: query, exec and transaction. One message a call, so the HTTP thread
 * never runs the database and the second core does.
 */

/** Query options as they cross the thread: the caller's parsers stay here, their types listed. */
interface WireOptions {
  rowMode?: QueryOptions['rowMode'];
  paramTypes?: number[];
  rawTypes?: number[];
}

type Request =
  | { type: 'query'; sql: string; params?: unknown[]; options?: WireOptions; transaction?: number }
  | { type: 'exec'; sql: string; options?: WireOptions; transaction?: number }
  | { type: 'begin' }
  | { type: 'rollback'; transaction: number }
  | { type: 'end'; transaction: number; commit: boolean }
  | { type: 'dump' }
  | { type: 'close' };

interface SerialisedError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}

interface Reply {
  id: number;
  result?: unknown;
  error?: SerialisedError;
}

/** What a transaction callback gets: the same calls as PGlite's own transaction handle. */
export interface WorkerTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export interface PGliteThreadOptions {
  /** A directory on disk, or `memory://`. */
  dataDir: string;
  /** A dumped data directory (tar) to start from, for an in-memory database. */
  loadDataDir?: Uint8Array;
}

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  #nextId = 1;
  /** Set once the worker cannot answer any more (it failed or exited). */
  #stopped: Error | undefined;
  #closing: Promise<void> | undefined;

  private constructor(options: PGliteThreadOptions) {
    // Not the parent's flags: the worker is plain JavaScript and needs no loader (tsx, an eval's
    // --input-type), whatever started the process.
    this.#worker = new Worker(WORKER_URL, { workerData: options, execArgv: [] });
    this.#worker.on('message', (reply: Reply) => this.#answer(reply));
    this.#worker.on('error', (error) => this.#stop(error));
    this.#worker.on('exit', (code) => this.#stop(new Error(`the PGlite worker stopped (exit code ${code})`)));
  }

  /** Starts the worker and opens the database; resolves once it answers queries. */
  static async open(options: PGliteThreadOptions): Promise<PGliteThread> {
    const thread = new PGliteThread(options);
    // The worker announces itself as reply 0 once PGlite is open (or failed to open).
    await thread.#await(0);
    return thread;
  }

  async query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options, undefined);
  }

  async exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(sql, options, undefined);
  }

  /**
   * Runs `callback` in one transaction that holds the database: calls from elsewhere wait in the
   * worker until it commits or rolls back, as they do with PGlite on one thread.
   */
  async transaction<T>(callback: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const id = await this.#request<number>({ type: 'begin' });
    let closed = false;
    const tx: WorkerTransaction = {
      query: (sql, params, options) => this.#query(sql, params, options, id),
      exec: (sql, options) => this.#exec(sql, options, id),
      rollback: async () => {
        await this.#request({ type: 'rollback', transaction: id });
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      await this.#request({ type: 'end', transaction: id, commit: false });
      throw error;
    }
    closed = true;
    await this.#request({ type: 'end', transaction: id, commit: true });
    return result;
  }

  /** The data directory as an uncompressed tar, for `loadDataDir` (tests clone one per file). */
  dumpDataDir(): Promise<Uint8Array> {
    return this.#request<Uint8Array>({ type: 'dump' });
  }

  /** Closes the database (flushing it to disk) and ends the worker. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (!this.#stopped) await this.#request({ type: 'close' });
      await this.#worker.terminate();
    })();
    return this.#closing;
  }

  async #query<T>(
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    transaction: number | undefined,
  ): Promise<Results<T>> {
    const result = await this.#request<Results<T>>({
      type: 'query',
      sql,
      params,
      // Rows cross the thread as arrays: copying one object of named keys per row cost the worker
      // as much as running the query. They are named again here.
      options: { ...wireOptions(options), rowMode: 'array' },
      transaction,
    });
    if (options?.rowMode !== 'array') namedRows(result);
    return applyParsers(result, options);
  }

  async #exec(sql: string, options: QueryOptions | undefined, transaction: number | undefined) {
    const results = await this.#request<Results[]>({
      type: 'exec',
      sql,
      options: wireOptions(options),
      transaction,
    });
    return results.map((result) => applyParsers(result, options));
  }

  #request<T>(request: Request): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    const answer = this.#await<T>(id);
    this.#worker.postMessage({ ...request, id });
    return answer;
  }

  #await<T>(id: number): Promise<T> {
    // A worker with nothing to answer must not keep the process alive; one with work must.
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });
  }

  #answer(reply: Reply) {
    const waiting = this.#pending.get(reply.id);
    if (!waiting) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.error) waiting.reject(revive(reply.error));
    else waiting.resolve(reply.result);
  }

  #stop(error: Error) {
    // Every later query fails with this error; say so once where an operator looks.
    if (!this.#stopped && !this.#closing) console.error(`PGlite worker: ${error.message}`);
    this.#stopped ??= error;
    for (const waiting of this.#pending.values()) waiting.reject(this.#stopped);
    this.#pending.clear();
  }
}

function wireOptions(options: QueryOptions | undefined): WireOptions | undefined {
  if (!options) return undefined;
  const { parsers, serializers, blob, onNotice, ...rest } = options;
  // Functions and files cannot cross the thread; drizzle passes none of these.
  if (serializers || blob || onNotice) {
    throw new Error('the PGlite worker takes no serializers, blob or onNotice');
  }
  return parsers ? { ...rest, rawTypes: Object.keys(parsers).map(Number) } : rest;
}

/** Rows of arrays made objects keyed by column name, as PGlite gives them (a repeated name: the last). */
function namedRows(result: Results<unknown>): void {
  const names = result.fields.map((field) => field.name);
  const rows = result.rows as unknown[][];
  for (let index = 0; index < rows.length; index += 1) {
    const values = rows[index]!;
    const row: Record<string, unknown> = {};
    for (let column = 0; column < names.length; column += 1) row[names[column]!] = values[column];
    (rows as unknown[])[index] = row;
  }
}

/** Runs the caller's own parsers on the columns the worker left as text for them. */
function applyParsers<T>(result: Results<T>, options: QueryOptions | undefined): Results<T> {
  const parsers = options?.parsers;
  if (!parsers) return result;
  const columns = result.fields.flatMap((field, index) => {
    // PGlite calls a parser with the type too, though its declaration names only the text.
    const parser = parsers[field.dataTypeID] as ((text: string, type: number) => unknown) | undefined;
    return parser
      ? [{ key: options.rowMode === 'array' ? index : field.name, parser, type: field.dataTypeID }]
      : [];
  });
  if (columns.length === 0) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const { key, parser, type } of columns) {
      const value = row[key];
      if (typeof value === 'string') row[key] = parser(value, type);
    }
  }
  return result;
}

/** The worker's error as the caller would have caught it on one thread: code, constraint… included. */
function revive(serialised: SerialisedError): Error {
  const error = Object.assign(new Error(serialised.message), serialised.fields);
  error.name = serialised.name;
  if (serialised.stack) error.stack = serialised.stack;
  return error;
}
