import { existsSync } from 'node:fs';
import path from 'node:path';

import Piscina from 'piscina';

import type { OutputLimits } from '../engine/common/output-budget';
import type { RenderedBytes, RenderFailure, WorkerTask } from '../engine/document/render-document';
import { checkPatchedVersions } from '../engine/vendor/vendor-versions';
import { FairQueue } from './fair-queue';
import type { HeldTask, RenderWorkerData } from './render-worker';
import { leaveHeapLimitsToWorkers } from './worker-heap-flags';
import { WorkerLatch } from './worker-latch';

export interface RenderPoolOptions {
  readonly workers: number;
  /** Tasks that may wait for a worker beyond those running. */
  readonly queueLimit: number;
  /** A task's own run, from the moment a worker starts it; past it the task is stopped. */
  readonly timeoutMs: number;
  /** How long a task may wait for a worker unless its caller says (RunOptions.maxWaitMs). */
  readonly queueWaitMs?: number;
  /** Old-generation heap limit of each worker, in MiB (unset: Node's default). */
  readonly workerHeapMb?: number;
  /** Young-generation (nursery) size of each worker, in MiB (unset: Node's default). */
  readonly workerYoungGenerationMb?: number;
  readonly fontsDir?: string;
  /** The largest document a render may produce (a render passing it stops at once, 422). */
  readonly outputLimits?: OutputLimits;
}

/**
 * Why a task did not produce a document, besides the client's own errors. `overdue`: it waited
 * for a worker longer than it may, so it never started (the service's load, not the request);
 * `timeout`: its own run took longer than a render may.
 */
export type PoolRefusal =
  | { readonly kind: 'busy'; readonly retryAfterSeconds: number }
  | { readonly kind: 'overdue'; readonly retryAfterSeconds: number; readonly waitedMs: number }
  | { readonly kind: 'timeout'; readonly timeoutMs: number }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'crashed'; readonly error: unknown };

export type PoolResult =
  | ({ readonly kind: 'document' } & RenderedBytes)
  | ({ readonly kind: 'refused' } & RenderFailure)
  | PoolRefusal;

/**
 * The built worker is plain JavaScript beside this file; from the TypeScript sources (tests),
 * the worker compiles itself with swc as it loads.
 */
function workerEntry(): { filename: string; execArgv: string[] } {
  const built = path.join(__dirname, 'render-worker.js');
  if (existsSync(built)) return { filename: built, execArgv: [] };
  return {
    filename: path.join(__dirname, 'render-worker.ts'),
    execArgv: ['--require', '@swc-node/register'],
  };
}

const isAbort = (error: unknown): boolean => error instanceof Error && error.name === 'AbortError';

export interface RunOptions {
  /** Who asked: a token's subject (a render job's items run as their owner's). */
  readonly caller: string;
  /** Aborted when whoever asked has gone: a task still waiting is dropped. */
  readonly client?: AbortSignal;
  /** How long the task may wait for a worker (default: the pool's queueWaitMs; Infinity: no bound). */
  readonly maxWaitMs?: number;
}

interface Waiting {
  readonly task: WorkerTask;
  readonly caller: string;
  /** It has left the queue for a worker: its waiting deadline and client no longer drop it. */
  started(): void;
  settle(result: PoolResult): void;
}

/** The workers one caller may hold while others wait: all but one, so a next caller finds one. */
export const perCallerWorkers = (workers: number): number => Math.max(1, workers - 1);

/**
 * Worker threads that render, so that no render runs on the event loop. Tasks wait in this
 * pool's fair queue (round robin by caller, each caller holding at most all workers but one while
 * others wait: contract 10, "Fair rendering") and go to piscina only when a loaded worker is free,
 * so a task handed over runs at once (and one that waits for a replaced worker to load waits
 * here). Beyond the queue's limit callers are told to come back (429). Two clocks, so that queue
 * time never counts against a render: a task that waits longer than it may leaves the queue
 * unstarted (overdue, the load's fault: 503), and a task's own run is stopped at `timeoutMs` from
 * its start (timeout: 422), taking its worker down with it while piscina starts a fresh one, the
 * other workers serving meanwhile. A waiting task whose client has gone leaves the queue too; a
 * running one finishes (its own deadline bounds it).
 */
export class RenderPool {
  private readonly piscina: Piscina;
  private readonly waiting: FairQueue<Waiting>;
  private running = 0;
  /** Moving average of a task's running time, for Retry-After. */
  private averageMs = 50;
  /** Thread ids of the workers that have loaded (piscina's workerCreate), less those gone (workerDestroy). */
  private readonly readyWorkers = new Set<number>();
  private readonly readyWaiters: Array<() => void> = [];
  private latch: WorkerLatch | undefined;

  constructor(private readonly options: RenderPoolOptions) {
    this.waiting = new FairQueue(perCallerWorkers(options.workers));
    // The service does not start on vendor versions its patches were not written for (workers
    // check again as they install them): a clear error now, not each worker failing later.
    checkPatchedVersions();
    const { filename, execArgv } = workerEntry();
    const workerData: RenderWorkerData = { fontsDir: options.fontsDir, outputLimits: options.outputLimits };
    leaveHeapLimitsToWorkers();
    this.piscina = new Piscina({
      filename,
      execArgv,
      workerData,
      minThreads: options.workers,
      maxThreads: options.workers,
      idleTimeout: Number.MAX_SAFE_INTEGER,
      // A runaway document is stopped by its worker's heap limit rather than the service's.
      // Unset, Node's defaults: the service's own come from its environment (render-environment.ts).
      resourceLimits: {
        maxOldGenerationSizeMb: options.workerHeapMb,
        maxYoungGenerationSizeMb: options.workerYoungGenerationMb,
      },
      // Renders yield the CPU to the event loop (requests, health checks) where the OS allows it.
      niceIncrement: 5,
    });
    // piscina hands out a new object for a worker at each event: its thread id is what stays (and
    // is still set when workerDestroy is emitted, as the thread is being terminated).
    this.piscina.on('workerCreate', (worker: { id: number }) => {
      this.readyWorkers.add(worker.id);
      // A replacement for a stopped worker takes the tasks that waited for it.
      this.dispatch();
      if (this.readyWorkers.size < this.options.workers) return;
      for (const wake of this.readyWaiters.splice(0)) wake();
    });
    this.piscina.on('workerDestroy', (worker: { id: number }) => this.readyWorkers.delete(worker.id));
  }

  get size(): number {
    return this.options.workers;
  }

  /** Tasks running in a worker, and tasks waiting for one (at most the queue limit). */
  get load(): { readonly running: number; readonly waiting: number } {
    return { running: this.running, waiting: this.waiting.size };
  }

  /**
   * Resolves once every worker is up: after start-up (onModuleInit), and once a replacement for a
   * stopped worker has loaded.
   */
  workersReady(): Promise<void> {
    if (this.readyWorkers.size >= this.options.workers) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /**
   * For tests, which hold the pool rather than race the clock: until the latch is released (or
   * expired: their deadline passes at once), each task handed to a worker blocks that worker
   * before it starts, as a long render would; its own deadline still stops it. `expireQueued()`
   * makes the deadline of the tasks waiting for a worker meanwhile pass. Nothing else calls this.
   */
  hold(): WorkerLatch {
    const latch = new WorkerLatch(() => {
      if (this.latch === latch) this.latch = undefined;
    });
    this.latch = latch;
    return latch;
  }

  run(task: WorkerTask, options: RunOptions): Promise<PoolResult> {
    const { workers, queueLimit } = this.options;
    if (this.waiting.size >= queueLimit && this.running >= workers)
      return Promise.resolve({ kind: 'busy', retryAfterSeconds: this.retryAfterSeconds() });
    const maxWaitMs = options.maxWaitMs ?? this.options.queueWaitMs ?? Number.POSITIVE_INFINITY;
    return new Promise<PoolResult>((resolve) => {
      const entered = performance.now();
      const waitOver = Number.isFinite(maxWaitMs) ? AbortSignal.timeout(maxWaitMs) : undefined;
      const queueExpiry = this.latch?.queueExpiry;
      const { client } = options;
      let settled = false;
      const entry: Waiting = {
        task,
        caller: options.caller,
        started: () => {
          waitOver?.removeEventListener('abort', onWaitOver);
          queueExpiry?.removeEventListener('abort', onWaitOver);
          client?.removeEventListener('abort', onClientGone);
        },
        settle: (result) => {
          if (settled) return;
          settled = true;
          entry.started();
          resolve(result);
        },
      };
      const leaveQueue = (result: PoolResult): void => {
        if (this.waiting.remove(entry.caller, entry)) entry.settle(result);
      };
      // Still waiting when its wait is over: the workers were busy all along, so the load is to blame.
      const onWaitOver = (): void =>
        leaveQueue({
          kind: 'overdue',
          retryAfterSeconds: this.retryAfterSeconds(),
          waitedMs: Math.round(performance.now() - entered),
        });
      const onClientGone = (): void => leaveQueue({ kind: 'cancelled' });
      waitOver?.addEventListener('abort', onWaitOver, { once: true });
      queueExpiry?.addEventListener('abort', onWaitOver, { once: true });
      client?.addEventListener('abort', onClientGone, { once: true });
      this.waiting.push(entry.caller, entry);
      this.dispatch();
    });
  }

  /**
   * When the tasks waiting now are likely to have run, for Retry-After: the waves of them the
   * workers take (one more for those running), at the recent running time; at least a second.
   */
  private retryAfterSeconds(): number {
    const waves = Math.ceil((this.waiting.size + 1) / this.options.workers);
    return Math.max(1, Math.ceil((waves * this.averageMs) / 1000));
  }

  /** Hands waiting tasks to free loaded workers, the next caller in turn first. */
  private dispatch(): void {
    const free = (): boolean => this.running < Math.min(this.options.workers, this.readyWorkers.size);
    while (free()) {
      const next = this.waiting.take();
      if (!next) return;
      const entry = next.task;
      entry.started();
      this.running += 1;
      void this.execute(entry).finally(() => {
        this.running -= 1;
        this.waiting.done(entry.caller);
        this.dispatch();
      });
    }
  }

  private async execute(entry: Waiting): Promise<void> {
    const started = performance.now();
    try {
      const { latch } = this;
      const task: HeldTask = latch ? { ...entry.task, latch: latch.cells } : entry.task;
      // The task's own time starts now: its wait for a worker does not count against it.
      const deadline = AbortSignal.timeout(this.options.timeoutMs);
      const signal = latch ? AbortSignal.any([deadline, latch.expiry]) : deadline;
      const result = (await this.piscina.run(task, { signal })) as RenderedBytes | RenderFailure;
      this.averageMs = this.averageMs * 0.9 + (performance.now() - started) * 0.1;
      entry.settle('bytes' in result ? { kind: 'document', ...result } : { kind: 'refused', ...result });
    } catch (error) {
      entry.settle(
        isAbort(error) ? { kind: 'timeout', timeoutMs: this.options.timeoutMs } : { kind: 'crashed', error },
      );
    }
  }

  /**
   * One trivial task per worker, so that the service reports ready once its workers have loaded
   * (a worker takes about a second), not on the first renders' time. Nest calls it at start-up.
   */
  async onModuleInit(): Promise<void> {
    await Promise.all(
      Array.from({ length: this.options.workers }, () =>
        this.piscina.run({ kind: 'check', inputFormat: 'txt', template: '' } satisfies WorkerTask),
      ),
    );
  }

  async close(): Promise<void> {
    for (const entry of this.waiting.drain()) entry.settle({ kind: 'cancelled' });
    await this.piscina.destroy();
  }

  /** Nest calls this when the app closes. */
  onModuleDestroy(): Promise<void> {
    return this.close();
  }
}
