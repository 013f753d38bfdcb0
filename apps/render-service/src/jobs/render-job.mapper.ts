import type {
  RenderJobProblemResponse,
  RenderJobResponse,
  RenderJobSummaryResponse,
} from './dto/render-job.response';
import type { RenderJobEntity } from './render-job.entity';

/** The job's own path below the tenant: `/{tenant}/v10-0/render-jobs/{id}`. */
export const jobPathOf = (tenant: string, id: string): string => `/${tenant}/v10-0/render-jobs/${id}`;

/** A job as its owner reads it, with its first failed items. */
export const toRenderJobResponse = (
  job: RenderJobEntity,
  tenant: string,
  problems: readonly RenderJobProblemResponse[],
): RenderJobResponse => ({ ...toRenderJobSummary(job, tenant), problems: [...problems] });

/** A job as its owner's list gives it. */
export function toRenderJobSummary(job: RenderJobEntity, tenant: string): RenderJobSummaryResponse {
  const hasResult = job.state === 'succeeded' && !job.resultDeleted;
  return {
    id: job.id,
    state: job.state,
    result: job.result,
    outputFormat: job.outputFormat,
    template: job.templateLabel,
    counts: { total: job.total, done: job.done, failed: job.failed },
    callback:
      job.callbackState === null
        ? null
        : { state: job.callbackState, attempts: job.callbackAttempts, outcome: job.callbackOutcome },
    resultUrl: hasResult ? `${jobPathOf(tenant, job.id)}/result` : null,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
    expiresAt: job.expiresAt.toISOString(),
  };
}
