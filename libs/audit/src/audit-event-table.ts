import type { QueryRunner } from 'typeorm';

import type { AuditEventRow } from './audited-write';

/**
 * The audit_event table every service keeps (contract 1): who wrote what, and with which result,
 * with ids only. Each service's migration creates it with this one definition.
 */
export async function createAuditEventTable(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`
    CREATE TABLE audit_event (
      id bigserial PRIMARY KEY,
      occurred_at timestamptz NOT NULL DEFAULT now(),
      subject varchar(255),
      created_by varchar(100),
      updated_by varchar(100),
      method varchar(10) NOT NULL,
      route varchar(500) NOT NULL,
      resource varchar(200) NOT NULL,
      resource_id varchar(500),
      result varchar(20) NOT NULL,
      status integer NOT NULL,
      correlation_id varchar(128) NOT NULL
    )`);
  // Lists are newest first, filtered by resource (and id), by subject or by time.
  await queryRunner.query(
    'CREATE INDEX ix_audit_event_occurred_at ON audit_event (occurred_at DESC, id DESC)',
  );
  await queryRunner.query(
    'CREATE INDEX ix_audit_event_resource ON audit_event (resource, resource_id, occurred_at DESC)',
  );
  await queryRunner.query('CREATE INDEX ix_audit_event_subject ON audit_event (subject, occurred_at DESC)');
}

export async function dropAuditEventTable(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query('DROP TABLE audit_event');
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
