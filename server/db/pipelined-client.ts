import pg from 'pg';

/** What a BEGIN answers, handed back before the server has answered it (see PipelinedClient). */
const BEGUN = Object.freeze({ command: 'BEGIN', rowCount: null, oid: null, rows: [], fields: [] });

function isPlainBegin([config, values, callback]: unknown[]): boolean {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  return (
    typeof text === 'string' &&
    text.trim().toLowerCase() === 'begin' &&
    callback === undefined &&
    (values === undefined || (Array.isArray(values) && values.length === 0)) &&
    typeof (config as { submit?: unknown }).submit !== 'function'
  );
}

/**
 * A pooled PostgreSQL connection in node-postgres's pipeline mode (queries written without waiting
 * for the answers before them), which sends a transaction's BEGIN with its first statement, as
 * Npgsql does. drizzle awaits BEGIN's answer before the first statement: a round trip and a socket
 * write that tell nothing, since BEGIN fails only with its connection. Here BEGIN is written to the
 * corked socket and answered at once; the next query uncorks it, so both leave in one write, and
 * that query's answer carries BEGIN's failure if there was one.
 *
 * Pipeline mode changes nothing for code that awaits each query; it lets runStatements write a
 * transaction's statements together (server/db/query.ts).
 */
export class PipelinedClient extends pg.Client {
  #begun: Promise<unknown> | undefined;

  constructor(config?: pg.ClientConfig) {
    super({ ...config, pipeline: true } as pg.ClientConfig);
  }

  // biome-ignore lint/suspicious/noExplicitAny: the override takes every overload of pg's query.
  override query(...parameters: any[]): any {
    const stream = socketOf(this);
    const waiting = this.#begun;
    if (waiting === undefined && stream && isPlainBegin(parameters)) {
      stream.cork();
      const begun = (super.query as (...given: unknown[]) => Promise<unknown>)(...parameters);
      // Read through the next query's answer; caught here so that it is never unhandled meanwhile.
      begun.catch(() => undefined);
      this.#begun = begun;
      return Promise.resolve(BEGUN);
    }
    if (waiting === undefined) return (super.query as (...given: unknown[]) => never)(...parameters);
    this.#begun = undefined;
    let answer: unknown;
    try {
      answer = (super.query as (...given: unknown[]) => unknown)(...parameters);
    } finally {
      stream?.uncork();
    }
    if (!(answer instanceof Promise)) return answer;
    return Promise.all([waiting, answer]).then(([, result]) => result);
  }
}

interface CorkableStream {
  cork(): void;
  uncork(): void;
}

/** The socket under a connected client; node-postgres keeps it on its connection object. */
function socketOf(client: pg.ClientBase): CorkableStream | undefined {
  return (client as unknown as { connection?: { stream?: CorkableStream } }).connection?.stream;
}

/**
 * Runs `submit` with the client's socket corked, so that every query it starts synchronously
 * leaves in one write; the queries must be started without awaiting each other (pipeline mode).
 */
export function inOneWrite<T>(client: pg.ClientBase, submit: () => T): T {
  const stream = socketOf(client);
  stream?.cork();
  try {
    return submit();
  } finally {
    stream?.uncork();
  }
}
