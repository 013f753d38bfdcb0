import type { MigrationInterface, QueryRunner } from 'typeorm';

import { createAuditEventTable, dropAuditEventTable } from '@portal/audit';

/** The audit record of every write (contract 1); the one definition all services share. */
export class CreateAuditEvent1767225600000 implements MigrationInterface {
  name = 'CreateAuditEvent1767225600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createAuditEventTable(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropAuditEventTable(queryRunner);
  }
}
