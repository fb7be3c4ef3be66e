import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = Parameters<FastifyBaseLogger['child']>[1];

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type Level = (typeof LEVELS)[number];
type Pino = FastifyBaseLogger & { isLevelEnabled(level: string): boolean; setBindings?(b: Bindings): void };

/**
 * A request's logger, made only when the request writes a line its level lets through (ADR 0200). Fastify
 * makes a child logger for every request (pino's child, its bindings serialized and passed through the
 * redaction), and most requests never log: their one line, 'request completed', is at info, below a
 * production server's level, so the child was made for nothing. Until a line is written this holds the
 * bindings (the request id, then the signed-in user: request-log.ts); then the child is made from them and
 * writes every line, exactly the child Fastify would have made.
 */
export class RequestLogger {
  declare fatal: (...args: unknown[]) => void;
  declare error: (...args: unknown[]) => void;
  declare warn: (...args: unknown[]) => void;
  declare info: (...args: unknown[]) => void;
  declare debug: (...args: unknown[]) => void;
  declare trace: (...args: unknown[]) => void;
  private made: Pino | null = null;

  constructor(private readonly parent: Pino, private bound: Bindings) {}

  private get log(): Pino {
    return (this.made ??= this.parent.child(this.bound) as Pino);
  }

  get level(): string {
    return (this.made ?? this.parent).level;
  }

  set level(level: string) {
    this.log.level = level;
  }

  isLevelEnabled(level: string): boolean {
    return (this.made ?? this.parent).isLevelEnabled(level);
  }

  /** pino's setBindings: added to the child's when it is made */
  setBindings(b: Bindings): void {
    if (this.made?.setBindings) this.made.setBindings(b);
    else this.bound = { ...this.bound, ...b };
  }

  child(b: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.log.child(b, options);
  }

  silent(): void {}

  /** a line at `level`: written by the child, made now if it is not yet, when the level lets it through */
  write(level: Level, args: unknown[]): void {
    if (!(this.made ?? this.parent).isLevelEnabled(level)) return;
    (this.log[level] as (...a: unknown[]) => void)(...args);
  }
}

for (const level of LEVELS) {
  RequestLogger.prototype[level] = function (this: RequestLogger, ...args: unknown[]) {
    this.write(level, args);
  };
}

/**
 * Fastify's `childLoggerFactory`: a request's logger made when first written to. A route with a level or
 * serializers of its own (none declares any) gets its child at once, as Fastify makes it.
 */
export const requestLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  options.level || options.serializers ? logger.child(bindings, options) : (new RequestLogger(logger as Pino, bindings) as unknown as FastifyBaseLogger);
