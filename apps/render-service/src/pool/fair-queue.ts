/** One caller's tasks waiting for a worker, and how many of its tasks run now. */
interface Lane<T> {
  readonly waiting: T[];
  running: number;
}

/**
 * Tasks waiting for a worker, taken round robin by caller (contract 10, "Fair rendering"): each
 * take serves the next caller in turn that has a task waiting, so a caller with many tasks
 * queued never makes another caller's task wait behind all of them; and no caller runs more
 * than `perCallerLimit` tasks at once while its others wait, so that some worker is left for a
 * caller that comes next. A caller's own tasks keep their order.
 */
export class FairQueue<T> {
  /** Callers with a task waiting or running, in the order they take turns. */
  private readonly lanes = new Map<string, Lane<T>>();
  /** The caller served last: the next turn starts after it. */
  private lastServed: string | undefined;
  private waitingCount = 0;

  constructor(readonly perCallerLimit: number) {
    if (!(perCallerLimit >= 1)) throw new RangeError('perCallerLimit must be at least 1');
  }

  /** Tasks waiting, of every caller. */
  get size(): number {
    return this.waitingCount;
  }

  waitingOf(caller: string): number {
    return this.lanes.get(caller)?.waiting.length ?? 0;
  }

  runningOf(caller: string): number {
    return this.lanes.get(caller)?.running ?? 0;
  }

  push(caller: string, task: T): void {
    let lane = this.lanes.get(caller);
    if (!lane) {
      lane = { waiting: [], running: 0 };
      this.lanes.set(caller, lane);
    }
    lane.waiting.push(task);
    this.waitingCount += 1;
  }

  /** Takes a waiting task out (its deadline passed, its client left); false when it was not waiting. */
  remove(caller: string, task: T): boolean {
    const lane = this.lanes.get(caller);
    const index = lane?.waiting.indexOf(task) ?? -1;
    if (!lane || index < 0) return false;
    lane.waiting.splice(index, 1);
    this.waitingCount -= 1;
    this.forgetIfIdle(caller, lane);
    return true;
  }

  /**
   * The next task to run, counted as running for its caller until `done`: the first waiting task
   * of the next caller in turn below its limit; undefined when no caller may run one now.
   */
  take(): { readonly caller: string; readonly task: T } | undefined {
    const callers = [...this.lanes.keys()];
    const start = this.lastServed === undefined ? 0 : callers.indexOf(this.lastServed) + 1;
    for (let step = 0; step < callers.length; step += 1) {
      const caller = callers[(start + step) % callers.length];
      const lane = this.lanes.get(caller) as Lane<T>;
      if (lane.waiting.length === 0 || lane.running >= this.perCallerLimit) continue;
      const task = lane.waiting.shift() as T;
      this.waitingCount -= 1;
      lane.running += 1;
      this.lastServed = caller;
      return { caller, task };
    }
    return undefined;
  }

  /** A task `take` gave has finished. */
  done(caller: string): void {
    const lane = this.lanes.get(caller);
    if (!lane || lane.running === 0) return;
    lane.running -= 1;
    this.forgetIfIdle(caller, lane);
  }

  /** Drops every waiting task and returns them (the pool is closing). */
  drain(): T[] {
    const tasks = [...this.lanes.values()].flatMap((lane) => lane.waiting.splice(0));
    this.waitingCount = 0;
    for (const [caller, lane] of this.lanes) this.forgetIfIdle(caller, lane);
    return tasks;
  }

  private forgetIfIdle(caller: string, lane: Lane<T>): void {
    if (lane.waiting.length > 0 || lane.running > 0) return;
    // The turn order continues from the caller before it.
    if (this.lastServed === caller) {
      const callers = [...this.lanes.keys()];
      const index = callers.indexOf(caller);
      this.lastServed = index > 0 ? callers[index - 1] : undefined;
    }
    this.lanes.delete(caller);
  }
}
