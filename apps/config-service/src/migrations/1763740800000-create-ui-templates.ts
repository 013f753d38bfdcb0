import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUiTemplates1763740800000 implements MigrationInterface {
  name = 'CreateUiTemplates1763740800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "ui_template" (
        "id" SERIAL NOT NULL,
        "name" character varying(100) NOT NULL,
        "display_name" character varying(255) NOT NULL,
        "description" character varying(255),
        "svg_css_filter" character varying(2000),
        "color_palette" jsonb NOT NULL,
        "header_logo" jsonb NOT NULL,
        "footer_logo" jsonb NOT NULL,
        "links" jsonb,
        "social_networks" jsonb,
        "sender_identifiers" character varying(254) array NOT NULL,
        "created_by" character varying(100) NOT NULL,
        "create_stamp" TIMESTAMP WITH TIME ZONE NOT NULL,
        "updated_by" character varying(100) NOT NULL,
        "update_stamp" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "pk_ui_template" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_ui_template_name" ON "ui_template" ("name")`);
    await queryRunner.query(`
      CREATE TABLE "ui_template_sender_identifier" (
        "id" SERIAL NOT NULL,
        "ui_template_id" integer NOT NULL,
        "value" character varying(254) NOT NULL,
        CONSTRAINT "pk_ui_template_sender_identifier" PRIMARY KEY ("id"),
        CONSTRAINT "fk_ui_template_sender_identifier_template" FOREIGN KEY ("ui_template_id")
          REFERENCES "ui_template" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_ui_template_sender_identifier_value" ON "ui_template_sender_identifier" ("value")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_ui_template_sender_identifier_template" ON "ui_template_sender_identifier" ("ui_template_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "ui_template_sender_identifier"`);
    await queryRunner.query(`DROP TABLE "ui_template"`);
  }
}
