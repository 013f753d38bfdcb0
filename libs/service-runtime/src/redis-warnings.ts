import type { Redis } from 'ioredis';

/** One line per this long while Redis stays unreachable, per component (issue 18: 156 lines in 115 s). */
export const REDIS_WARNING_INTERVAL_MS = 30_000;

/** Where a warning goes: a component's own logger, as pino takes it (fields, then message). */
export type WarningSink = (fields: Record<string, unknown>, message: string) => void;

/**
 * A component's warnings about a dependency that is down, at most one line per interval however
 * often the failure repeats: ioredis reports every reconnect that fails, several a second. The
 * lines held back are counted in the next one (`suppressed`). Each component keeps its own, so
 * one component's silence never hides another's trouble.
 */
export class ThrottledWarnings {
  private lastWarnedAt = Number.NEGATIVE_INFINITY;
  private suppressed = 0;

  constructor(
    private readonly sink: WarningSink,
    private readonly intervalMs = REDIS_WARNING_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Writes the warning unless one was written less than the interval ago; true when written. */
  warn(message: string, fields: Record<string, unknown> = {}): boolean {
    const now = this.now();
    if (now - this.lastWarnedAt < this.intervalMs) {
      this.suppressed += 1;
      return false;
    }
    this.lastWarnedAt = now;
    const suppressed = this.suppressed;
    this.suppressed = 0;
    this.sink(suppressed > 0 ? { ...fields, suppressed } : fields, message);
    return true;
  }
}

/** An error as a warning's fields carry it: its message, never its stack. */
export const errorFields = (error: unknown): Record<string, unknown> => ({
  err: { message: error instanceof Error ? error.message : String(error) },
});

/** What the component says of a connection error, and what it does besides. */
export interface RedisErrorReport {
  /** What the outage means for the component; by default that Redis cannot be reached. */
  readonly message?: string;
  readonly onError?: (error: Error) => void;
}

/**
 * Handles every `error` event of `clients` (ioredis writes an unhandled one to the console each
 * time, and a plain EventEmitter would stop the process) as a throttled warning of their component.
 * ioredis reconnects by itself.
 */
export function reportRedisErrors(
  clients: readonly Redis[],
  warnings: ThrottledWarnings,
  { message = 'Redis connection error (ioredis reconnects by itself)', onError }: RedisErrorReport = {},
): void {
  for (const client of clients)
    client.on('error', (error: Error) => {
      onError?.(error);
      warnings.warn(message, errorFields(error));
    });
}
