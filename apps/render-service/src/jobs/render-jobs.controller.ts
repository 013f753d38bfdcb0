import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

import { auditReplayed } from '@portal/audit';
import { CurrentPrincipal, type Principal, RequireRoles } from '@portal/auth';
import { ifNoneMatchMatches } from '@portal/http-context';
import { type Page, PageQueryDto, PaginatedList } from '@portal/pagination';
import { BodyLimit, enforceWriteDeadline, RateLimit } from '@portal/service-runtime';

import { RENDER_RATE_LIMIT_POLICY, RENDER_RENDER } from '../render/render.controller';
import { RenderEnvironment } from '../render-environment';
import { CreateRenderJobDto } from './dto/create-render-job.dto';
import { RenderJobResponse, RenderJobSummaryResponse } from './dto/render-job.response';
import { JobResults, type JobResultStream } from './job-results';
import { jobPathOf, toRenderJobResponse, toRenderJobSummary } from './render-job.mapper';
import {
  CancelRenderJobDocs,
  CreateRenderJobDocs,
  ListRenderJobsDocs,
  ReadRenderJobDocs,
  ReadRenderJobResultDocs,
  RenderJobsDocs,
} from './render-jobs.openapi';
import { RenderJobsService } from './render-jobs.service';

/**
 * A job's body: 10 MiB as every render body, and values enough for 10,000 items of some 60 each
 * (a QR-bill invoice of five fee lines is 49 values and about 960 bytes).
 */
export const JOB_BODY_MAX_ELEMENTS = 600_000;
const JOB_BODY_MAX_BYTES = 10 * 1024 * 1024;

/** A header's one value (a repeated one: its first). */
const single = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/** A finished job's result, streamed, with the headers that name it. */
async function sendResult(reply: FastifyReply, result: JobResultStream): Promise<void> {
  await reply
    .status(200)
    .header('content-type', result.contentType)
    .header('content-disposition', `attachment; filename="${result.fileName}"`)
    .header('etag', result.etag)
    .header('cache-control', 'private, no-store')
    .send(result.body);
}

@RenderJobsDocs()
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
  @CreateRenderJobDocs()
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
  @ListRenderJobsDocs()
  @PaginatedList(RenderJobSummaryResponse, { orderByExample: 'createdAt desc' })
  async listRenderJobs(
    @Query() query: PageQueryDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Page<RenderJobSummaryResponse>> {
    const page = await this.jobs.list(query, principal.subject);
    return page.map((job) => toRenderJobSummary(job, this.env.TENANT));
  }

  @Get(':renderJobId')
  @ReadRenderJobDocs()
  async readRenderJob(
    @Param('renderJobId') id: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<RenderJobResponse> {
    const job = await this.jobs.get(id, principal.subject);
    return toRenderJobResponse(job, this.env.TENANT, await this.jobs.problemsOf(job));
  }

  @Get(':renderJobId/result')
  @ReadRenderJobResultDocs()
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
    await sendResult(reply, result);
  }

  @Delete(':renderJobId')
  @HttpCode(204)
  @CancelRenderJobDocs()
  async cancelRenderJob(
    @Param('renderJobId') id: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<void> {
    await this.jobs.cancel(id, principal.subject);
  }
}
