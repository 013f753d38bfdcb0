import type { MigrationInterface, QueryRunner } from 'typeorm';

const AUDIT = `
  "created_by" character varying(100) NOT NULL,
  "create_stamp" TIMESTAMP WITH TIME ZONE NOT NULL,
  "updated_by" character varying(100) NOT NULL,
  "update_stamp" TIMESTAMP WITH TIME ZONE NOT NULL`;

/**
 * Reference data (clients, identification levels, identity providers, legal forms, marital
 * statuses, organization categories) and the catalogue (roles, themes, services, the roles and
 * clients of a service, surveys, service settings), plus the citizen role every new person
 * profile receives (contract 6).
 *
 * Code names (`name`, `code`) are unique case-insensitively. A record that others refer to
 * cannot be deleted (ON DELETE RESTRICT), except the parts of a service (its roles, clients and
 * survey) and the roles of a category, which go with it.
 */
export class CreateReferenceDataAndCatalogue1763827200000 implements MigrationInterface {
  name = 'CreateReferenceDataAndCatalogue1763827200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "client" (
        "id" SERIAL NOT NULL,
        "name" character varying(100) NOT NULL,
        "display_name" character varying(255) NOT NULL,
        "description" character varying(255),${AUDIT},
        CONSTRAINT "pk_client" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_client_name" ON "client" (lower("name"))`);

    await queryRunner.query(`
      CREATE TABLE "identification_level" (
        "id" SERIAL NOT NULL,
        "name" character varying(100) NOT NULL,
        "display_name" character varying(255) NOT NULL,
        "description" character varying(255),
        "level_of_trust" integer NOT NULL DEFAULT 0,${AUDIT},
        CONSTRAINT "pk_identification_level" PRIMARY KEY ("id"),
        CONSTRAINT "ck_identification_level_level_of_trust" CHECK ("level_of_trust" >= 0)
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_identification_level_name" ON "identification_level" (lower("name"))`,
    );

    // elevation_service_id refers to service, created below; its foreign key is added after it.
    await queryRunner.query(`
      CREATE TABLE "org_identification_level" (
        "id" SERIAL NOT NULL,
        "name" character varying(100) NOT NULL,
        "display_name" character varying(255) NOT NULL,
        "description" character varying(255),
        "level_of_trust" integer NOT NULL DEFAULT 0,
        "elevation_service_id" integer,${AUDIT},
        CONSTRAINT "pk_org_identification_level" PRIMARY KEY ("id"),
        CONSTRAINT "ck_org_identification_level_level_of_trust" CHECK ("level_of_trust" >= 0)
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_org_identification_level_name" ON "org_identification_level" (lower("name"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_org_identification_level_elevation_service" ON "org_identification_level" ("elevation_service_id")`,
    );

    await queryRunner.query(`
      CREATE TABLE "identity_provider" (
        "id" SERIAL NOT NULL,
        "name" character varying(200) NOT NULL,
        "display_name" character varying(255) NOT NULL,
        "type_name" character varying(500) NOT NULL,
        "is_default" boolean NOT NULL DEFAULT false,
        "is_enabled" boolean NOT NULL DEFAULT false,
        "data" character varying(4000),${AUDIT},
        CONSTRAINT "pk_identity_provider" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_identity_provider_name" ON "identity_provider" (lower("name"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_identity_provider_default" ON "identity_provider" ("is_default") WHERE "is_default"`,
    );

    await queryRunner.query(`
      CREATE TABLE "legal_form" (
        "id" SERIAL NOT NULL,
        "name" character varying(100) NOT NULL,
        "display_name" character varying(255) NOT NULL,
        "code" character varying(50),
        "description" character varying(255),
        "is_org_deletable_by_owner" boolean NOT NULL DEFAULT true,${AUDIT},
        CONSTRAINT "pk_legal_form" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_legal_form_name" ON "legal_form" (lower("name"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_legal_form_code" ON "legal_form" (lower("code"))`);

    await queryRunner.query(`
      CREATE TABLE "marital_status" (
        "id" SERIAL NOT NULL,
        "name" character varying(100) NOT NULL,
        "display_name" character varying(255) NOT NULL,
        "is_enabled" boolean NOT NULL DEFAULT true,
        "sort_order" integer NOT NULL DEFAULT 0,${AUDIT},
        CONSTRAINT "pk_marital_status" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_marital_status_name" ON "marital_status" (lower("name"))`,
    );

    await queryRunner.query(`
      CREATE TABLE "org_category" (
        "id" SERIAL NOT NULL,
        "name" character varying(100) NOT NULL,
        "display_name" character varying(255) NOT NULL,
        "code" character varying(50),
        "description" character varying(255),
        "is_visible" boolean NOT NULL DEFAULT true,
        "is_org_deletable_by_owner" boolean NOT NULL DEFAULT true,
        "profile_picture_url" character varying(100),
        "small_profile_picture_url" character varying(100),
        "days_until_first_deletion_reminder" integer,
        "days_until_second_deletion_reminder" integer,
        "days_until_deletion" integer,${AUDIT},
        CONSTRAINT "pk_org_category" PRIMARY KEY ("id"),
        CONSTRAINT "ck_org_category_days_until_deletion" CHECK ("days_until_deletion" > 0),
        CONSTRAINT "ck_org_category_deletion_reminders" CHECK (
          "days_until_first_deletion_reminder" >= 0 AND "days_until_second_deletion_reminder" >= 0
        )
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_org_category_name" ON "org_category" (lower("name"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_org_category_code" ON "org_category" (lower("code"))`);

    await queryRunner.query(`
      CREATE TABLE "role" (
        "id" SERIAL NOT NULL,
        "name" character varying(100) NOT NULL,
        "display_name" character varying(255) NOT NULL,
        "description" character varying(255),${AUDIT},
        CONSTRAINT "pk_role" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_role_name" ON "role" (lower("name"))`);

    await queryRunner.query(`
      CREATE TABLE "org_category_role" (
        "id" SERIAL NOT NULL,
        "org_category_id" integer NOT NULL,
        "role_id" integer NOT NULL,${AUDIT},
        CONSTRAINT "pk_org_category_role" PRIMARY KEY ("id"),
        CONSTRAINT "fk_org_category_role_org_category" FOREIGN KEY ("org_category_id")
          REFERENCES "org_category" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "fk_org_category_role_role" FOREIGN KEY ("role_id")
          REFERENCES "role" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_org_category_role" ON "org_category_role" ("org_category_id", "role_id")`,
    );
    await queryRunner.query(`CREATE INDEX "ix_org_category_role_role" ON "org_category_role" ("role_id")`);

    await queryRunner.query(`
      CREATE TABLE "service_theme" (
        "id" SERIAL NOT NULL,
        "name" character varying(100) NOT NULL,
        "display_name" character varying(255) NOT NULL,
        "description" character varying(255),
        "is_visible" boolean NOT NULL DEFAULT true,
        "sort_order" integer NOT NULL DEFAULT 0,${AUDIT},
        CONSTRAINT "pk_service_theme" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_service_theme_name" ON "service_theme" (lower("name"))`);

    await queryRunner.query(`
      CREATE TABLE "service" (
        "id" SERIAL NOT NULL,
        "external_id" character varying(50),
        "name" character varying(100) NOT NULL,
        "display_name" character varying(255) NOT NULL,
        "identification_level_id" integer NOT NULL,
        "org_identification_level_id" integer NOT NULL,
        "service_theme_id" integer NOT NULL,
        "icon_path" character varying(400),
        "css_class" character varying(100),
        "url" character varying(400),
        "url_target" character varying(20) NOT NULL DEFAULT 'Self',
        "tracker_project_id" character varying(100),
        "is_procuration_available" boolean NOT NULL DEFAULT false,
        "is_in_maintenance" boolean NOT NULL DEFAULT false,
        "is_shown_in_catalog" boolean NOT NULL DEFAULT true,
        "is_external" boolean NOT NULL DEFAULT false,
        "is_accessible" boolean NOT NULL DEFAULT false,
        "is_responsive" boolean NOT NULL DEFAULT false,
        "is_new" boolean NOT NULL DEFAULT false,
        "is_navigation_shown" boolean NOT NULL DEFAULT true,
        "is_support_available" boolean NOT NULL DEFAULT false,
        "is_profile_manager_available" boolean NOT NULL DEFAULT false,
        "sub_theme_key" character varying(100),
        "days_until_reminder" integer,${AUDIT},
        CONSTRAINT "pk_service" PRIMARY KEY ("id"),
        CONSTRAINT "ck_service_url_target" CHECK ("url_target" IN ('Self', 'Blank')),
        CONSTRAINT "ck_service_days_until_reminder" CHECK ("days_until_reminder" >= 0),
        CONSTRAINT "fk_service_identification_level" FOREIGN KEY ("identification_level_id")
          REFERENCES "identification_level" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION,
        CONSTRAINT "fk_service_org_identification_level" FOREIGN KEY ("org_identification_level_id")
          REFERENCES "org_identification_level" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION,
        CONSTRAINT "fk_service_service_theme" FOREIGN KEY ("service_theme_id")
          REFERENCES "service_theme" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_service_name" ON "service" (lower("name"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_service_external_id" ON "service" ("external_id")`);
    await queryRunner.query(
      `CREATE INDEX "ix_service_identification_level" ON "service" ("identification_level_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_service_org_identification_level" ON "service" ("org_identification_level_id")`,
    );
    await queryRunner.query(`CREATE INDEX "ix_service_service_theme" ON "service" ("service_theme_id")`);
    await queryRunner.query(`
      ALTER TABLE "org_identification_level"
        ADD CONSTRAINT "fk_org_identification_level_elevation_service" FOREIGN KEY ("elevation_service_id")
        REFERENCES "service" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);

    await queryRunner.query(`
      CREATE TABLE "service_role" (
        "id" SERIAL NOT NULL,
        "service_id" integer NOT NULL,
        "role_id" integer NOT NULL,
        "is_visible" boolean NOT NULL DEFAULT true,${AUDIT},
        CONSTRAINT "pk_service_role" PRIMARY KEY ("id"),
        CONSTRAINT "fk_service_role_service" FOREIGN KEY ("service_id")
          REFERENCES "service" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "fk_service_role_role" FOREIGN KEY ("role_id")
          REFERENCES "role" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_service_role" ON "service_role" ("service_id", "role_id")`,
    );
    await queryRunner.query(`CREATE INDEX "ix_service_role_role" ON "service_role" ("role_id")`);

    await queryRunner.query(`
      CREATE TABLE "service_client" (
        "id" SERIAL NOT NULL,
        "service_id" integer NOT NULL,
        "client_id" integer NOT NULL,${AUDIT},
        CONSTRAINT "pk_service_client" PRIMARY KEY ("id"),
        CONSTRAINT "fk_service_client_service" FOREIGN KEY ("service_id")
          REFERENCES "service" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "fk_service_client_client" FOREIGN KEY ("client_id")
          REFERENCES "client" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_service_client" ON "service_client" ("service_id", "client_id")`,
    );
    await queryRunner.query(`CREATE INDEX "ix_service_client_client" ON "service_client" ("client_id")`);

    await queryRunner.query(`
      CREATE TABLE "survey" (
        "id" SERIAL NOT NULL,
        "service_id" integer NOT NULL,
        "survey_url" character varying(400) NOT NULL,
        "is_random_feedback_enabled" boolean NOT NULL DEFAULT false,
        "is_spontaneous_feedback_enabled" boolean NOT NULL DEFAULT false,
        "rf_activation_chance" integer NOT NULL DEFAULT 0,
        "rf_min_days_after_refused" integer NOT NULL DEFAULT 0,
        "rf_min_days_after_accepted" integer NOT NULL DEFAULT 0,
        "sf_min_days_after_accepted" integer NOT NULL DEFAULT 0,${AUDIT},
        CONSTRAINT "pk_survey" PRIMARY KEY ("id"),
        CONSTRAINT "ck_survey_rf_activation_chance" CHECK ("rf_activation_chance" BETWEEN 0 AND 100),
        CONSTRAINT "ck_survey_min_days" CHECK (
          "rf_min_days_after_refused" >= 0 AND "rf_min_days_after_accepted" >= 0 AND "sf_min_days_after_accepted" >= 0
        ),
        CONSTRAINT "fk_survey_service" FOREIGN KEY ("service_id")
          REFERENCES "service" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_survey_service" ON "survey" ("service_id")`);

    await queryRunner.query(`
      CREATE TABLE "service_setting" (
        "id" SERIAL NOT NULL,
        "service_id" integer NOT NULL,
        "name" character varying(100) NOT NULL,
        "display_name" character varying(255) NOT NULL,
        "description" character varying(255),
        "is_secure" boolean NOT NULL DEFAULT false,${AUDIT},
        CONSTRAINT "pk_service_setting" PRIMARY KEY ("id"),
        CONSTRAINT "fk_service_setting_service" FOREIGN KEY ("service_id")
          REFERENCES "service" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_service_setting_service_name" ON "service_setting" ("service_id", lower("name"))`,
    );

    // Contract 6: every new person profile receives this role (CITIZEN_ROLE_NAME, default Citizen).
    await queryRunner.query(`
      INSERT INTO "role" ("name", "display_name", "description", "created_by", "create_stamp", "updated_by", "update_stamp")
      VALUES ('Citizen', 'role.citizen', 'Held by every person profile.', 'migration', now(), 'migration', now())`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "org_identification_level" DROP CONSTRAINT "fk_org_identification_level_elevation_service"`,
    );
    for (const table of [
      'service_setting',
      'survey',
      'service_client',
      'service_role',
      'service',
      'service_theme',
      'org_category_role',
      'role',
      'org_category',
      'marital_status',
      'legal_form',
      'identity_provider',
      'org_identification_level',
      'identification_level',
      'client',
    ]) {
      await queryRunner.query(`DROP TABLE "${table}"`);
    }
  }
}
