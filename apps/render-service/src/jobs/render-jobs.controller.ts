import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiNotModifiedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';

import { auditReplayed } from '@portal/audit';
import { CurrentPrincipal, type Principal, RequireRoles } from '@portal/auth';
import { ApiBodyExamples, ifNoneMatchMatches } from '@portal/http-context';
import { type Page, PageQueryDto, PaginatedList } from '@portal/pagination';
import { ApiProblemResponses } from '@portal/problem-details';
import { BodyLimit, enforceWriteDeadline, RateLimit } from '@portal/service-runtime';

import {
  EXAMPLE_DELETED_RENDER_JOB_ID,
  EXAMPLE_RENDER_JOB_ID,
  RENDER_JOB_EXAMPLES,
} from '../templates/openapi-examples';
import { RENDER_RATE_LIMIT_POLICY, RENDER_RENDER } from '../render/render.controller';
import { RenderEnvironment } from '../render-environment';
import { CALLBACK_RETRY_POLICY } from './callbacks/callback-retry';
import { CreateRenderJobDto, JOB_MAX_ITEMS } from './dto/create-render-job.dto';
import { RenderJobResponse, RenderJobSummaryResponse } from './dto/render-job.response';
import { JobResults } from './job-results';
import { jobPathOf, toRenderJobResponse, toRenderJobSummary } from './render-job.mapper';
import { RenderJobsService } from './render-jobs.service';

/**
 * A job's body: 10 MiB as every render body, and values enough for 10,000 items of some 60 each
 * (a QR-bill invoice of five fee lines is 49 values and about 960 bytes).
 */
export const JOB_BODY_MAX_ELEMENTS = 600_000;
const JOB_BODY_MAX_BYTES = 10 * 1024 * 1024;

const JOB_ID = {
  name: 'renderJobId',
  description: "The job's id, as the create answered it (and its Location).",
  example: EXAMPLE_RENDER_JOB_ID,
};
/** The delete's example: the second demo job, kept for it. */
const DELETED_JOB_ID = { ...JOB_ID, example: EXAMPLE_DELETED_RENDER_JOB_ID };

@ApiTags('Render jobs')
@ApiProblemResponses(401, 403)
@RequireRoles(RENDER_RENDER)
@Controller('v10-0/render-jobs')
export class RenderJobsController {
  constructor(
    private readonly jobs: RenderJobsService,
    private readonly results: JobResults,
    private readonly env: RenderEnvironment,
  ) {}

  @Post()
  @HttpCode(202)
  @RateLimit(RENDER_RATE_LIMIT_POLICY)
  @BodyLimit(JOB_BODY_MAX_BYTES, JOB_BODY_MAX_ELEMENTS)
  @ApiOperation({
    summary: 'Start a render job: one template rendered for each of up to 10,000 items, asynchronously',
    description:
      `The job is checked whole before it is accepted (the template compiles, its options are known, no item's ` +
      `data is one a render refuses: a 400 naming \`items[i]...\`), then its ${JOB_MAX_ITEMS.toLocaleString('en')} items ` +
      "at most are rendered by the workers of any replica, fairly beside other callers' renders, and an item that " +
      'fails fails alone. Answers 202 with the job and its `Location`; poll it, or name a `callbackUrl`. ' +
      'The same `Idempotency-Key` with the same body answers the same job (`Idempotent-Replayed: true`); with another ' +
      `body a 422. Callbacks: ${CALLBACK_RETRY_POLICY}.`,
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'A key of your own for this request (a UUID, say): a retry with it never starts a second job.',
  })
  @ApiBodyExamples(CreateRenderJobDto, RENDER_JOB_EXAMPLES)
  @ApiAcceptedResponse({
    type: RenderJobResponse,
    description: 'The job, accepted (or the one an earlier request with this Idempotency-Key started).',
    headers: {
      Location: { description: "The job's URL path, to poll.", schema: { type: 'string' } },
      'Idempotent-Replayed': {
        description: '`true` when the job is the one an earlier request with this Idempotency-Key started.',
        schema: { type: 'string' },
      },
    },
  })
  @ApiProblemResponses(400, 404, 413, 415, 422, 429, 503)
  async createRenderJob(
    @Body() body: CreateRenderJobDto,
    @CurrentPrincipal() principal: Principal,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const headers = reply.request.headers;
    const { job, replayed } = await this.jobs.create(body, {
      caller: principal.subject,
      acceptLanguage: headers['accept-language'],
      idempotencyKey: single(headers['idempotency-key']),
      traceparent: single(headers['traceparent']),
    });
    if (replayed) auditReplayed();
    if (replayed) void reply.header('idempotent-replayed', 'true');
    await reply
      .status(202)
      .header('location', jobPathOf(this.env.TENANT, job.id))
      .send(toRenderJobResponse(job, this.env.TENANT, await this.jobs.problemsOf(job)));
  }

  @Get()
  @ApiOperation({ summary: "List the caller's render jobs (oldest first unless OrderBy says)" })
  @PaginatedList(RenderJobSummaryResponse, { orderByExample: 'createdAt desc' })
  @ApiProblemResponses(400)
  async listRenderJobs(
    @Query() query: PageQueryDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Page<RenderJobSummaryResponse>> {
    const page = await this.jobs.list(query, principal.subject);
    return page.map((job) => toRenderJobSummary(job, this.env.TENANT));
  }

  @Get(':renderJobId')
  @ApiOperation({ summary: 'Read a render job: its state, counts and failed items' })
  @ApiParam(JOB_ID)
  @ApiOkResponse({ type: RenderJobResponse })
  @ApiProblemResponses(400, 404)
  async readRenderJob(
    @Param('renderJobId') id: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<RenderJobResponse> {
    const job = await this.jobs.get(id, principal.subject);
    return toRenderJobResponse(job, this.env.TENANT, await this.jobs.problemsOf(job));
  }

  @Get(':renderJobId/result')
  @ApiOperation({
    summary: "Download a finished job's result: a zip of the items' files, or one merged PDF",
    description:
      'Streamed as it is read; `Content-Disposition` names it, its strong `ETag` answers `If-None-Match` with a 304. ' +
      'A job that has not finished, or has no result (every item failed, cancelled, result deleted): 409.',
  })
  @ApiParam(JOB_ID)
  @ApiProduces('application/zip', 'application/pdf')
  @ApiOkResponse({
    description: 'The result.',
    content: {
      'application/zip': { schema: { type: 'string', format: 'binary' } },
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    },
    headers: {
      'Content-Disposition': {
        description: 'attachment; filename="render-job-<id>.zip|pdf"',
        schema: { type: 'string' },
      },
      ETag: { description: "The result's strong entity tag.", schema: { type: 'string' } },
    },
  })
  @ApiNotModifiedResponse({ description: 'The result is the one If-None-Match names.' })
  @ApiProblemResponses(400, 404, 409)
  async readRenderJobResult(
    @Param('renderJobId') id: string,
    @CurrentPrincipal() principal: Principal,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const job = await this.jobs.get(id, principal.subject);
    JobResults.checkHasResult(job);
    const etag = JobResults.etagOf(job);
    if (ifNoneMatchMatches(reply.request.headers['if-none-match'], etag)) {
      await reply.status(304).header('etag', etag).send();
      return;
    }
    const result = await this.results.streamOf(job);
    // A client that stops reading is cut after STREAM_WRITE_DEADLINE_MS, as a list's would be.
    enforceWriteDeadline(reply.raw, this.env.STREAM_WRITE_DEADLINE_MS);
    await reply
      .status(200)
      .header('content-type', result.contentType)
      .header('content-disposition', `attachment; filename="${result.fileName}"`)
      .header('etag', result.etag)
      .header('cache-control', 'private, no-store')
      .send(result.body);
  }

  @Delete(':renderJobId')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Cancel a render job, or delete the result of a finished one',
    description:
      'A job that has not finished is cancelled: its items not yet rendered never are, its result is dropped. ' +
      "A finished job's result is deleted. Either way the job stays readable until it expires.",
  })
  @ApiParam(DELETED_JOB_ID)
  @ApiNoContentResponse({ description: 'Cancelled, or its result deleted.' })
  @ApiProblemResponses(400, 404)
  async cancelRenderJob(
    @Param('renderJobId') id: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<void> {
    await this.jobs.cancel(id, principal.subject);
  }
}

/** A header's one value (a repeated one: its first). */
const single = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;
