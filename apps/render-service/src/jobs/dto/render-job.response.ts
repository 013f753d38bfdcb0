import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

import { OUTPUT_FORMATS } from '../../engine/common/formats';
import { JOB_RESULTS, JOB_STATES } from '../render-job.entity';

export class RenderJobCountsResponse {
  @ApiProperty({ description: 'Items of the job.' })
  readonly total: number;

  @ApiProperty({ description: 'Items rendered.' })
  readonly done: number;

  @ApiProperty({ description: 'Items that failed (their problems are listed).' })
  readonly failed: number;
}

export class RenderJobProblemResponse {
  @ApiProperty({ description: "The item's place in `items`, from 0." })
  readonly index: number;

  @ApiProperty({
    description:
      'Why it failed: a problem as a render would answer it (status, title, detail; errors for a 400).',
    type: 'object',
    additionalProperties: true,
    example: {
      type: 'https://tools.ietf.org/html/rfc9110#section-15.5.21',
      title: 'Unprocessable Content',
      status: 422,
      detail: 'The render took longer than 10000 ms and was stopped.',
    },
  })
  readonly problem: Record<string, unknown>;
}

export class RenderJobCallbackResponse {
  @ApiProperty({ description: '`pending` (not yet sent, or to be tried again), `delivered` or `failed`.' })
  readonly state: string;

  @ApiProperty({ description: 'Attempts so far.' })
  readonly attempts: number;

  @ApiPropertyOptional({
    description: "The last attempt's outcome, in a few words.",
    nullable: true,
    type: String,
  })
  readonly outcome: string | null;
}

/** A render job as its owner's list gives it (contract 10). */
export class RenderJobSummaryResponse {
  @ApiProperty({ format: 'uuid' })
  readonly id: string;

  @ApiProperty({
    enum: JOB_STATES,
    description:
      'queued, running, succeeded (every item done or failed, at least one done), failed (every item failed), cancelled.',
  })
  readonly state: string;

  @ApiProperty({ enum: JOB_RESULTS })
  readonly result: string;

  @ApiProperty({ enum: OUTPUT_FORMATS })
  readonly outputFormat: string;

  @ApiProperty({ description: 'The template: `name@version`, or `inline@sha256:<16 hex digits>`.' })
  readonly template: string;

  @ApiProperty({ type: RenderJobCountsResponse })
  readonly counts: RenderJobCountsResponse;

  @ApiPropertyOptional({
    type: RenderJobCallbackResponse,
    nullable: true,
    description: 'The callback to callbackUrl, when the job has one.',
  })
  readonly callback: RenderJobCallbackResponse | null;

  @ApiPropertyOptional({
    description: 'Where to read the result, once the job has succeeded (and until it expires or is deleted).',
    nullable: true,
    type: String,
    example: '/demo/v10-0/render-jobs/3b0f6d8e-2c1a-4a57-9f0e-5d2a4c1b7e90/result',
  })
  readonly resultUrl: string | null;

  @ApiProperty({ format: 'date-time' })
  readonly createdAt: string;

  @ApiPropertyOptional({ format: 'date-time', nullable: true, type: String })
  readonly startedAt: string | null;

  @ApiPropertyOptional({ format: 'date-time', nullable: true, type: String })
  readonly finishedAt: string | null;

  @ApiProperty({
    format: 'date-time',
    description: 'When the job and its result are deleted: RENDER_JOB_RESULT_TTL after it finished.',
  })
  readonly expiresAt: string;
}

/** A render job as its owner reads it, with its failed items (contract 10). */
export class RenderJobResponse extends RenderJobSummaryResponse {
  @ApiProperty({
    type: [RenderJobProblemResponse],
    description:
      'The failed items, in their order: the first 100 (the zip result lists all in problems.json).',
  })
  readonly problems: RenderJobProblemResponse[];
}
