import { createHash, randomUUID } from 'node:crypto';

import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

import { auditCreated } from '@portal/audit';
import { isUniqueViolation } from '@portal/database';
import {
  type Page,
  type PageQueryDto,
  fetchPage,
  type OrderByWhitelist,
  pageRequestOf,
  parseOrderBy,
} from '@portal/pagination';
import {
  NotFoundError,
  quoteInput,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnprocessableError,
  ValidationProblemError,
  type ValidationErrors,
} from '@portal/problem-details';

import { RenderPool } from '../pool/render-pool';
import { poolErrorOf, refusalOf } from '../pool/render-problems';
import { RenderEnvironment } from '../render-environment';
import { type PreparedRender, RenderService } from '../render/render.service';
import { callbackUrlProblem } from './callbacks/callback-url';
import type { CreateRenderJobDto } from './dto/create-render-job.dto';
import { fileNamesOf, fileNameTemplateProblem } from './file-names';
import { JobCallbacks } from './job-callbacks';
import { MAX_PRIORITY, JobQueues } from './job-queues';
import { JOB_IDEMPOTENCY_UNIQUE, type JobResult, RenderJobEntity } from './render-job.entity';

/** What a create needs of its request besides the body. */
export interface JobRequest {
  readonly caller: string;
  readonly acceptLanguage?: string;
  readonly idempotencyKey?: string;
  readonly traceparent?: string;
}

export const JOB_ORDER: OrderByWhitelist = {
  createdAt: 'job.createdAt',
  finishedAt: 'job.finishedAt',
  state: 'job.state',
  id: 'job.id',
};

/** A job, and whether it was created by an earlier request with the same Idempotency-Key. */
export interface CreatedJob {
  readonly job: RenderJobEntity;
  readonly replayed: boolean;
}

/** A job's failed items listed with it: the first of them (the zip result has all). */
export const LISTED_PROBLEMS = 100;

/** Items written to the database per statement. */
const ITEMS_PER_INSERT = 1000;

/** An unfinished job is given up (and deleted) after this long, whatever its queue did. */
const UNFINISHED_JOB_LIFETIME_MS = 7 * 24 * 3600 * 1000;

/** An Idempotency-Key: visible ASCII, as the IETF draft's examples (a UUID, say), 255 at most. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * Render jobs (contract 10): accepted whole or refused whole (the template, its options, every
 * item's data checked where a render would refuse it), then queued item by item for any replica's
 * workers; each caller sees its own jobs only.
 */
@Injectable()
export class RenderJobsService {
  private readonly logger = new Logger(RenderJobsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly env: RenderEnvironment,
    private readonly renders: RenderService,
    private readonly pool: RenderPool,
    private readonly queues: JobQueues,
    private readonly callbacks: JobCallbacks,
  ) {}

  /** `id`: the job's own, for the demo job whose id the OpenAPI examples name; else a new one. */
  async create(
    body: CreateRenderJobDto,
    request: JobRequest,
    id: string = randomUUID(),
  ): Promise<CreatedJob> {
    const result: JobResult = body.result ?? 'zip';
    this.checkRequest(body, request);
    const requestSha256 = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    if (request.idempotencyKey !== undefined) {
      const earlier = await this.byIdempotencyKey(request.caller, request.idempotencyKey, requestSha256);
      if (earlier) return { job: earlier, replayed: true };
    }
    const prepared = await this.renders.prepare(body, request.acceptLanguage);
    checkResult(result, prepared);
    await this.checkOwnerJobs(request.caller);
    const itemTexts = body.items.map((item) => JSON.stringify(item));
    await this.checkInWorker(prepared, itemTexts, request.caller);
    const fileNames = fileNamesOf(body.fileName ?? undefined, body.items, prepared.outputFormat);

    let job: RenderJobEntity;
    try {
      job = await this.dataSource.transaction(async (manager) => {
        const created = await manager.save(
          manager.create(RenderJobEntity, {
            id,
            owner: request.caller,
            state: 'queued',
            result,
            inputFormat: prepared.inputFormat,
            outputFormat: prepared.outputFormat,
            template: prepared.template,
            // Inline templates too are compiled once per worker for the whole job.
            templateKey: prepared.templateKey ?? `job:${id}`,
            templateLabel: prepared.templateLabel,
            rendererOptions: prepared.rendererOptions,
            branding: prepared.branding ?? null,
            requestLocale: prepared.requestLocale ?? null,
            fileName: body.fileName ?? '',
            callbackUrl: body.callbackUrl ?? null,
            traceparent: request.traceparent ?? null,
            total: itemTexts.length,
            idempotencyKey: request.idempotencyKey ?? null,
            requestSha256,
            callbackState: body.callbackUrl ? 'pending' : null,
            createdAt: new Date(),
            expiresAt: new Date(Date.now() + UNFINISHED_JOB_LIFETIME_MS),
          }),
        );
        await insertItems(manager, id, itemTexts, fileNames);
        auditCreated(id);
        return created;
      });
    } catch (error) {
      // Two creates with one key at once: the other one's job is this request's answer too.
      if (request.idempotencyKey !== undefined && isUniqueViolation(error, JOB_IDEMPOTENCY_UNIQUE)) {
        const earlier = await this.byIdempotencyKey(request.caller, request.idempotencyKey, requestSha256);
        if (earlier) return { job: earlier, replayed: true };
      }
      throw error;
    }
    await this.enqueue(job);
    return { job, replayed: false };
  }

  /** The caller's job, or a 404 (another caller's job is unknown to it). */
  async get(id: string, caller: string): Promise<RenderJobEntity> {
    if (!UUID.test(id))
      throw ValidationProblemError.of(
        'renderJobId',
        'renderJobId must be a job id (a UUID)',
        'RENDER_JOB.ID_INVALID',
      );
    const job = await this.dataSource.getRepository(RenderJobEntity).findOneBy({ id, owner: caller });
    if (!job)
      throw new NotFoundError(
        `The render job '${id}' does not exist (or is not yours).`,
        'RENDER_JOB.NOT_FOUND',
      );
    return job;
  }

  /** The first failed items of a job, with their problems. */
  async problemsOf(
    job: RenderJobEntity,
  ): Promise<Array<{ index: number; problem: Record<string, unknown> }>> {
    if (job.failed === 0) return [];
    return this.dataSource.query(
      `SELECT index, problem FROM render_job_item WHERE job_id = $1 AND state = 'failed' ORDER BY index LIMIT $2`,
      [job.id, LISTED_PROBLEMS],
    );
  }

  list(query: PageQueryDto, caller: string): Promise<Page<RenderJobEntity>> {
    const request = pageRequestOf(query);
    // Oldest first unless said: a job's id (a UUID) tells nothing of its order.
    const order = parseOrderBy(query.OrderBy ?? 'createdAt', JOB_ORDER);
    return fetchPage(
      this.dataSource
        .getRepository(RenderJobEntity)
        .createQueryBuilder('job')
        .where('job.owner = :caller', { caller }),
      order,
      request,
    );
  }

  /**
   * Cancels a job that has not finished (its items not yet rendered never are; its result is
   * dropped), or drops the result of one that has. Either way the job stays readable until it
   * expires, and a callback tells its callbackUrl of a cancellation.
   */
  async cancel(id: string, caller: string): Promise<void> {
    const job = await this.get(id, caller);
    // An UPDATE's answer through TypeORM: its rows, and how many it changed.
    const [, cancelled] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE render_job SET state = 'cancelled', result_deleted = true, finished_at = now(),
         expires_at = now() + make_interval(secs => $3)
       WHERE id = $1 AND owner = $2 AND state IN ('queued', 'running') RETURNING id`,
      [job.id, caller, this.env.RENDER_JOB_RESULT_TTL],
    );
    if (cancelled > 0) {
      if (job.callbackUrl) await this.callbacks.enqueue(job.id);
      return;
    }
    await this.dataSource.query(`UPDATE render_job SET result_deleted = true WHERE id = $1`, [job.id]);
  }

  /** 400 on what the body's own rules refuse, before anything is read or rendered. */
  private checkRequest(body: CreateRenderJobDto, request: JobRequest): void {
    const errors: ValidationErrors = {};
    body.items.forEach((item, index) => {
      if (item === null || typeof item !== 'object' || Array.isArray(item))
        errors[`items[${index}]`] = [`items[${index}] must be a JSON object (the data of one document)`];
    });
    const fileNameProblem = body.fileName ? fileNameTemplateProblem(body.fileName) : undefined;
    if (fileNameProblem) errors['fileName'] = [fileNameProblem];
    if (body.callbackUrl !== undefined && body.callbackUrl !== null) {
      const problem = callbackUrlProblem(body.callbackUrl, this.env.callbackHosts);
      if (problem) errors['callbackUrl'] = [`callbackUrl ${problem}`];
    }
    if (request.idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(request.idempotencyKey))
      errors['Idempotency-Key'] = ['Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID, say)'];
    if (Object.keys(errors).length > 0) throw new ValidationProblemError(errors);
  }

  /** The job of an earlier create with this key: the same request's, or a 422 for another request. */
  private async byIdempotencyKey(
    caller: string,
    idempotencyKey: string,
    requestSha256: string,
  ): Promise<RenderJobEntity | undefined> {
    const earlier = await this.dataSource
      .getRepository(RenderJobEntity)
      .findOneBy({ owner: caller, idempotencyKey });
    if (!earlier) return undefined;
    if (earlier.requestSha256 !== requestSha256)
      throw new UnprocessableError(
        `The Idempotency-Key ${quoteInput(idempotencyKey)} was used for another request (job ${earlier.id}); ` +
          'a key names one request: use a new key for a new job.',
        'RENDER_JOB.IDEMPOTENCY_KEY_REUSED',
      );
    return earlier;
  }

  /** A caller may have RENDER_JOBS_PER_CALLER jobs unfinished at once: a 429 past it. */
  private async checkOwnerJobs(caller: string): Promise<void> {
    const [{ unfinished }] = await this.dataSource.query<Array<{ unfinished: number }>>(
      `SELECT count(*)::int AS unfinished FROM render_job WHERE owner = $1 AND state IN ('queued', 'running')`,
      [caller],
    );
    if (unfinished >= this.env.RENDER_JOBS_PER_CALLER)
      throw new TooManyRequestsError(
        60,
        `This caller has ${unfinished} render jobs that have not finished, as many as it may (RENDER_JOBS_PER_CALLER); ` +
          'retry once one has.',
      );
  }

  /** The template compiles, the options are known and no item's data is refused: in a worker. */
  private async checkInWorker(
    prepared: PreparedRender,
    items: readonly string[],
    caller: string,
  ): Promise<void> {
    const check = await this.pool.run(
      {
        kind: 'check',
        inputFormat: prepared.inputFormat,
        template: prepared.template,
        rendererOptions: prepared.rendererOptions,
        items,
      },
      { caller },
    );
    if (check.kind === 'refused') throw refusalOf(check);
    if (check.kind !== 'document') throw poolErrorOf(check);
  }

  /**
   * Puts the job's items on the shared queue. Each caller's items come in order of their backlog:
   * a job's items are given priorities after the items its owner already has waiting, so that a
   * later job of another caller is not queued behind a first caller's whole batch. A queue that
   * cannot take them (Redis away) leaves no job behind: a 503 the client may retry with its key.
   */
  private async enqueue(job: RenderJobEntity): Promise<void> {
    try {
      const [{ backlog }] = await this.dataSource.query<Array<{ backlog: number }>>(
        `SELECT coalesce(sum(total - done - failed), 0)::int AS backlog FROM render_job
         WHERE owner = $1 AND state IN ('queued', 'running') AND id <> $2`,
        [job.owner, job.id],
      );
      await this.queues.items.addBulk(
        Array.from({ length: job.total }, (_, index) => ({
          name: 'item',
          data: { jobId: job.id, index },
          opts: {
            jobId: `${job.id}-${index}`,
            priority: Math.min(MAX_PRIORITY, backlog + index + 1),
            attempts: ITEM_ATTEMPTS,
            backoff: { type: 'exponential', delay: 2000 },
            removeOnComplete: true,
            removeOnFail: true,
          },
        })),
      );
    } catch (error) {
      this.logger.warn({
        msg: 'render job not queued: its queue is unavailable',
        err: (error as Error).message,
      });
      await this.dataSource.query(`DELETE FROM render_job WHERE id = $1`, [job.id]);
      throw new ServiceUnavailableError(
        'The render job queue is unavailable; the job was not accepted. Retry (with the same Idempotency-Key).',
        'RENDER_JOB.QUEUE_UNAVAILABLE',
        5,
      );
    }
  }
}

/** Attempts of an item whose render was refused for a reason of the moment (a replica stopping). */
export const ITEM_ATTEMPTS = 5;

/** A merged result is one plain PDF: of pdf documents, and neither PDF/A nor tagged. */
function checkResult(result: JobResult, prepared: PreparedRender): void {
  if (result !== 'merged') return;
  if (prepared.outputFormat !== 'pdf')
    throw new UnprocessableError(
      `A merged result is one PDF: outputFormat must be pdf, not ${prepared.outputFormat} (or ask for result zip).`,
      'RENDER_JOB.MERGED_NEEDS_PDF',
    );
  const options = parseOptions(prepared.rendererOptions);
  for (const option of ['pdfa', 'tagged'])
    if (options[option] !== undefined && options[option] !== null && options[option] !== false)
      throw new UnprocessableError(
        `A merged result is a plain PDF, neither PDF/A nor tagged: rendererOptions.${option} asks for what it cannot keep; ask for result zip.`,
        'RENDER_JOB.MERGED_PLAIN_PDF',
      );
}

const parseOptions = (text: string | null): Record<string, unknown> => {
  try {
    const value: unknown = text ? JSON.parse(text) : {};
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    // The worker's check answers malformed options.
    return {};
  }
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The items in a few statements of ITEMS_PER_INSERT rows, each a single INSERT of arrays. */
async function insertItems(
  manager: EntityManager,
  jobId: string,
  items: readonly string[],
  fileNames: readonly string[],
): Promise<void> {
  for (let start = 0; start < items.length; start += ITEMS_PER_INSERT) {
    const end = Math.min(items.length, start + ITEMS_PER_INSERT);
    const indexes = Array.from({ length: end - start }, (_, offset) => start + offset);
    await manager.query(
      `INSERT INTO render_job_item (job_id, index, data, file_name)
       SELECT $1, item.index, item.data, item.file_name
       FROM unnest($2::int[], $3::text[], $4::text[]) AS item(index, data, file_name)`,
      [jobId, indexes, items.slice(start, end), fileNames.slice(start, end)],
    );
  }
}
