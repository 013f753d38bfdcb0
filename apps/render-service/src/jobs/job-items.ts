import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job } from 'bullmq';
import type { DataSource } from 'typeorm';

import { DomainError, ServiceUnavailableError } from '@portal/problem-details';

import type { Locale } from '../engine/template/helpers';
import { LruMap } from '../lru-map';
import { perCallerWorkers } from '../pool/render-pool';
import { RenderEnvironment } from '../render-environment';
import { type PreparedRender, RenderService } from '../render/render.service';
import { type ItemOutcome, itemOutcomeOf, type ItemProblem, problemOf } from './item-problem';
import { JobCallbacks } from './job-callbacks';
import { ITEM_QUEUE, type ItemMessage, JobQueues } from './job-queues';
import type { RenderJobEntity } from './render-job.entity';

/** What an item needs of its job: the template fields and who owns it. */
interface JobDefinition {
  readonly owner: string;
  readonly prepared: PreparedRender;
  /** Whether this replica has already marked the job running. */
  started: boolean;
}

/** Job definitions kept by id: a worker renders a job's items one after the other. */
const DEFINITIONS = 64;

/** Not the item's fault, but the moment's: BullMQ tries the item again after a backoff. */
class TryAgain extends Error {}

/**
 * Renders render jobs' items, taken from the shared queue by this replica (DESIGN D5). An item
 * takes its turn among the callers' renders as its job's owner (fair rendering), so a night's
 * batch never blocks the counter's letters; it waits for a worker as long as it takes (the queue is
 * its waiting room), and its own run has RENDER_TIMEOUT_MS. Its document or its problem is written
 * with the job's counts in one statement, and only while the item is pending and its job
 * unfinished, so that an item taken twice (its first replica died) counts and appears once.
 */
@Injectable()
export class JobItems implements OnApplicationBootstrap {
  private readonly logger = new Logger(JobItems.name);
  private readonly definitions = new LruMap<string, JobDefinition>(DEFINITIONS);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly env: RenderEnvironment,
    private readonly queues: JobQueues,
    private readonly renders: RenderService,
    private readonly callbacks: JobCallbacks,
  ) {}

  /** Once the app (its workers) is up: this replica starts taking items. */
  onApplicationBootstrap(): void {
    this.queues.work<ItemMessage>(ITEM_QUEUE, (job) => this.process(job.data), {
      // Twice what one caller may run at once (the pool runs no more of them, keeping a worker
      // for the others' renders): the next items are read and waiting when a worker frees, so the
      // workers do not idle through each item's database and Redis round trips.
      concurrency: 2 * perCallerWorkers(this.env.RENDER_WORKERS),
      onFailed: (job, error) => void this.failedForGood(job, error),
    });
  }

  async process({ jobId, index }: ItemMessage): Promise<void> {
    const definition = await this.definitionOf(jobId);
    if (!definition) return;
    const [item] = await this.dataSource.query<Array<{ data: string }>>(
      `SELECT item.data FROM render_job_item item JOIN render_job job ON job.id = item.job_id
       WHERE item.job_id = $1 AND item.index = $2 AND item.state = 'pending' AND job.state IN ('queued', 'running')`,
      [jobId, index],
    );
    // Done already (taken twice), or its job cancelled or deleted.
    if (!item) return;
    if (!definition.started) {
      await this.dataSource.query(
        `UPDATE render_job SET state = 'running', started_at = now() WHERE id = $1 AND state = 'queued'`,
        [jobId],
      );
      definition.started = true;
    }
    const outcome = await this.render(definition, item.data);
    if (outcome.kind === 'again') throw new TryAgain(outcome.reason);
    await this.record(jobId, index, outcome);
  }

  private async render(definition: JobDefinition, data: string): Promise<ItemOutcome> {
    try {
      const result = await this.renders.run(definition.prepared, data, {
        caller: definition.owner,
        maxWaitMs: Number.POSITIVE_INFINITY,
      });
      return itemOutcomeOf(result);
    } catch (error) {
      // The branding it names: unknown (422, the item's), or config-service out of reach (503, the moment's).
      if (error instanceof ServiceUnavailableError) return { kind: 'again', reason: error.message };
      if (error instanceof DomainError) return { kind: 'failed', problem: problemOf(error) };
      throw error;
    }
  }

  /**
   * Writes an item's outcome and counts it; the statement that counts the last item finishes the
   * job (succeeded when any item was rendered, else failed), and its callback is queued.
   */
  private async record(jobId: string, index: number, outcome: Exclude<ItemOutcome, { kind: 'again' }>) {
    const bytes =
      outcome.kind === 'done'
        ? Buffer.from(outcome.bytes.buffer, outcome.bytes.byteOffset, outcome.bytes.byteLength)
        : null;
    const problem: ItemProblem | null = outcome.kind === 'failed' ? outcome.problem : null;
    // An UPDATE's answer through TypeORM: its rows, and how many it changed.
    // Counted on the job's row as it is once locked (its counts as other items left them), so that
    // items of one job recorded at once by two replicas both count.
    const [[counted]] = await this.dataSource.query<
      [Array<{ state: string; finished: boolean; callback: boolean }>, number]
    >(
      `WITH item AS (
         UPDATE render_job_item SET state = $3, output = $4, output_size = $5, problem = $6
         WHERE job_id = $1 AND index = $2 AND state = 'pending'
           AND EXISTS (SELECT 1 FROM render_job WHERE id = $1 AND state IN ('queued', 'running'))
         RETURNING 1
       )
       UPDATE render_job SET done = done + $8, failed = failed + $9,
         state = CASE WHEN done + failed + 1 < total THEN state
                      WHEN done + $8 > 0 THEN 'succeeded' ELSE 'failed' END,
         finished_at = CASE WHEN done + failed + 1 = total THEN now() END,
         expires_at = CASE WHEN done + failed + 1 = total THEN now() + make_interval(secs => $7)
                           ELSE expires_at END
       WHERE id = $1 AND EXISTS (SELECT 1 FROM item)
       RETURNING state, done + failed = total AS finished, callback_url IS NOT NULL AS callback`,
      [
        jobId,
        index,
        outcome.kind,
        bytes,
        bytes?.byteLength ?? null,
        problem === null ? null : JSON.stringify(problem),
        this.env.RENDER_JOB_RESULT_TTL,
        outcome.kind === 'done' ? 1 : 0,
        outcome.kind === 'failed' ? 1 : 0,
      ],
    );
    if (counted?.finished) {
      this.definitions.delete(jobId);
      this.logger.log({ msg: 'render job finished', job: jobId, state: counted.state });
      if (counted.callback) await this.callbacks.enqueue(jobId);
    }
  }

  /**
   * An item BullMQ gave up on (tried ITEM_ATTEMPTS times, or taken down with its replica again and
   * again): it fails alone, with the last reason.
   */
  private async failedForGood(job: Job<ItemMessage>, error: Error): Promise<void> {
    const attempts = job.opts.attempts ?? 1;
    const stalled = /stalled/i.test(error.message);
    if (job.attemptsMade < attempts && !stalled) return;
    const problem = problemOf(
      new ServiceUnavailableError(
        `The item could not be rendered: ${stalled ? 'the replica rendering it stopped, each time it was taken' : error.message}.`,
        'RENDER_JOB.ITEM_UNAVAILABLE',
      ),
    );
    try {
      await this.record(job.data.jobId, job.data.index, { kind: 'failed', problem });
    } catch (failure) {
      this.logger.error({
        msg: 'a failed render job item could not be recorded',
        err: (failure as Error).message,
      });
    }
  }

  private async definitionOf(jobId: string): Promise<JobDefinition | undefined> {
    const known = this.definitions.get(jobId);
    if (known) return known;
    const [job] = await this.dataSource.query<
      Array<
        Pick<
          RenderJobEntity,
          | 'owner'
          | 'template'
          | 'templateKey'
          | 'templateLabel'
          | 'inputFormat'
          | 'outputFormat'
          | 'rendererOptions'
          | 'branding'
          | 'requestLocale'
        >
      >
    >(
      `SELECT owner, template, template_key AS "templateKey", template_label AS "templateLabel",
         input_format AS "inputFormat", output_format AS "outputFormat", renderer_options AS "rendererOptions",
         branding, request_locale AS "requestLocale"
       FROM render_job WHERE id = $1`,
      [jobId],
    );
    if (!job) return undefined;
    const definition: JobDefinition = {
      owner: job.owner,
      started: false,
      prepared: {
        inputFormat: job.inputFormat,
        outputFormat: job.outputFormat,
        template: job.template,
        ...(job.templateKey === null ? {} : { templateKey: job.templateKey }),
        templateLabel: job.templateLabel,
        rendererOptions: job.rendererOptions,
        ...(job.branding === null ? {} : { branding: job.branding }),
        ...(job.requestLocale === null ? {} : { requestLocale: job.requestLocale as Locale }),
      },
    };
    this.definitions.set(jobId, definition);
    return definition;
  }
}
