/** A Redis command got no answer within the time its caller may wait. */
export class RedisTimeoutError extends Error {
  constructor(
    readonly waitedMs: number,
    /**
     * How much later than asked the timer fired: this process's event loop was held up (CPU
     * pressure, a long synchronous task) for about as long. Redis had that much more time.
     */
    readonly timerLateMs: number,
  ) {
    super(`Redis did not answer within ${waitedMs} ms`);
    this.name = 'RedisTimeoutError';
  }
}

/**
 * `command`'s answer, or a RedisTimeoutError once `timeoutMs` have passed without it: the time a
 * request may wait on Redis before it goes on without it.
 *
 * A timer that fires late because this process's event loop was held up is not Redis's fault:
 * the loop runs due timers before it reads the sockets, so an answer that arrived meanwhile is
 * still unread when the timer fires (ioredis's own `commandTimeout` then fails a command Redis
 * answered in a millisecond: issue 27 saw limits fail open under CPU pressure with Redis up). The
 * timeout is therefore decided in the loop's next check phase (setImmediate), after it has polled
 * the sockets once more; only an answer still missing then counts as Redis's.
 */
export function answerWithin<T>(command: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const due = performance.now() + timeoutMs;
    const timer = setTimeout(() => {
      const timerLateMs = Math.max(0, Math.round(performance.now() - due));
      setImmediate(() => {
        if (settled) return;
        settled = true;
        reject(new RedisTimeoutError(timeoutMs, timerLateMs));
      });
    }, timeoutMs);
    command.then(
      (answer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(answer);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
