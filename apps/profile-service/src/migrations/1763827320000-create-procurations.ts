import type { MigrationInterface, QueryRunner } from 'typeorm';

const AUDIT = `
  "created_by" character varying(100) NOT NULL,
  "create_stamp" TIMESTAMP WITH TIME ZONE NOT NULL,
  "updated_by" character varying(100) NOT NULL,
  "update_stamp" TIMESTAMP WITH TIME ZONE NOT NULL`;

/**
 * Procurations (a representative acts for a principal, possibly through a delegator), the
 * services each grants, and the invites they may be created through. One procuration per
 * principal, representative and delegator; it goes with any of its profiles, and its services
 * go with it and with the service.
 */
export class CreateProcurations1763827320000 implements MigrationInterface {
  name = 'CreateProcurations1763827320000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "procuration_invite" (
        "id" SERIAL NOT NULL,
        "principal_profile_id" integer NOT NULL,
        "representative_profile_id" integer,
        "description" character varying(255),
        "token" character varying(100) NOT NULL,
        "expiration_stamp" TIMESTAMP WITH TIME ZONE NOT NULL,
        "consumption_stamp" TIMESTAMP WITH TIME ZONE,
        "is_ready_for_approval" boolean NOT NULL DEFAULT false,
        "is_approved" boolean NOT NULL DEFAULT false,
        "approval_stamp" TIMESTAMP WITH TIME ZONE,
        "message_to_principal" character varying(1000),
        "principal_business_case_id" uuid,
        "representative_business_case_id" uuid,
        "representative_email" character varying(400),
        "service_ids" integer array NOT NULL DEFAULT '{}',
        "consumer_in_org_firstname" character varying(160),
        "consumer_in_org_lastname" character varying(160),
        "consumer_in_org_profile_id" integer,${AUDIT},
        CONSTRAINT "pk_procuration_invite" PRIMARY KEY ("id"),
        CONSTRAINT "fk_procuration_invite_principal_profile" FOREIGN KEY ("principal_profile_id")
          REFERENCES "profile" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "fk_procuration_invite_representative_profile" FOREIGN KEY ("representative_profile_id")
          REFERENCES "profile" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "fk_procuration_invite_consumer_in_org_profile" FOREIGN KEY ("consumer_in_org_profile_id")
          REFERENCES "profile" ("id") ON DELETE SET NULL ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_procuration_invite_token" ON "procuration_invite" ("token")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_procuration_invite_principal_profile" ON "procuration_invite" ("principal_profile_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_procuration_invite_representative_profile" ON "procuration_invite" ("representative_profile_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_procuration_invite_consumer_in_org_profile" ON "procuration_invite" ("consumer_in_org_profile_id")`,
    );

    await queryRunner.query(`
      CREATE TABLE "procuration" (
        "id" SERIAL NOT NULL,
        "principal_profile_id" integer NOT NULL,
        "representative_profile_id" integer NOT NULL,
        "delegator_profile_id" integer,
        "validity_start_stamp" TIMESTAMP WITH TIME ZONE NOT NULL,
        "validity_end_stamp" TIMESTAMP WITH TIME ZONE NOT NULL,
        "renewable_from_date" TIMESTAMP WITH TIME ZONE NOT NULL,
        "removal_date" TIMESTAMP WITH TIME ZONE,
        "renewal_state" character varying(20) NOT NULL DEFAULT 'Active',
        "representative_email" character varying(400),
        "person_in_organization_function" character varying(20),
        "is_person_in_organization_pending_delete" boolean NOT NULL DEFAULT false,
        "delegation_mode" character varying(20),
        "procuration_invite_id" integer,${AUDIT},
        CONSTRAINT "pk_procuration" PRIMARY KEY ("id"),
        CONSTRAINT "ck_procuration_distinct_profiles" CHECK ("principal_profile_id" <> "representative_profile_id"),
        CONSTRAINT "ck_procuration_renewal_state" CHECK ("renewal_state" IN ('Active', 'Renewed', 'Expired')),
        CONSTRAINT "ck_procuration_person_in_organization_function" CHECK (
          "person_in_organization_function" IN ('Collaborator', 'DelegationManager', 'Manager', 'Owner')
        ),
        CONSTRAINT "ck_procuration_delegation_mode" CHECK ("delegation_mode" IN ('Unitary', 'Global')),
        CONSTRAINT "fk_procuration_principal_profile" FOREIGN KEY ("principal_profile_id")
          REFERENCES "profile" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "fk_procuration_representative_profile" FOREIGN KEY ("representative_profile_id")
          REFERENCES "profile" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "fk_procuration_delegator_profile" FOREIGN KEY ("delegator_profile_id")
          REFERENCES "profile" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "fk_procuration_procuration_invite" FOREIGN KEY ("procuration_invite_id")
          REFERENCES "procuration_invite" ("id") ON DELETE SET NULL ON UPDATE NO ACTION
      )`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX "uq_procuration_principal_representative_delegator" ON "procuration"
        ("principal_profile_id", "representative_profile_id", "delegator_profile_id") NULLS NOT DISTINCT`);
    await queryRunner.query(
      `CREATE INDEX "ix_procuration_representative_profile" ON "procuration" ("representative_profile_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_procuration_delegator_profile" ON "procuration" ("delegator_profile_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_procuration_procuration_invite" ON "procuration" ("procuration_invite_id")`,
    );

    await queryRunner.query(`
      CREATE TABLE "procuration_service" (
        "id" SERIAL NOT NULL,
        "procuration_id" integer NOT NULL,
        "service_id" integer NOT NULL,
        "validity_start_stamp" TIMESTAMP WITH TIME ZONE NOT NULL,${AUDIT},
        CONSTRAINT "pk_procuration_service" PRIMARY KEY ("id"),
        CONSTRAINT "fk_procuration_service_procuration" FOREIGN KEY ("procuration_id")
          REFERENCES "procuration" ("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "fk_procuration_service_service" FOREIGN KEY ("service_id")
          REFERENCES "service" ("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_procuration_service" ON "procuration_service" ("procuration_id", "service_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_procuration_service_service" ON "procuration_service" ("service_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "procuration_service"`);
    await queryRunner.query(`DROP TABLE "procuration"`);
    await queryRunner.query(`DROP TABLE "procuration_invite"`);
  }
}
