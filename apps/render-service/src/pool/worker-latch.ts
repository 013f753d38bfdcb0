// Cells of the shared array: [RELEASED] turns 1 once released, [ARRIVED] counts the tasks held.
const RELEASED = 0;
const ARRIVED = 1;

// Atomics.waitAsync is in Node 16+ but in TypeScript's ES2024 library, past this project's ES2023.
type WaitAsync = (
  cells: Int32Array,
  index: number,
  value: number,
) => { async: false; value: string } | { async: true; value: Promise<string> };
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

/**
 * Holds the render workers, so that tests need not race the clock: while a latch is held
 * (RenderPool.hold), each task handed to a worker blocks that worker's thread before it starts,
 * as a long render would, until `release()`; `expire()` makes their deadline pass instead, and
 * `expireQueued()` that of the tasks waiting in the pool's queue meanwhile. The pool's own
 * deadline still stops a held task.
 */
export class WorkerLatch {
  /** Shared with the workers (a SharedArrayBuffer is not copied on its way to them). */
  readonly cells = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
  private readonly expired = new AbortController();
  private readonly queueExpired = new AbortController();

  constructor(private readonly onRelease: () => void = () => undefined) {}

  /** Aborted by `expire()`: the pool stops the tasks it held as at their deadline. */
  get expiry(): AbortSignal {
    return this.expired.signal;
  }

  /** Aborted by `expireQueued()`: the pool drops the tasks waiting for a worker as at their deadline. */
  get queueExpiry(): AbortSignal {
    return this.queueExpired.signal;
  }

  /** Tasks that have reached a worker and wait there. */
  get arrivedCount(): number {
    return Atomics.load(this.cells, ARRIVED);
  }

  /** Resolves once `count` tasks have reached a worker (each of those workers is then blocked). */
  async arrived(count: number): Promise<void> {
    for (let seen = this.arrivedCount; seen < count; seen = this.arrivedCount) {
      const wait = waitAsync(this.cells, ARRIVED, seen);
      if (wait.async) await wait.value;
    }
  }

  /** Lets every held task go on, and tasks handed to workers from now on are not held. */
  release(): void {
    this.onRelease();
    Atomics.store(this.cells, RELEASED, 1);
    Atomics.notify(this.cells, RELEASED);
  }

  /**
   * The deadline passes now for every task held: each is stopped as at its deadline, so its
   * worker, still blocked, is taken down. Tasks handed to workers from now on are not held.
   */
  expire(): void {
    this.onRelease();
    this.expired.abort();
  }

  /**
   * The deadline passes now for every task that entered the pool while the latch was held and
   * still waits in its queue for a worker (never started); the tasks held in a worker go on waiting.
   */
  expireQueued(): void {
    this.queueExpired.abort();
  }
}

/** In the worker: counts this task as arrived and blocks the thread until the latch is released. */
export function waitAtLatch(cells: Int32Array): void {
  Atomics.add(cells, ARRIVED, 1);
  Atomics.notify(cells, ARRIVED);
  Atomics.wait(cells, RELEASED, 0);
}
