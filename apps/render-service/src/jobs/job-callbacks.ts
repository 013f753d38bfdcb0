import { Inject, Injectable, Logger, type OnApplicationBootstrap, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Job, UnrecoverableError } from 'bullmq';
import type { DataSource } from 'typeorm';

import type { OutboundTestSeams } from '../outbound/public-https';
import { RenderEnvironment } from '../render-environment';
import { deliverCallback } from './callbacks/callback-delivery';
import { CALLBACK_MAX_ATTEMPTS, callbackRetryDelayMs } from './callbacks/callback-retry';
import { CALLBACK_QUEUE, type CallbackMessage, JobQueues } from './job-queues';
import { RenderJobEntity } from './render-job.entity';
import { toRenderJobSummary } from './render-job.mapper';

/** Test seams of the callbacks' outbound HTTPS (a local receiver's CA and address). */
export const CALLBACK_SEAMS = 'render-job-callback-seams';

/** A delivery to try again, and when the receiver asked (Retry-After), for the backoff. */
class CallbackNotDelivered extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/**
 * Sends a finished job's outcome to its callbackUrl (contract 10), from a queue of its own in the
 * same backend as the items, so that a callback waits out a replica's restart and is tried again
 * with backoff (callback-retry.ts) by whichever replica is there. The body is the job as its owner
 * reads it, as Standard Webhooks shapes an event: `{ type, timestamp, data }`.
 */
@Injectable()
export class JobCallbacks implements OnApplicationBootstrap {
  private readonly logger = new Logger(JobCallbacks.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly env: RenderEnvironment,
    private readonly queues: JobQueues,
    @Optional() @Inject(CALLBACK_SEAMS) private readonly seams: OutboundTestSeams = {},
  ) {}

  onApplicationBootstrap(): void {
    this.queues.work<CallbackMessage>(CALLBACK_QUEUE, (job) => this.deliver(job), {
      concurrency: 4,
      settings: {
        backoffStrategy: (attemptsMade: number, _type?: string, error?: Error) =>
          callbackRetryDelayMs(
            attemptsMade,
            error instanceof CallbackNotDelivered ? error.retryAfterSeconds : undefined,
          ),
      },
    });
  }

  /** Queues the callback of a job that has just finished (once: a second call is the same message). */
  async enqueue(jobId: string): Promise<void> {
    await this.queues.callbacks.add(
      'callback',
      { jobId },
      {
        jobId: `callback-${jobId}`,
        attempts: CALLBACK_MAX_ATTEMPTS,
        backoff: { type: 'custom' },
        removeOnComplete: true,
        removeOnFail: true,
      },
    );
  }

  private async deliver(message: Job<CallbackMessage>): Promise<void> {
    const job = await this.dataSource.getRepository(RenderJobEntity).findOneBy({ id: message.data.jobId });
    if (!job?.callbackUrl || job.callbackState !== 'pending') return;
    const attempt = message.attemptsMade + 1;
    const body = JSON.stringify({
      type: `render-job.${job.state}`,
      timestamp: new Date().toISOString(),
      data: toRenderJobSummary(job, this.env.TENANT),
    });
    const outcome = await deliverCallback(
      {
        // The same on every attempt, so that a receiver drops a repeat.
        id: `render_job_${job.id.replaceAll('-', '')}`,
        url: job.callbackUrl,
        body,
        ...(job.traceparent ? { traceparent: job.traceparent } : {}),
      },
      { hosts: this.env.callbackHosts, secret: this.env.RENDER_CALLBACK_SECRET ?? '', ...this.seams },
    );
    const last = outcome.kind === 'retry' && attempt >= CALLBACK_MAX_ATTEMPTS;
    const state =
      outcome.kind === 'delivered' ? 'delivered' : outcome.kind === 'rejected' || last ? 'failed' : 'pending';
    await this.dataSource.query(
      `UPDATE render_job SET callback_state = $2, callback_attempts = $3, callback_outcome = $4 WHERE id = $1`,
      [job.id, state, attempt, outcome.reason],
    );
    if (state === 'failed')
      this.logger.warn({
        msg: 'render job callback not delivered',
        job: job.id,
        attempts: attempt,
        outcome: outcome.reason,
      });
    if (outcome.kind === 'rejected') throw new UnrecoverableError(outcome.reason);
    if (outcome.kind === 'retry') throw new CallbackNotDelivered(outcome.reason, outcome.retryAfterSeconds);
  }
}
