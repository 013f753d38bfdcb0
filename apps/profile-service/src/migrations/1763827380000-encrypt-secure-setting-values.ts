import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Values of secure service settings are stored encrypted (AES-256-GCM, in the service): a value
 * row holds either `value` (text) or `encrypted_value` (bytes), exactly one of them. Values
 * stored before stay text; each is encrypted when it is next written, or when its setting is
 * saved as secure.
 */
export class EncryptSecureSettingValues1763827380000 implements MigrationInterface {
  name = 'EncryptSecureSettingValues1763827380000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "service_setting_value" ALTER COLUMN "value" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "service_setting_value" ADD "encrypted_value" bytea`);
    await queryRunner.query(`
      ALTER TABLE "service_setting_value"
        ADD CONSTRAINT "ck_service_setting_value_one_form" CHECK (num_nonnulls("value", "encrypted_value") = 1)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Only the service holds the key: reverting would have to drop the encrypted values.
    const [{ count }] = (await queryRunner.query(
      `SELECT count(*) AS count FROM "service_setting_value" WHERE "encrypted_value" IS NOT NULL`,
    )) as { count: string }[];
    if (Number(count) > 0) {
      throw new Error(
        `${count} service setting values are stored encrypted; delete them (or make their settings not secure ` +
          'and rewrite them) before reverting this migration.',
      );
    }
    await queryRunner.query(
      `ALTER TABLE "service_setting_value" DROP CONSTRAINT "ck_service_setting_value_one_form"`,
    );
    await queryRunner.query(`ALTER TABLE "service_setting_value" DROP COLUMN "encrypted_value"`);
    await queryRunner.query(`ALTER TABLE "service_setting_value" ALTER COLUMN "value" SET NOT NULL`);
  }
}
