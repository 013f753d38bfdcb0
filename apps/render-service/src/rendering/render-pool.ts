import { existsSync } from 'node:fs';
import path from 'node:path';

import Piscina from 'piscina';

import type { RenderFailure, WorkerTask } from './render-document';
import type { RenderWorkerData } from './render-worker';

export interface RenderPoolOptions {
  readonly workers: number;
  /** Tasks that may wait for a worker beyond those running. */
  readonly queueLimit: number;
  readonly timeoutMs: number;
  readonly fontsDir?: string;
}

/** Why a task did not produce a document, besides the client's own errors. */
export type PoolRefusal =
  | { readonly kind: 'busy'; readonly retryAfterSeconds: number }
  | { readonly kind: 'timeout'; readonly timeoutMs: number }
  | { readonly kind: 'crashed'; readonly error: unknown };

export type PoolResult =
  | { readonly kind: 'document'; readonly bytes: Uint8Array }
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

/**
 * Worker threads that render, so that no render runs on the event loop. A bounded number of
 * tasks may be in the pool (running or waiting); beyond it callers are told to come back. A task
 * past its deadline is aborted: a waiting one leaves the queue, a running one takes its worker
 * down with it and the pool starts a fresh one, so the other workers go on serving.
 */
export class RenderPool {
  private readonly piscina: Piscina;
  private readonly capacity: number;
  private inPool = 0;
  /** Moving average of a task's time in the pool, for Retry-After. */
  private averageMs = 50;

  constructor(private readonly options: RenderPoolOptions) {
    const { filename, execArgv } = workerEntry();
    const workerData: RenderWorkerData = { fontsDir: options.fontsDir };
    this.piscina = new Piscina({
      filename,
      execArgv,
      workerData,
      minThreads: options.workers,
      maxThreads: options.workers,
      idleTimeout: Number.MAX_SAFE_INTEGER,
      // A runaway document is stopped by its worker's heap limit rather than the service's.
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
      // Renders yield the CPU to the event loop (requests, health checks) where the OS allows it.
      niceIncrement: 5,
    });
    this.capacity = options.workers + options.queueLimit;
  }

  get size(): number {
    return this.options.workers;
  }

  async run(task: WorkerTask): Promise<PoolResult> {
    if (this.inPool >= this.capacity) {
      const waves = Math.ceil((this.inPool - this.options.workers + 1) / this.options.workers);
      return { kind: 'busy', retryAfterSeconds: Math.max(1, Math.ceil((waves * this.averageMs) / 1000)) };
    }
    this.inPool += 1;
    const started = performance.now();
    try {
      const result = (await this.piscina.run(task, {
        signal: AbortSignal.timeout(this.options.timeoutMs),
      })) as Uint8Array | RenderFailure;
      this.averageMs = this.averageMs * 0.9 + (performance.now() - started) * 0.1;
      if (result instanceof Uint8Array) return { kind: 'document', bytes: result };
      return { kind: 'refused', code: result.code, message: result.message };
    } catch (error) {
      if (isAbort(error)) return { kind: 'timeout', timeoutMs: this.options.timeoutMs };
      return { kind: 'crashed', error };
    } finally {
      this.inPool -= 1;
    }
  }

  async close(): Promise<void> {
    await this.piscina.destroy();
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

  /** Nest calls this when the app closes. */
  onModuleDestroy(): Promise<void> {
    return this.close();
  }
}
