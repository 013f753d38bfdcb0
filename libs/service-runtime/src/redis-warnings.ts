import type { Redis } from 'ioredis';

import { RedisTimeoutError } from './redis-deadline';

/** One line per this long while Redis stays unreachable, per component (issue 18: 156 lines in 115 s). */
export const REDIS_WARNING_INTERVAL_MS = 30_000;

/** Where a warning goes: a component's own logger, as pino takes it (fields, then message). */
export type WarningSink = (fields: Record<string, unknown>, message: string) => void;

/**
 * A component's warnings about a dependency that is down, at most one line per interval and kind
 * of trouble however often the failure repeats: ioredis reports every reconnect that fails,
 * several a second. The lines held back are counted in the next one of their kind
 * (`suppressed`). A trouble of another kind is written at once (a Redis that stops answering in
 * time is news while the line that it was unreachable still holds the others back). Each
 * component keeps its own, so one component's silence never hides another's trouble.
 */
export class ThrottledWarnings {
  private readonly kinds = new Map<string, { lastWarnedAt: number; suppressed: number }>();

  constructor(
    private readonly sink: WarningSink,
    private readonly intervalMs = REDIS_WARNING_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Writes the warning unless one of its `kind` was written less than the interval ago; true when
   * written. Without a kind, every warning of the component is of the same one.
   */
  warn(message: string, fields: Record<string, unknown> = {}, kind = ''): boolean {
    const now = this.now();
    const last = this.kinds.get(kind);
    if (last && now - last.lastWarnedAt < this.intervalMs) {
      last.suppressed += 1;
      return false;
    }
    const suppressed = last?.suppressed ?? 0;
    this.kinds.set(kind, { lastWarnedAt: now, suppressed: 0 });
    this.sink(suppressed > 0 ? { ...fields, suppressed } : fields, message);
    return true;
  }
}

/** An error as a warning's fields carry it: its message, never its stack. */
export const errorFields = (error: unknown): Record<string, unknown> => ({
  err: { message: error instanceof Error ? error.message : String(error) },
});

/** Why a connection failed, by its error code; closed, reset or reconnecting otherwise. */
const UNREACHABLE_BECAUSE: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
};

/**
 * What happened to Redis, as the first words of a warning: a command that got no answer in time,
 * an error answer, or no connection (refused, host unknown, closed or not yet open). An operator
 * acts differently on each: a slow or overloaded Redis is not one that is down.
 */
export function redisTroubleOf(error: unknown): string {
  return redisTrouble(error).said;
}

/** What happened, said, and its kind: the warnings of one kind are throttled together. */
function redisTrouble(error: unknown): { kind: 'timeout' | 'error-answer' | 'unreachable'; said: string } {
  if (error instanceof RedisTimeoutError)
    return { kind: 'timeout', said: `Redis did not answer within ${error.waitedMs} ms` };
  // ioredis's connect timeout (`connect ETIMEDOUT`, a socket timer: under CPU pressure it lapses
  // with Redis up, as a command's timer does) and its command timeout are timeouts, not an outage.
  if ((error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT')
    return { kind: 'timeout', said: 'Redis did not complete the connection in time (connect ETIMEDOUT)' };
  if (error instanceof Error && error.message === 'Command timed out')
    return { kind: 'timeout', said: 'Redis did not answer in time (command timed out)' };
  // ioredis's ReplyError (redis-errors), which it exports untyped.
  if (error instanceof Error && error.name === 'ReplyError')
    return { kind: 'error-answer', said: 'Redis answered with an error' };
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const why = (code && UNREACHABLE_BECAUSE[code]) ?? 'no open connection';
  return { kind: 'unreachable', said: `Redis is unreachable (${why})` };
}

/** A warning's fields for a Redis failure: the error, and for a timeout how long it waited. */
export function redisTroubleFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof RedisTimeoutError)) return errorFields(error);
  return { ...errorFields(error), waitedMs: error.waitedMs, timerLateMs: error.timerLateMs };
}

/**
 * Warns, throttled by kind of trouble, of a Redis failure of a component: what happened
 * (redisTroubleOf), then `meanwhile`, what the component does instead, as in "Redis did not
 * answer within 250 ms; rate limits are not enforced (requests are let through)".
 */
export function warnOfRedisTrouble(
  warnings: ThrottledWarnings,
  error: unknown,
  meanwhile: string,
  fields: Record<string, unknown> = {},
): void {
  const trouble = redisTrouble(error);
  warnings.warn(`${trouble.said}; ${meanwhile}`, { ...fields, ...redisTroubleFields(error) }, trouble.kind);
}

/** What the component does while Redis fails it, and what it does besides on each error. */
export interface RedisErrorReport {
  /** What the component does instead, after what happened; by default that ioredis reconnects. */
  readonly meanwhile?: string;
  readonly onError?: (error: Error) => void;
}

/**
 * Handles every `error` event of `clients` (ioredis writes an unhandled one to the console each
 * time, and a plain EventEmitter would stop the process) as a throttled warning of their component
 * that says what happened and what the component does meanwhile. ioredis reconnects by itself.
 */
export function reportRedisErrors(
  clients: readonly Redis[],
  warnings: ThrottledWarnings,
  { meanwhile = 'ioredis reconnects by itself', onError }: RedisErrorReport = {},
): void {
  for (const client of clients)
    client.on('error', (error: Error) => {
      onError?.(error);
      warnOfRedisTrouble(warnings, error, meanwhile);
    });
}
