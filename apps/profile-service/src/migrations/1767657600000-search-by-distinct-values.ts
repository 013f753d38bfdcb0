import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The profile columns searched through their distinct values: [search_value.kind, folded column, index]. */
const DISTINCT_VALUE_COLUMNS = [
  ['city', 'city_search', 'ix_profile_city_search'],
  ['zip_code', 'zip_code_search', 'ix_profile_zip_code_search'],
  ['firstname', 'firstname_search', 'ix_profile_firstname_search'],
  ['lastname', 'lastname_search', 'ix_profile_lastname_search'],
] as const;

/** The profile trigger's function as AccentInsensitiveSearch left it, for `down`. */
const PROFILE_SEARCH_TEXT_OF = `
  CREATE OR REPLACE FUNCTION "profile_search_text_of"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW."search_text" := "profile_search_text"(NEW."email", NEW."external_key", NEW."person_id", NEW."organization_id");
    NEW."email_search" := "profile_search_folded"(NEW."email");
    NEW."city_search" := "profile_search_folded"(NEW."city");
    NEW."zip_code_search" := "profile_search_folded"(NEW."zip_code");
    RETURN NEW;
  END $$`;

/**
 * `CityContains`, `ZipCodeContains`, `PersonFirstNameContains` and `PersonLastnameContains` within
 * the 1M-profile targets with exact totals (contract 4 and 9). A trigram index finds the rows of a
 * term quickly, but it cannot count them: every match is rechecked on its heap row, and a 1%
 * lastname term visited some 6,500 pages of the person table, then joined each person to its
 * profile. These columns hold few distinct values (at 1M profiles 99 cities, some 2,500 family
 * names), so the term is matched against the distinct values instead (`search_value`, a few
 * thousand rows, trigram-indexed), and the profiles holding the matching values are found, and
 * counted, by an index-only scan of a b-tree on (folded value, id). The person's folded names are
 * copied onto its profile (kept by the profile trigger, which the person trigger already asks to
 * recompute) so that neither the page nor the count joins the person table.
 *
 * `search_value` only grows: a value that no profile holds any longer matches no row, at the cost
 * of one index probe. The profile trigger adds the values of the row it writes.
 */
export class SearchByDistinctValues1767657600000 implements MigrationInterface {
  name = 'SearchByDistinctValues1767657600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "search_value" ("kind" text NOT NULL, "folded" text NOT NULL,
         CONSTRAINT "pk_search_value" PRIMARY KEY ("kind", "folded"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_search_value_folded" ON "search_value" USING gin ("folded" gin_trgm_ops)`,
    );
    await queryRunner.query(`ALTER TABLE "profile" ADD "firstname_search" text, ADD "lastname_search" text`);
    // One definition of the values a profile row adds, for the trigger, the backfill and the seeder.
    await queryRunner.query(`
      CREATE FUNCTION "profile_search_values"(city text, zip_code text, firstname text, lastname text)
        RETURNS TABLE ("kind" text, "folded" text) LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT v.kind, v.folded FROM (VALUES ('city', city), ('zip_code', zip_code),
          ('firstname', firstname), ('lastname', lastname)) AS v(kind, folded) WHERE v.folded IS NOT NULL $$`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION "profile_search_text_of"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW."search_text" := "profile_search_text"(NEW."email", NEW."external_key", NEW."person_id", NEW."organization_id");
        NEW."email_search" := "profile_search_folded"(NEW."email");
        NEW."city_search" := "profile_search_folded"(NEW."city");
        NEW."zip_code_search" := "profile_search_folded"(NEW."zip_code");
        -- No person (an organization's profile): both NULL.
        SELECT pe."firstname_search", pe."lastname_search" INTO NEW."firstname_search", NEW."lastname_search"
          FROM "person" pe WHERE pe."id" = NEW."person_id";
        INSERT INTO "search_value" ("kind", "folded")
          SELECT * FROM "profile_search_values"(NEW."city_search", NEW."zip_code_search", NEW."firstname_search", NEW."lastname_search")
          ON CONFLICT DO NOTHING;
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION "search_value_fill"() RETURNS void LANGUAGE sql
        AS $$ INSERT INTO "search_value" ("kind", "folded")
          SELECT DISTINCT v."kind", v."folded" FROM "profile" p
            CROSS JOIN LATERAL "profile_search_values"(p."city_search", p."zip_code_search", p."firstname_search", p."lastname_search") v
          ON CONFLICT DO NOTHING $$`);

    // Every profile row once: the copy of its person's names, without the indexes to update meanwhile.
    for (const [, , index] of DISTINCT_VALUE_COLUMNS.slice(0, 2))
      await queryRunner.query(`DROP INDEX "${index}"`);
    await queryRunner.query(`DROP INDEX "ix_person_firstname_search"`);
    await queryRunner.query(`DROP INDEX "ix_person_lastname_search"`);
    await queryRunner.query(
      `UPDATE "profile" p SET "firstname_search" = pe."firstname_search", "lastname_search" = pe."lastname_search"
         FROM "person" pe WHERE pe."id" = p."person_id"`,
    );
    await queryRunner.query(`SELECT "search_value_fill"()`);
    for (const [, column, index] of DISTINCT_VALUE_COLUMNS) {
      await queryRunner.query(`CREATE INDEX "${index}" ON "profile" ("${column}", "id")`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(PROFILE_SEARCH_TEXT_OF);
    for (const [, , index] of DISTINCT_VALUE_COLUMNS) await queryRunner.query(`DROP INDEX "${index}"`);
    await queryRunner.query(`DROP FUNCTION "search_value_fill"()`);
    await queryRunner.query(`DROP FUNCTION "profile_search_values"(text, text, text, text)`);
    await queryRunner.query(
      `ALTER TABLE "profile" DROP COLUMN "firstname_search", DROP COLUMN "lastname_search"`,
    );
    await queryRunner.query(`DROP TABLE "search_value"`);
    for (const [, column, index] of DISTINCT_VALUE_COLUMNS.slice(0, 2)) {
      await queryRunner.query(`CREATE INDEX "${index}" ON "profile" USING gin ("${column}" gin_trgm_ops)`);
    }
    for (const column of ['firstname_search', 'lastname_search']) {
      await queryRunner.query(
        `CREATE INDEX "ix_person_${column}" ON "person" USING gin ("${column}" gin_trgm_ops)`,
      );
    }
  }
}
