import { Logger } from '@nestjs/common';
import {
  type ConnectionOptions,
  createPostgresBackend,
  type Job,
  Queue,
  type QueueOptions,
  Worker,
  type WorkerOptions,
} from 'bullmq';
import { Redis } from 'ioredis';
import { Gauge } from 'prom-client';

import {
  type MetricsRegistry,
  reportRedisErrors,
  type ServiceLifecycle,
  ThrottledWarnings,
} from '@portal/service-runtime';

/** An item of a render job, as the queue carries it: the item itself lives in the database. */
export interface ItemMessage {
  readonly jobId: string;
  readonly index: number;
}

/** A job whose outcome is to be sent to its callbackUrl. */
export interface CallbackMessage {
  readonly jobId: string;
}

export const ITEM_QUEUE = 'render-job-items';
export const CALLBACK_QUEUE = 'render-job-callbacks';

/** BullMQ's priorities run from 1 (first) to 2^21. */
export const MAX_PRIORITY = 2_097_152;

export interface JobQueuesOptions {
  /** Redis, where every replica's workers take from the same queue; unset: the service's database. */
  readonly redisUrl?: string;
  readonly databaseUrl: string;
  /**
   * What keeps one deployment's queues apart from another's on the same Redis: the replicas of a
   * deployment share TENANT and database, so the prefix is made of both.
   */
  readonly prefix: string;
  /** How long an item a worker took stays its own without a sign of life (BullMQ's lock). */
  readonly lockMs: number;
}

/**
 * The render jobs' two queues (DESIGN D5), on BullMQ: with REDIS_URL in Redis, shared by every
 * replica; without it (`npm start` on a laptop) on BullMQ's PostgreSQL backend in the service's own
 * database (schema `bullmq`), the same queues for one replica. Jobs wait while Redis is away: a
 * create is then a 503, and the workers take up their items again when it is back.
 */
export class JobQueues {
  private readonly logger = new Logger(JobQueues.name);
  private readonly warnings = new ThrottledWarnings((fields, message) =>
    this.logger.warn({ ...fields, msg: message }),
  );
  readonly items: Queue<ItemMessage>;
  readonly callbacks: Queue<CallbackMessage>;
  private readonly workers: Worker[] = [];
  private readonly connections: Redis[] = [];

  constructor(
    private readonly options: JobQueuesOptions,
    private readonly lifecycle: ServiceLifecycle,
  ) {
    this.items = this.queue<ItemMessage>(ITEM_QUEUE);
    this.callbacks = this.queue<CallbackMessage>(CALLBACK_QUEUE);
  }

  /** Where the queues live, for the logs and the docs. */
  get backend(): 'redis' | 'postgres' {
    return this.options.redisUrl ? 'redis' : 'postgres';
  }

  /**
   * Starts taking messages of `queue` on this replica, `concurrency` at a time. The worker stops
   * taking new ones as soon as the service begins to stop, and finishes those it holds.
   */
  work<T>(
    queue: typeof ITEM_QUEUE | typeof CALLBACK_QUEUE,
    processor: (job: Job<T>) => Promise<void>,
    settings: Pick<WorkerOptions, 'concurrency' | 'settings'> & {
      onFailed?: (job: Job<T>, error: Error) => void;
    },
  ): void {
    const options = {
      ...this.baseOptions('worker'),
      concurrency: settings.concurrency,
      settings: settings.settings,
      lockDuration: this.options.lockMs,
      stalledInterval: this.options.lockMs,
      // An item whose replica died (its lock lapsed) is taken again; one that takes replicas down
      // with it each time is failed after this many.
      maxStalledCount: 3,
    } as WorkerOptions;
    // The PostgreSQL backend's classes differ from Redis' in their type parameters only.
    const worker = this.options.redisUrl
      ? new Worker<T>(queue, processor, options)
      : (new Worker(
          queue,
          processor as never,
          options as never,
          createPostgresBackend,
        ) as unknown as Worker<T>);
    // One line per queue and interval for its queue's and worker's errors alike (the database or
    // Redis away reaches both, once per connection and retry).
    worker.on('error', (error) => this.warnings.warn(`${queue}: ${error.message}`, {}, queue));
    if (settings.onFailed)
      worker.on('failed', (job, error) => {
        if (job) settings.onFailed?.(job, error);
      });
    this.workers.push(worker);
    this.lifecycle.onStopping(() => worker.close());
  }

  /**
   * A gauge of the items waiting on the shared queue, which an autoscaler reads (every replica
   * reports the same number: read one, or their maximum).
   */
  registerMetrics(metrics: MetricsRegistry): void {
    const items = this.items;
    new Gauge({
      name: 'render_job_items_waiting',
      help: 'Items of render jobs on the shared queue not yet taken by a worker (the same on every replica).',
      registers: [metrics],
      async collect() {
        const counts = await items.getJobCounts('waiting', 'prioritized', 'delayed').catch(() => undefined);
        if (counts) this.set(Object.values(counts).reduce((sum, count) => sum + count, 0));
      },
    });
  }

  /** Nest calls this when the app closes: the workers stopped with the service already. */
  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled(this.workers.map((worker) => worker.close(true)));
    await Promise.allSettled([this.items.close(), this.callbacks.close()]);
    for (const connection of this.connections) connection.disconnect();
  }

  private queue<T>(name: string): Queue<T> {
    const options = this.baseOptions('queue') as QueueOptions;
    const queue = this.options.redisUrl
      ? new Queue<T>(name, options)
      : (new Queue(name, options as never, createPostgresBackend) as unknown as Queue<T>);
    // A queue passes on its connection's errors (the database ending its sessions, Redis away);
    // with no listener BullMQ dumps each to stderr, stack and client object included.
    queue.on('error', (error) => this.warnings.warn(`${name}: ${error.message}`, {}, name));
    return queue;
  }

  private baseOptions(role: 'queue' | 'worker'): { connection: ConnectionOptions; prefix?: string } {
    // BullMQ's own tables in the service's database, made on first use (idempotent, under its lock).
    if (!this.options.redisUrl)
      return { connection: { connectionString: this.options.databaseUrl, max: 3, migrate: true } };
    // A producer fails at once while Redis is away (the create answers 503); a worker's blocking
    // connection waits for it to return (BullMQ requires maxRetriesPerRequest: null there).
    const connection = new Redis(
      this.options.redisUrl,
      role === 'queue'
        ? { enableOfflineQueue: false, maxRetriesPerRequest: 1 }
        : { maxRetriesPerRequest: null },
    );
    reportRedisErrors([connection], this.warnings, {
      meanwhile: 'render jobs wait for it and creating one answers 503 (ioredis reconnects)',
    });
    this.connections.push(connection);
    return { connection, prefix: this.options.prefix };
  }
}
