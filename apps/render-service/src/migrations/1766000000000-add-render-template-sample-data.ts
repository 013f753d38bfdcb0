import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Sample data kept with each template version (issue 10): compact JSON text, at most 1 MiB. */
export class AddRenderTemplateSampleData1766000000000 implements MigrationInterface {
  name = 'AddRenderTemplateSampleData1766000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // text keeps the author's key order (jsonb would sort it) and every value JSON can hold.
    await queryRunner.query(`ALTER TABLE "render_template_version" ADD "sample_data" text`);
    await queryRunner.query(`
      ALTER TABLE "render_template_version" ADD CONSTRAINT "ck_render_template_version_sample_data_size"
        CHECK ("sample_data" IS NULL OR octet_length("sample_data") <= 1048576)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "render_template_version" DROP COLUMN "sample_data"`);
  }
}
