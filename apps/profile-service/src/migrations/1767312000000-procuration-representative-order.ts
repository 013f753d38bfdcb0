import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A representative's procurations in id order from the index itself. With the representative
 * alone in the index, PostgreSQL listed a busy representative's page (1,000 procurations among
 * 100,000 at a million profiles) by walking the primary key in id order and filtering out every
 * other procuration: 19 ms of SQL for a page of 50. With the id beside it: 2.8 ms.
 */
export class ProcurationRepresentativeOrder1767312000000 implements MigrationInterface {
  name = 'ProcurationRepresentativeOrder1767312000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_procuration_representative_profile"`);
    await queryRunner.query(
      `CREATE INDEX "ix_procuration_representative_profile" ON "procuration" ("representative_profile_id", "id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_procuration_representative_profile"`);
    await queryRunner.query(
      `CREATE INDEX "ix_procuration_representative_profile" ON "procuration" ("representative_profile_id")`,
    );
  }
}
