import type { QueryRunner } from 'typeorm';

import type { AuditEventRow } from './audited-write';

/**
 * The audit_event table every service keeps (contract 1): who wrote what, and with which result,
 * with ids only. Each service's migration creates it with this one definition.
 */
export async function createAuditEventTable(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`
    CREATE TABLE "audit_event" (
      "id" BIGSERIAL NOT NULL,
      "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "subject" character varying(255),
      "created_by" character varying(100),
      "updated_by" character varying(100),
      "method" character varying(10) NOT NULL,
      "route" character varying(500) NOT NULL,
      "resource" character varying(200) NOT NULL,
      "resource_id" character varying(500),
      "result" character varying(20) NOT NULL,
      "status" integer NOT NULL,
      "correlation_id" character varying(128) NOT NULL,
      CONSTRAINT "pk_audit_event" PRIMARY KEY ("id")
    )`);
  // Lists are newest first, filtered by resource (and id), by subject or by time; a b-tree
  // serves the descending order by reading backwards.
  await queryRunner.query(`CREATE INDEX "ix_audit_event_occurred_at" ON "audit_event" ("occurred_at", "id")`);
  await queryRunner.query(
    `CREATE INDEX "ix_audit_event_resource" ON "audit_event" ("resource", "resource_id", "occurred_at")`,
  );
  await queryRunner.query(
    `CREATE INDEX "ix_audit_event_subject" ON "audit_event" ("subject", "occurred_at")`,
  );
}

export async function dropAuditEventTable(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query('DROP TABLE "audit_event"');
}

/** One statement; values are parameters. Text is cut to its column's length rather than fail the write. */
export async function insertAuditEvent(
  run: (sql: string, parameters: unknown[]) => Promise<unknown>,
  row: AuditEventRow,
): Promise<void> {
  await run(
    `INSERT INTO audit_event
       (subject, created_by, updated_by, method, route, resource, resource_id, result, status, correlation_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      cut(row.subject, 255),
      cut(row.createdBy, 100),
      cut(row.updatedBy, 100),
      row.method,
      cut(row.route, 500),
      cut(row.resource, 200),
      cut(row.resourceId, 500),
      row.result,
      row.status,
      cut(row.correlationId, 128),
    ],
  );
}

function cut(value: string | null, length: number): string | null {
  return value === null ? null : [...value].slice(0, length).join('');
}
