/** What a background task does when its service begins to stop: stop taking new work, finish its own. */
export type StoppingHook = () => Promise<void> | void;

/**
 * Whether the service is stopping (SIGTERM received: readiness fails at once, contract 10), and
 * the background work to stop with it: a timer's rounds, a queue's workers. One per app.
 */
export class ServiceLifecycle {
  private stopped: Promise<void> | undefined;
  private readonly hooks: StoppingHook[] = [];

  get stopping(): boolean {
    return this.stopped !== undefined;
  }

  /** `hook` runs when the stop begins; the stop waits for it within the grace period. */
  onStopping(hook: StoppingHook): void {
    this.hooks.push(hook);
  }

  /** Marks the service stopping and runs the hooks; resolves once they have all finished. */
  stop(): Promise<void> {
    this.stopped ??= Promise.allSettled(this.hooks.map(async (hook) => hook())).then(() => undefined);
    return this.stopped;
  }
}
