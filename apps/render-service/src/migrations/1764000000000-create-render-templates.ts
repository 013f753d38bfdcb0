import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateRenderTemplates1764000000000 implements MigrationInterface {
  name = 'CreateRenderTemplates1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "render_template" (
        "id" SERIAL NOT NULL,
        "name" character varying(50) NOT NULL,
        "latest_version" integer NOT NULL,
        "created_by" character varying(100) NOT NULL,
        "create_stamp" TIMESTAMP WITH TIME ZONE NOT NULL,
        "updated_by" character varying(100) NOT NULL,
        "update_stamp" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "pk_render_template" PRIMARY KEY ("id"),
        CONSTRAINT "ck_render_template_latest_version" CHECK ("latest_version" >= 1)
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_render_template_name" ON "render_template" ("name")`);
    await queryRunner.query(`
      CREATE TABLE "render_template_version" (
        "id" SERIAL NOT NULL,
        "template_id" integer NOT NULL,
        "version" integer NOT NULL,
        "input_format" character varying(10),
        "data" text NOT NULL,
        "created_by" character varying(100) NOT NULL,
        "create_stamp" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "pk_render_template_version" PRIMARY KEY ("id"),
        CONSTRAINT "ck_render_template_version_version" CHECK ("version" >= 1),
        CONSTRAINT "ck_render_template_version_input_format"
          CHECK ("input_format" IS NULL OR "input_format" IN ('json', 'html', 'md', 'txt')),
        CONSTRAINT "fk_render_template_version_template" FOREIGN KEY ("template_id")
          REFERENCES "render_template" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_render_template_version" ON "render_template_version" ("template_id", "version")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "render_template_version"`);
    await queryRunner.query(`DROP TABLE "render_template"`);
  }
}
