import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The foreign keys whose delete took citizens' records with it, and now refuse it (contract 6). */
const RESTRICTED = [
  {
    table: 'service_setting_value',
    constraint: 'fk_service_setting_value_service_setting',
    column: 'service_setting_id',
    target: 'service_setting',
  },
  {
    table: 'favorite_service',
    constraint: 'fk_favorite_service_service',
    column: 'service_id',
    target: 'service',
  },
  {
    table: 'procuration_service',
    constraint: 'fk_procuration_service_service',
    column: 'service_id',
    target: 'service',
  },
] as const;

/**
 * A service setting that profiles stored values for, and a service that profiles favour or that
 * procurations carry, are records others refer to: their delete is refused with a 400 (contract
 * 6, "likewise for any record that others reference"), where ON DELETE CASCADE removed the
 * values, favorites and procuration links without a word.
 */
export class RestrictDeletesOfReferencedRecords1767398400000 implements MigrationInterface {
  name = 'RestrictDeletesOfReferencedRecords1767398400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const key of RESTRICTED) await this.replace(queryRunner, key, 'RESTRICT');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const key of RESTRICTED) await this.replace(queryRunner, key, 'CASCADE');
  }

  private async replace(
    queryRunner: QueryRunner,
    key: (typeof RESTRICTED)[number],
    onDelete: 'RESTRICT' | 'CASCADE',
  ): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "${key.table}" DROP CONSTRAINT "${key.constraint}",
        ADD CONSTRAINT "${key.constraint}" FOREIGN KEY ("${key.column}")
        REFERENCES "${key.target}" ("id") ON DELETE ${onDelete} ON UPDATE NO ACTION`);
  }
}
