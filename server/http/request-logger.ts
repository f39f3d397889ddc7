import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Arguments = [unknown, ...unknown[]];

/**
 * A request's logger, its pino child made only when the request first writes a line at an enabled
 * level. Fastify otherwise makes a child (its bindings serialised) for every request, and at the
 * server's usual level most requests write nothing.
 */
export class RequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  fatal(...args: Arguments): void {
    this.#write('fatal', args);
  }
  error(...args: Arguments): void {
    this.#write('error', args);
  }
  warn(...args: Arguments): void {
    this.#write('warn', args);
  }
  info(...args: Arguments): void {
    this.#write('info', args);
  }
  debug(...args: Arguments): void {
    this.#write('debug', args);
  }
  trace(...args: Arguments): void {
    this.#write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  #write(level: Level, args: Arguments): void {
    const enabled = this.#child ?? this.parent;
    if (!(enabled as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.(level)) return;
    (this.#real()[level] as (...args: Arguments) => void)(...args);
  }
}

/** Fastify's childLoggerFactory, making RequestLoggers. */
export function requestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(parent, bindings, options) as unknown as FastifyBaseLogger;
}
