import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Between the fields of profile.search_text (as in ProfileSearchAndRoleSource). */
const SEPARATOR = `E'\\x1f'`;

/** The profile columns searched through their distinct values: [search_value.kind, folded column, b-tree]. */
const DISTINCT_VALUE_COLUMNS = [
  ['city', 'city_search', 'ix_profile_city_search'],
  ['zip_code', 'zip_code_search', 'ix_profile_zip_code_search'],
  ['firstname', 'firstname_search', 'ix_profile_firstname_search'],
  ['lastname', 'lastname_search', 'ix_profile_lastname_search'],
  ['email_domain', 'email_domain_search', 'ix_profile_email_domain_search'],
] as const;

/** What `Keyword` searches, as AccentInsensitiveSearch defined it (the whole e-mail address). */
const SEARCH_TEXT_WITH_EMAIL = `
  CREATE OR REPLACE FUNCTION "profile_search_text"(email text, external_key text, person_id integer, organization_id integer)
    RETURNS text LANGUAGE sql STABLE PARALLEL SAFE
    AS $$ SELECT "profile_search_folded"(concat_ws(${SEPARATOR}, email, external_key,
      (SELECT concat_ws(${SEPARATOR}, pe."firstname", pe."lastname") FROM "person" pe WHERE pe."id" = person_id),
      (SELECT concat_ws(${SEPARATOR}, o."name", o."uid") FROM "organization" o WHERE o."id" = organization_id))) $$`;

/** The profile trigger's function as AccentInsensitiveSearch left it. */
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
 * The 1M-profile search targets with exact totals (contract 4 and 9). A trigram index finds the
 * rows of a term quickly, but it cannot count them: every match is rechecked on its heap row, so a
 * term of 5 or 10% visited most of the 35,000 pages of `profile` (or of `person`, then joined
 * each person to its profile). Most of what the filters search holds few distinct values: at 1M
 * profiles 99 cities and zip codes, some 2,500 family names, a few dozen e-mail domains. Those
 * columns are searched through their distinct values: the term is matched against `search_value`
 * (one row per kind and distinct folded value, trigram-indexed), and the profiles holding the
 * matching values are found, and counted, by an index-only scan of a b-tree on (folded value, id).
 *
 * - `city_search`, `zip_code_search` (AccentInsensitiveSearch) lose their trigram indexes for
 *   b-trees on (value, id).
 * - The person's folded names are copied onto its profile (`firstname_search`, `lastname_search`,
 *   kept by the profile trigger, which the person trigger already asks to recompute), so that
 *   neither the page nor the count joins the person table; person's trigram indexes go.
 * - The e-mail address is kept in two parts, `email_local_search` (before the last `@`,
 *   trigram-indexed: mostly unique) and `email_domain_search` (after it, by distinct values) in
 *   place of `email_search`; `Keyword`'s `search_text` holds the local part and its `@`, not the
 *   domain. A term is found in the address when it is in the local part, in the domain, or spans
 *   the `@` (see `emailAlternatives` in the service).
 *
 * `search_value` only grows: a value that no profile holds any longer matches no row, at the cost
 * of one index probe. The profile trigger adds the values of the row it writes. On an existing
 * database this rewrites every profile row once.
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
    // The parts of an address around its last `@` (a quoted local part may hold one; a domain never does).
    await queryRunner.query(`
      CREATE FUNCTION "profile_email_local"(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT regexp_replace($1, '@[^@]*$', '') $$`);
    await queryRunner.query(`
      CREATE FUNCTION "profile_email_domain"(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT substring($1 from '@([^@]*)$') $$`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION "profile_search_text"(email text, external_key text, person_id integer, organization_id integer)
        RETURNS text LANGUAGE sql STABLE PARALLEL SAFE
        AS $$ SELECT "profile_search_folded"(concat_ws(${SEPARATOR}, "profile_email_local"(email) || '@', external_key,
          (SELECT concat_ws(${SEPARATOR}, pe."firstname", pe."lastname") FROM "person" pe WHERE pe."id" = person_id),
          (SELECT concat_ws(${SEPARATOR}, o."name", o."uid") FROM "organization" o WHERE o."id" = organization_id))) $$`);
    // One definition of the values a profile row adds, for the trigger and the seeder.
    await queryRunner.query(`
      CREATE FUNCTION "profile_search_values"(city text, zip_code text, firstname text, lastname text, email_domain text)
        RETURNS TABLE ("kind" text, "folded" text) LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT v.kind, v.folded FROM (VALUES ('city', city), ('zip_code', zip_code),
          ('firstname', firstname), ('lastname', lastname), ('email_domain', email_domain)) AS v(kind, folded)
          WHERE v.folded IS NOT NULL $$`);

    // Every row rewritten once, without the indexes to update meanwhile.
    await queryRunner.query(`DROP INDEX "ix_profile_search_text"`);
    for (const [, , index] of DISTINCT_VALUE_COLUMNS.slice(0, 2))
      await queryRunner.query(`DROP INDEX "${index}"`);
    await queryRunner.query(`DROP INDEX "ix_person_firstname_search"`);
    await queryRunner.query(`DROP INDEX "ix_person_lastname_search"`);
    await queryRunner.query(`ALTER TABLE "profile" DROP COLUMN "email_search"`);
    await queryRunner.query(
      `ALTER TABLE "profile" ADD "email_local_search" text, ADD "email_domain_search" text,
         ADD "firstname_search" text, ADD "lastname_search" text`,
    );
    // What the trigger adds row by row, for every row at once (the seeder loads without it).
    await queryRunner.query(`
      CREATE FUNCTION "search_value_fill"() RETURNS void LANGUAGE sql
        AS $$ INSERT INTO "search_value" ("kind", "folded")
          SELECT DISTINCT v."kind", v."folded" FROM "profile" p
            CROSS JOIN LATERAL "profile_search_values"(p."city_search", p."zip_code_search",
              p."firstname_search", p."lastname_search", p."email_domain_search") v
          ON CONFLICT DO NOTHING $$`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION "profile_search_text_of"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW."search_text" := "profile_search_text"(NEW."email", NEW."external_key", NEW."person_id", NEW."organization_id");
        NEW."email_local_search" := "profile_search_folded"("profile_email_local"(NEW."email"));
        NEW."email_domain_search" := "profile_search_folded"("profile_email_domain"(NEW."email"));
        NEW."city_search" := "profile_search_folded"(NEW."city");
        NEW."zip_code_search" := "profile_search_folded"(NEW."zip_code");
        -- No person (an organization's profile): both NULL.
        SELECT pe."firstname_search", pe."lastname_search" INTO NEW."firstname_search", NEW."lastname_search"
          FROM "person" pe WHERE pe."id" = NEW."person_id";
        INSERT INTO "search_value" ("kind", "folded")
          SELECT * FROM "profile_search_values"(NEW."city_search", NEW."zip_code_search",
            NEW."firstname_search", NEW."lastname_search", NEW."email_domain_search")
          ON CONFLICT DO NOTHING;
        RETURN NEW;
      END $$`);
    // The trigger recomputes every folded column, and adds the distinct values, of each row.
    await queryRunner.query(`UPDATE "profile" SET "search_text" = ''`);
    await queryRunner.query(`ALTER TABLE "profile" ALTER "email_local_search" SET NOT NULL`);
    // A trigram LIKE is estimated from the column's histogram: with the default 100 entries one
    // entry that holds a rare term makes it 1 % of a million rows, and the planner then walks the
    // primary key for a page of it (200 ms for Keyword=bosch, 489 rows) instead of its 14 ms bitmap.
    await queryRunner.query(
      `ALTER TABLE "profile" ALTER "search_text" SET STATISTICS 1000, ALTER "email_local_search" SET STATISTICS 1000`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_profile_search_text" ON "profile" USING gin ("search_text" gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_profile_email_local_search" ON "profile" USING gin ("email_local_search" gin_trgm_ops)`,
    );
    for (const [, column, index] of DISTINCT_VALUE_COLUMNS) {
      await queryRunner.query(`CREATE INDEX "${index}" ON "profile" ("${column}", "id")`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_profile_search_text"`);
    await queryRunner.query(`DROP INDEX "ix_profile_email_local_search"`);
    for (const [, , index] of DISTINCT_VALUE_COLUMNS) await queryRunner.query(`DROP INDEX "${index}"`);
    await queryRunner.query(`ALTER TABLE "profile" ALTER "search_text" SET STATISTICS -1`);
    await queryRunner.query(SEARCH_TEXT_WITH_EMAIL);
    await queryRunner.query(PROFILE_SEARCH_TEXT_OF);
    await queryRunner.query(
      `ALTER TABLE "profile" DROP COLUMN "email_local_search", DROP COLUMN "email_domain_search",
         DROP COLUMN "firstname_search", DROP COLUMN "lastname_search", ADD "email_search" text`,
    );
    await queryRunner.query(`UPDATE "profile" SET "search_text" = ''`);
    await queryRunner.query(`ALTER TABLE "profile" ALTER "email_search" SET NOT NULL`);
    await queryRunner.query(`DROP FUNCTION "search_value_fill"()`);
    await queryRunner.query(`DROP FUNCTION "profile_search_values"(text, text, text, text, text)`);
    await queryRunner.query(`DROP FUNCTION "profile_email_domain"(text)`);
    await queryRunner.query(`DROP FUNCTION "profile_email_local"(text)`);
    await queryRunner.query(`DROP TABLE "search_value"`);
    await queryRunner.query(
      `CREATE INDEX "ix_profile_search_text" ON "profile" USING gin ("search_text" gin_trgm_ops)`,
    );
    for (const column of ['email_search', 'city_search', 'zip_code_search']) {
      await queryRunner.query(
        `CREATE INDEX "ix_profile_${column}" ON "profile" USING gin ("${column}" gin_trgm_ops)`,
      );
    }
    for (const column of ['firstname_search', 'lastname_search']) {
      await queryRunner.query(
        `CREATE INDEX "ix_person_${column}" ON "person" USING gin ("${column}" gin_trgm_ops)`,
      );
    }
  }
}
