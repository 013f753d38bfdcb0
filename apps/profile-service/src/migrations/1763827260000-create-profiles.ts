import type { MigrationInterface, QueryRunner } from 'typeorm';

const AUDIT = `
  "created_by" character varying(100) NOT NULL,
  "create_stamp" TIMESTAMP WITH TIME ZONE NOT NULL,
  "updated_by" character varying(100) NOT NULL,
  "update_stamp" TIMESTAMP WITH TIME ZONE NOT NULL`;

const GENDERS = `('Unknown', 'Male', 'Female', 'Other')`;

/**
 * Profiles and what belongs to them: accounts, persons, organizations and their signatories,
 * pictures, identities, roles, service setting values and favorite services.
 *
 * A profile is a person or an organization (exactly one). What belongs to a profile goes with it
 * (ON DELETE CASCADE); its person, account and organization are referenced from the profile and
 * are deleted after it. Usernames are unique case-insensitively; an external id is unique per
 * identity provider; a profile has one identity per provider.
 */
export class CreateProfiles1763827260000 implements MigrationInterface {
  name = 'CreateProfiles1763827260000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "account" (
        "id" SERIAL NOT NULL,
        "username" character varying(100) NOT NULL,
        "password_hash" character varying(255),
        "session_duration" integer NOT NULL DEFAULT 30,
        "is_signup_complete" boolean NOT NULL DEFAULT false,
        "is_local" boolean NOT NULL DEFAULT false,
        "has_seen_own_profile" boolean NOT NULL DEFAULT false,${AUDIT},
        CONSTRAINT "pk_account" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_account_username" ON "account" (lower("username"))`);

    await queryRunner.query(`
      CREATE TABLE "person" (
        "id" SERIAL NOT NULL,
        "account_id" integer NOT NULL,
        "firstname" character varying(160),
        "lastname" character varying(160),
        "gender" character varying(20) NOT NULL DEFAULT 'Unknown',
        "ahv_number" character varying(64),
        "mobile_phone" character varying(40),
        "birthdate" TIMESTAMP WITH TIME ZONE,
        "marital_status_id" integer,${AUDIT},
        CONSTRAINT "pk_person" PRIMARY KEY ("id"),
        CONSTRAINT "ck_person_gender" CHECK ("gender" IN ${GENDERS}),
        CONSTRAINT "fk_person_account" FOREIGN KEY ("account_id")
          REFERENCES "account" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION,
        CONSTRAINT "fk_person_marital_status" FOREIGN KEY ("marital_status_id")
          REFERENCES "marital_status" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_person_account" ON "person" ("account_id")`);
    await queryRunner.query(`CREATE INDEX "ix_person_marital_status" ON "person" ("marital_status_id")`);

    // created_by_profile_id refers to profile, created below; its foreign key is added after it.
    await queryRunner.query(`
      CREATE TABLE "organization" (
        "id" SERIAL NOT NULL,
        "name" character varying(160) NOT NULL,
        "uid" character varying(30),
        "fso_id" integer,
        "website" character varying(400),
        "org_category_id" integer NOT NULL,
        "legal_form_id" integer NOT NULL,
        "org_identification_level_id" integer,
        "identification_process" character varying(100),
        "is_self_registration" boolean NOT NULL DEFAULT false,
        "created_by_profile_id" integer,
        "is_pending" boolean NOT NULL DEFAULT false,
        "signature_type" character varying(20) NOT NULL DEFAULT 'Unknown',
        "business_case_id" uuid,${AUDIT},
        CONSTRAINT "pk_organization" PRIMARY KEY ("id"),
        CONSTRAINT "ck_organization_signature_type" CHECK ("signature_type" IN ('Unknown', 'Single', 'Collective')),
        CONSTRAINT "fk_organization_org_category" FOREIGN KEY ("org_category_id")
          REFERENCES "org_category" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION,
        CONSTRAINT "fk_organization_legal_form" FOREIGN KEY ("legal_form_id")
          REFERENCES "legal_form" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION,
        CONSTRAINT "fk_organization_org_identification_level" FOREIGN KEY ("org_identification_level_id")
          REFERENCES "org_identification_level" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE INDEX "ix_organization_org_category" ON "organization" ("org_category_id")`,
    );
    await queryRunner.query(`CREATE INDEX "ix_organization_legal_form" ON "organization" ("legal_form_id")`);
    await queryRunner.query(
      `CREATE INDEX "ix_organization_org_identification_level" ON "organization" ("org_identification_level_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_organization_created_by_profile" ON "organization" ("created_by_profile_id")`,
    );
    await queryRunner.query(`CREATE INDEX "ix_organization_uid" ON "organization" ("uid")`);

    await queryRunner.query(`
      CREATE TABLE "signatory" (
        "id" SERIAL NOT NULL,
        "organization_id" integer NOT NULL,
        "is_requester" boolean NOT NULL DEFAULT false,
        "type" character varying(20) NOT NULL DEFAULT 'Signer',
        "position" character varying(160),
        "gender" character varying(20) NOT NULL DEFAULT 'Unknown',
        "firstname" character varying(160),
        "lastname" character varying(160),
        "birthdate" TIMESTAMP WITH TIME ZONE,
        "email" character varying(400),
        "ahv_number" character varying(64),
        "identity_number" character varying(64),
        "address" character varying(320),
        "zip_code" character varying(12),
        "city" character varying(160),
        "origin" character varying(160),${AUDIT},
        CONSTRAINT "pk_signatory" PRIMARY KEY ("id"),
        CONSTRAINT "ck_signatory_type" CHECK ("type" IN ('Unknown', 'Signer', 'Representative')),
        CONSTRAINT "ck_signatory_gender" CHECK ("gender" IN ${GENDERS}),
        CONSTRAINT "fk_signatory_organization" FOREIGN KEY ("organization_id")
          REFERENCES "organization" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(`CREATE INDEX "ix_signatory_organization" ON "signatory" ("organization_id")`);

    await queryRunner.query(`
      CREATE TABLE "profile" (
        "id" SERIAL NOT NULL,
        "person_id" integer,
        "organization_id" integer,
        "is_enabled" boolean NOT NULL DEFAULT true,
        "external_key" character varying(50),
        "language" character varying(2),
        "email" character varying(400) NOT NULL,
        "phone" character varying(40),
        "fax" character varying(40),
        "address" character varying(320),
        "zip_code" character varying(12),
        "city" character varying(160),
        "country_code" character varying(2),
        "accepts_advertisement" boolean NOT NULL DEFAULT true,
        "last_login_stamp" TIMESTAMP WITH TIME ZONE,
        "login_count" integer NOT NULL DEFAULT 0,
        "inactivity_state" character varying(20) NOT NULL DEFAULT 'Active',
        "is_flagged_for_deletion" boolean NOT NULL DEFAULT false,
        "grace_period_end_date" TIMESTAMP WITH TIME ZONE,${AUDIT},
        CONSTRAINT "pk_profile" PRIMARY KEY ("id"),
        CONSTRAINT "ck_profile_kind" CHECK (num_nonnulls("person_id", "organization_id") = 1),
        CONSTRAINT "ck_profile_inactivity_state" CHECK (
          "inactivity_state" IN ('Active', 'InactiveLevelOne', 'InactiveLevelTwo', 'InactiveLevelThree')
        ),
        CONSTRAINT "ck_profile_login_count" CHECK ("login_count" >= 0),
        CONSTRAINT "fk_profile_person" FOREIGN KEY ("person_id")
          REFERENCES "person" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION,
        CONSTRAINT "fk_profile_organization" FOREIGN KEY ("organization_id")
          REFERENCES "organization" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_profile_person" ON "profile" ("person_id")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_profile_organization" ON "profile" ("organization_id")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_profile_external_key" ON "profile" ("external_key")`);
    await queryRunner.query(`
      ALTER TABLE "organization"
        ADD CONSTRAINT "fk_organization_created_by_profile" FOREIGN KEY ("created_by_profile_id")
        REFERENCES "profile" ("id") ON DELETE SET NULL ON UPDATE NO ACTION`);

    await queryRunner.query(`
      CREATE TABLE "profile_picture" (
        "id" SERIAL NOT NULL,
        "profile_id" integer NOT NULL,
        "unique_id" uuid NOT NULL,
        "custom_image_type" character varying(50),
        "custom_image_bytes" bytea,
        "default_image_url" character varying(400),
        "default_small_image_url" character varying(400),${AUDIT},
        CONSTRAINT "pk_profile_picture" PRIMARY KEY ("id"),
        CONSTRAINT "fk_profile_picture_profile" FOREIGN KEY ("profile_id")
          REFERENCES "profile" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_profile_picture_profile" ON "profile_picture" ("profile_id")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_profile_picture_unique_id" ON "profile_picture" ("unique_id")`,
    );

    await queryRunner.query(`
      CREATE TABLE "identity" (
        "id" SERIAL NOT NULL,
        "identity_provider_id" integer NOT NULL,
        "account_id" integer NOT NULL,
        "identification_level_id" integer NOT NULL,
        "external_id" character varying(50) NOT NULL,
        "profile_id" integer NOT NULL,
        "metadata" jsonb,${AUDIT},
        CONSTRAINT "pk_identity" PRIMARY KEY ("id"),
        CONSTRAINT "fk_identity_identity_provider" FOREIGN KEY ("identity_provider_id")
          REFERENCES "identity_provider" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION,
        CONSTRAINT "fk_identity_account" FOREIGN KEY ("account_id")
          REFERENCES "account" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "fk_identity_identification_level" FOREIGN KEY ("identification_level_id")
          REFERENCES "identification_level" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION,
        CONSTRAINT "fk_identity_profile" FOREIGN KEY ("profile_id")
          REFERENCES "profile" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_identity_provider_external_id" ON "identity" ("identity_provider_id", "external_id")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_identity_profile_provider" ON "identity" ("profile_id", "identity_provider_id")`,
    );
    await queryRunner.query(`CREATE INDEX "ix_identity_account" ON "identity" ("account_id")`);
    await queryRunner.query(
      `CREATE INDEX "ix_identity_identification_level" ON "identity" ("identification_level_id")`,
    );

    await queryRunner.query(`
      CREATE TABLE "profile_role" (
        "id" SERIAL NOT NULL,
        "profile_id" integer NOT NULL,
        "role_id" integer NOT NULL,
        "validity_start_stamp" TIMESTAMP WITH TIME ZONE NOT NULL,${AUDIT},
        CONSTRAINT "pk_profile_role" PRIMARY KEY ("id"),
        CONSTRAINT "fk_profile_role_profile" FOREIGN KEY ("profile_id")
          REFERENCES "profile" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "fk_profile_role_role" FOREIGN KEY ("role_id")
          REFERENCES "role" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_profile_role" ON "profile_role" ("profile_id", "role_id")`,
    );
    await queryRunner.query(`CREATE INDEX "ix_profile_role_role" ON "profile_role" ("role_id")`);

    await queryRunner.query(`
      CREATE TABLE "service_setting_value" (
        "id" SERIAL NOT NULL,
        "profile_id" integer NOT NULL,
        "service_setting_id" integer NOT NULL,
        "value" character varying(4000) NOT NULL,${AUDIT},
        CONSTRAINT "pk_service_setting_value" PRIMARY KEY ("id"),
        CONSTRAINT "fk_service_setting_value_profile" FOREIGN KEY ("profile_id")
          REFERENCES "profile" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "fk_service_setting_value_service_setting" FOREIGN KEY ("service_setting_id")
          REFERENCES "service_setting" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_service_setting_value_profile_setting" ON "service_setting_value" ("profile_id", "service_setting_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_service_setting_value_service_setting" ON "service_setting_value" ("service_setting_id")`,
    );

    await queryRunner.query(`
      CREATE TABLE "favorite_service" (
        "id" SERIAL NOT NULL,
        "profile_id" integer NOT NULL,
        "representative_profile_id" integer,
        "delegator_profile_id" integer,
        "service_id" integer NOT NULL,
        "sort_order" integer NOT NULL DEFAULT 0,${AUDIT},
        CONSTRAINT "pk_favorite_service" PRIMARY KEY ("id"),
        CONSTRAINT "fk_favorite_service_profile" FOREIGN KEY ("profile_id")
          REFERENCES "profile" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "fk_favorite_service_representative_profile" FOREIGN KEY ("representative_profile_id")
          REFERENCES "profile" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "fk_favorite_service_delegator_profile" FOREIGN KEY ("delegator_profile_id")
          REFERENCES "profile" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "fk_favorite_service_service" FOREIGN KEY ("service_id")
          REFERENCES "service" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX "uq_favorite_service" ON "favorite_service"
        ("profile_id", "service_id", "representative_profile_id", "delegator_profile_id") NULLS NOT DISTINCT`);
    await queryRunner.query(
      `CREATE INDEX "ix_favorite_service_representative_profile" ON "favorite_service" ("representative_profile_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_favorite_service_delegator_profile" ON "favorite_service" ("delegator_profile_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_favorite_service_service" ON "favorite_service" ("service_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "organization" DROP CONSTRAINT "fk_organization_created_by_profile"`,
    );
    for (const table of [
      'favorite_service',
      'service_setting_value',
      'profile_role',
      'identity',
      'profile_picture',
      'profile',
      'signatory',
      'organization',
      'person',
      'account',
    ]) {
      await queryRunner.query(`DROP TABLE "${table}"`);
    }
  }
}
