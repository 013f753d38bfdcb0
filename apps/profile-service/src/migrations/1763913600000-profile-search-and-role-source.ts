import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Between the fields of profile.search_text: no Keyword can contain it, so none matches across two fields. */
const SEPARATOR = `E'\\x1f'`;

/**
 * What the profile list needs to stay fast at a million profiles, and where a profile's role
 * came from.
 *
 * - `profile_role.source`: `Direct` (given through the profile's roles) or `OrgCategory` (given
 *   by the organization's category). Unlinking a role from a category removes only the
 *   `OrgCategory` ones. Rows that exist already and that the organization's category gives are
 *   marked `OrgCategory`; the rest `Direct`.
 * - `profile.search_text`: the fields `Keyword` searches (email, external key, the person's
 *   first and last name, the organization's name and uid), kept by triggers on profile, person
 *   and organization, with one trigram index, so that `Keyword` is one indexed condition rather
 *   than an OR across joins.
 * - Trigram indexes (pg_trgm) for every `...Contains` filter, b-tree indexes for the equality and
 *   range filters, and an expression index for the inactivity filter.
 * - `profile_count`: the number of person and organization profiles, kept by statement triggers
 *   (COPY included), so that the exact total of an unfiltered list costs no scan.
 */
export class ProfileSearchAndRoleSource1763913600000 implements MigrationInterface {
  name = 'ProfileSearchAndRoleSource1763913600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);

    await queryRunner.query(
      `ALTER TABLE "profile_role" ADD "source" character varying(20) NOT NULL DEFAULT 'Direct'`,
    );
    await queryRunner.query(
      `ALTER TABLE "profile_role" ADD CONSTRAINT "ck_profile_role_source" CHECK ("source" IN ('Direct', 'OrgCategory'))`,
    );
    await queryRunner.query(`
      UPDATE "profile_role" pr SET "source" = 'OrgCategory'
        FROM "profile" p
        JOIN "organization" o ON o."id" = p."organization_id"
        JOIN "org_category_role" ocr ON ocr."org_category_id" = o."org_category_id"
       WHERE pr."profile_id" = p."id" AND ocr."role_id" = pr."role_id"`);

    // Keyword: one column the database keeps up to date.
    await queryRunner.query(`ALTER TABLE "profile" ADD "search_text" text NOT NULL DEFAULT ''`);
    await queryRunner.query(`
      CREATE FUNCTION "profile_search_text_of"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW."search_text" := concat_ws(${SEPARATOR}, NEW."email", NEW."external_key",
          (SELECT concat_ws(${SEPARATOR}, pe."firstname", pe."lastname") FROM "person" pe WHERE pe."id" = NEW."person_id"),
          (SELECT concat_ws(${SEPARATOR}, o."name", o."uid") FROM "organization" o WHERE o."id" = NEW."organization_id"));
        RETURN NEW;
      END $$`);
    // Listing search_text among the columns lets the triggers below ask for a recomputation.
    await queryRunner.query(`
      CREATE TRIGGER "tr_profile_search_text"
        BEFORE INSERT OR UPDATE OF "email", "external_key", "person_id", "organization_id", "search_text" ON "profile"
        FOR EACH ROW EXECUTE FUNCTION "profile_search_text_of"()`);
    await queryRunner.query(`
      CREATE FUNCTION "profile_search_text_of_person"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "profile" SET "search_text" = '' WHERE "person_id" = NEW."id";
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "tr_person_profile_search_text"
        AFTER UPDATE OF "firstname", "lastname" ON "person" FOR EACH ROW
        WHEN (OLD."firstname" IS DISTINCT FROM NEW."firstname" OR OLD."lastname" IS DISTINCT FROM NEW."lastname")
        EXECUTE FUNCTION "profile_search_text_of_person"()`);
    await queryRunner.query(`
      CREATE FUNCTION "profile_search_text_of_organization"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "profile" SET "search_text" = '' WHERE "organization_id" = NEW."id";
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "tr_organization_profile_search_text"
        AFTER UPDATE OF "name", "uid" ON "organization" FOR EACH ROW
        WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."uid" IS DISTINCT FROM NEW."uid")
        EXECUTE FUNCTION "profile_search_text_of_organization"()`);
    await queryRunner.query(`UPDATE "profile" SET "search_text" = ''`);

    // Indexes of the list filters.
    const trigram = async (name: string, table: string, column: string): Promise<void> => {
      await queryRunner.query(`CREATE INDEX "${name}" ON "${table}" USING gin ("${column}" gin_trgm_ops)`);
    };
    await trigram('ix_profile_search_text', 'profile', 'search_text');
    await trigram('ix_profile_email_trgm', 'profile', 'email');
    await trigram('ix_profile_city_trgm', 'profile', 'city');
    await trigram('ix_profile_zip_code_trgm', 'profile', 'zip_code');
    await trigram('ix_person_firstname_trgm', 'person', 'firstname');
    await trigram('ix_person_lastname_trgm', 'person', 'lastname');
    await trigram('ix_organization_name_trgm', 'organization', 'name');
    await queryRunner.query(`CREATE INDEX "ix_person_ahv_number" ON "person" ("ahv_number")`);
    await queryRunner.query(`CREATE INDEX "ix_organization_fso_id" ON "organization" ("fso_id")`);
    await queryRunner.query(`CREATE INDEX "ix_profile_last_login_stamp" ON "profile" ("last_login_stamp")`);
    await queryRunner.query(
      `CREATE INDEX "ix_profile_grace_period_end_date" ON "profile" ("grace_period_end_date") WHERE "grace_period_end_date" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_profile_flagged_for_deletion" ON "profile" ("id") WHERE "is_flagged_for_deletion"`,
    );
    // HasToBeProcessedForInactivity: the state, then the last login (or creation) against a threshold.
    await queryRunner.query(
      `CREATE INDEX "ix_profile_inactivity" ON "profile" ("inactivity_state", (coalesce("last_login_stamp", "create_stamp")))`,
    );

    // The exact number of profiles by kind, for the total of an unfiltered list.
    await queryRunner.query(`
      CREATE TABLE "profile_count" (
        "kind" character varying(20) NOT NULL,
        "total" bigint NOT NULL,
        CONSTRAINT "pk_profile_count" PRIMARY KEY ("kind"),
        CONSTRAINT "ck_profile_count_kind" CHECK ("kind" IN ('Person', 'Organization'))
      )`);
    await queryRunner.query(`
      INSERT INTO "profile_count" ("kind", "total")
        SELECT 'Person', count(*) FROM "profile" WHERE "person_id" IS NOT NULL
        UNION ALL SELECT 'Organization', count(*) FROM "profile" WHERE "organization_id" IS NOT NULL`);
    await queryRunner.query(`
      CREATE FUNCTION "profile_count_of"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          UPDATE "profile_count" SET "total" = 0;
        ELSIF TG_OP = 'INSERT' THEN
          UPDATE "profile_count" c SET "total" = c."total" + d."n" FROM (
            SELECT CASE WHEN "person_id" IS NULL THEN 'Organization' ELSE 'Person' END AS "kind", count(*) AS "n"
              FROM "added" GROUP BY 1) d
           WHERE c."kind" = d."kind";
        ELSE
          UPDATE "profile_count" c SET "total" = c."total" - d."n" FROM (
            SELECT CASE WHEN "person_id" IS NULL THEN 'Organization' ELSE 'Person' END AS "kind", count(*) AS "n"
              FROM "removed" GROUP BY 1) d
           WHERE c."kind" = d."kind";
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "tr_profile_count_insert" AFTER INSERT ON "profile"
        REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "profile_count_of"()`);
    await queryRunner.query(`
      CREATE TRIGGER "tr_profile_count_delete" AFTER DELETE ON "profile"
        REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "profile_count_of"()`);
    await queryRunner.query(`
      CREATE TRIGGER "tr_profile_count_truncate" AFTER TRUNCATE ON "profile"
        FOR EACH STATEMENT EXECUTE FUNCTION "profile_count_of"()`);
    // A profile is a person or an organization for good: the counts stay exact without an update trigger.
    await queryRunner.query(`
      CREATE FUNCTION "profile_kind_is_fixed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'a profile cannot change between person and organization'
          USING ERRCODE = 'check_violation', CONSTRAINT = 'ck_profile_kind';
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "tr_profile_kind_fixed" BEFORE UPDATE OF "person_id", "organization_id" ON "profile"
        FOR EACH ROW WHEN ((OLD."person_id" IS NULL) <> (NEW."person_id" IS NULL))
        EXECUTE FUNCTION "profile_kind_is_fixed"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "tr_profile_kind_fixed" ON "profile"`);
    await queryRunner.query(`DROP FUNCTION "profile_kind_is_fixed"()`);
    for (const trigger of [
      'tr_profile_count_truncate',
      'tr_profile_count_delete',
      'tr_profile_count_insert',
    ]) {
      await queryRunner.query(`DROP TRIGGER "${trigger}" ON "profile"`);
    }
    await queryRunner.query(`DROP FUNCTION "profile_count_of"()`);
    await queryRunner.query(`DROP TABLE "profile_count"`);
    for (const index of [
      'ix_profile_inactivity',
      'ix_profile_flagged_for_deletion',
      'ix_profile_grace_period_end_date',
      'ix_profile_last_login_stamp',
      'ix_organization_fso_id',
      'ix_person_ahv_number',
      'ix_organization_name_trgm',
      'ix_person_lastname_trgm',
      'ix_person_firstname_trgm',
      'ix_profile_zip_code_trgm',
      'ix_profile_city_trgm',
      'ix_profile_email_trgm',
      'ix_profile_search_text',
    ]) {
      await queryRunner.query(`DROP INDEX "${index}"`);
    }
    await queryRunner.query(`DROP TRIGGER "tr_organization_profile_search_text" ON "organization"`);
    await queryRunner.query(`DROP FUNCTION "profile_search_text_of_organization"()`);
    await queryRunner.query(`DROP TRIGGER "tr_person_profile_search_text" ON "person"`);
    await queryRunner.query(`DROP FUNCTION "profile_search_text_of_person"()`);
    await queryRunner.query(`DROP TRIGGER "tr_profile_search_text" ON "profile"`);
    await queryRunner.query(`DROP FUNCTION "profile_search_text_of"()`);
    await queryRunner.query(`ALTER TABLE "profile" DROP COLUMN "search_text"`);
    await queryRunner.query(`ALTER TABLE "profile_role" DROP CONSTRAINT "ck_profile_role_source"`);
    await queryRunner.query(`ALTER TABLE "profile_role" DROP COLUMN "source"`);
    // pg_trgm stays: other objects of the database may use it.
  }
}
