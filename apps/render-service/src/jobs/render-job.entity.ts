import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

import type { InputFormat, OutputFormat } from '../engine/common/formats';

export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];
/** The states a job does not leave. */
export const FINISHED_STATES: readonly JobState[] = ['succeeded', 'failed', 'cancelled'];

export const JOB_RESULTS = ['merged', 'zip'] as const;
export type JobResult = (typeof JOB_RESULTS)[number];

export const JOB_IDEMPOTENCY_UNIQUE = 'uq_render_job_idempotency';

/**
 * A render job (contract 10): one template, rendered for each of its items by any replica's
 * workers. It keeps the template fields as resolved when it was accepted, so that its items render
 * alike whatever happens to the saved template meanwhile.
 */
@Entity('render_job')
@Index(JOB_IDEMPOTENCY_UNIQUE, ['owner', 'idempotencyKey'], { unique: true })
@Index('ix_render_job_owner', ['owner', 'createdAt', 'id'])
@Index('ix_render_job_expires_at', ['expiresAt'])
export class RenderJobEntity {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  /** The token subject that created it: the only caller that sees it. */
  @Column({ type: 'text' })
  owner: string;

  @Column({ type: 'text' })
  state: JobState;

  @Column({ type: 'text' })
  result: JobResult;

  @Column({ name: 'input_format', type: 'text' })
  inputFormat: InputFormat;

  @Column({ name: 'output_format', type: 'text' })
  outputFormat: OutputFormat;

  @Column({ type: 'text', select: false })
  template: string;

  @Column({ name: 'template_key', type: 'text', nullable: true })
  templateKey: string | null;

  @Column({ name: 'template_label', type: 'text' })
  templateLabel: string;

  @Column({ name: 'renderer_options', type: 'text', nullable: true })
  rendererOptions: string | null;

  @Column({ type: 'text', nullable: true })
  branding: string | null;

  @Column({ name: 'request_locale', type: 'text', nullable: true })
  requestLocale: string | null;

  /** The fileName template as sent (each item's name is computed when the job is accepted). */
  @Column({ name: 'file_name', type: 'text' })
  fileName: string;

  @Column({ name: 'callback_url', type: 'text', nullable: true })
  callbackUrl: string | null;

  /** The W3C traceparent of the request that created it, carried by its callback. */
  @Column({ type: 'text', nullable: true })
  traceparent: string | null;

  @Column({ type: 'integer' })
  total: number;

  @Column({ type: 'integer', default: 0 })
  done: number;

  @Column({ type: 'integer', default: 0 })
  failed: number;

  @Column({ name: 'idempotency_key', type: 'text', nullable: true })
  idempotencyKey: string | null;

  /** SHA-256 of the request that created it, to tell a replay from another request with its key. */
  @Column({ name: 'request_sha256', type: 'text', nullable: true })
  requestSha256: string | null;

  /** `pending`, `delivered` or `failed` (null: no callback). */
  @Column({ name: 'callback_state', type: 'text', nullable: true })
  callbackState: string | null;

  @Column({ name: 'callback_attempts', type: 'integer', default: 0 })
  callbackAttempts: number;

  /** What the last attempt came to, in a few words. */
  @Column({ name: 'callback_outcome', type: 'text', nullable: true })
  callbackOutcome: string | null;

  /** DELETE on a finished job removes its result; the job stays readable until it expires. */
  @Column({ name: 'result_deleted', type: 'boolean', default: false })
  resultDeleted: boolean;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  /** When the job and its result are deleted. */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;
}

/** One item of a render job: its data, and once rendered its document or its problem. */
@Entity('render_job_item')
export class RenderJobItemEntity {
  @PrimaryColumn({ name: 'job_id', type: 'uuid' })
  jobId: string;

  @PrimaryColumn({ type: 'integer' })
  index: number;

  /** JSON text. */
  @Column({ type: 'text', select: false })
  data: string;

  @Column({ name: 'file_name', type: 'text' })
  fileName: string;

  /** `pending`, `done` or `failed`. */
  @Column({ type: 'text', default: 'pending' })
  state: 'pending' | 'done' | 'failed';

  @Column({ type: 'bytea', nullable: true, select: false })
  output: Buffer | null;

  @Column({ name: 'output_size', type: 'integer', nullable: true })
  outputSize: number | null;

  @Column({ type: 'jsonb', nullable: true })
  problem: Record<string, unknown> | null;
}
