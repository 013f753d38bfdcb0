import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Render jobs and their items (contract 10, issue 28). */
export class CreateRenderJobs1768000000000 implements MigrationInterface {
  name = 'CreateRenderJobs1768000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "render_job" (
        "id" uuid NOT NULL,
        "owner" text NOT NULL,
        "state" text NOT NULL,
        "result" text NOT NULL,
        "input_format" text NOT NULL,
        "output_format" text NOT NULL,
        "template" text NOT NULL,
        "template_key" text,
        "template_label" text NOT NULL,
        "renderer_options" text,
        "branding" text,
        "request_locale" text,
        "file_name" text NOT NULL,
        "callback_url" text,
        "traceparent" text,
        "total" integer NOT NULL,
        "done" integer NOT NULL DEFAULT 0,
        "failed" integer NOT NULL DEFAULT 0,
        "idempotency_key" text,
        "request_sha256" text,
        "callback_state" text,
        "callback_attempts" integer NOT NULL DEFAULT 0,
        "callback_outcome" text,
        "result_deleted" boolean NOT NULL DEFAULT false,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "started_at" TIMESTAMP WITH TIME ZONE,
        "finished_at" TIMESTAMP WITH TIME ZONE,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "pk_render_job" PRIMARY KEY ("id"),
        CONSTRAINT "ck_render_job_state" CHECK ("state" IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
        CONSTRAINT "ck_render_job_result" CHECK ("result" IN ('merged', 'zip')),
        CONSTRAINT "ck_render_job_counts" CHECK ("total" >= 1 AND "done" >= 0 AND "failed" >= 0 AND "done" + "failed" <= "total")
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_render_job_idempotency" ON "render_job" ("owner", "idempotency_key")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_render_job_owner" ON "render_job" ("owner", "created_at", "id")`,
    );
    await queryRunner.query(`CREATE INDEX "ix_render_job_expires_at" ON "render_job" ("expires_at")`);
    await queryRunner.query(`
      CREATE TABLE "render_job_item" (
        "job_id" uuid NOT NULL,
        "index" integer NOT NULL,
        "data" text NOT NULL,
        "file_name" text NOT NULL,
        "state" text NOT NULL DEFAULT 'pending',
        "output" bytea,
        "output_size" integer,
        "problem" jsonb,
        CONSTRAINT "pk_render_job_item" PRIMARY KEY ("job_id", "index"),
        CONSTRAINT "fk_render_job_item_job" FOREIGN KEY ("job_id") REFERENCES "render_job" ("id") ON DELETE CASCADE,
        CONSTRAINT "ck_render_job_item_state" CHECK ("state" IN ('pending', 'done', 'failed'))
      )`);
    // Documents are compressed already: TOAST keeps them out of line without trying to compress them.
    await queryRunner.query(`ALTER TABLE "render_job_item" ALTER COLUMN "output" SET STORAGE EXTERNAL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "render_job_item"`);
    await queryRunner.query(`DROP TABLE "render_job"`);
  }
}
