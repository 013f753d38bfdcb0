import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Between the fields of profile.search_text (as in ProfileSearchAndRoleSource). */
const SEPARATOR = `E'\\x1f'`;

/** The folded copy of each searched column, with its trigram index: [table, column, folded column, index]. */
const FOLDED = [
  ['profile', 'email', 'email_search', 'ix_profile_email_search'],
  ['profile', 'city', 'city_search', 'ix_profile_city_search'],
  ['profile', 'zip_code', 'zip_code_search', 'ix_profile_zip_code_search'],
  ['person', 'firstname', 'firstname_search', 'ix_person_firstname_search'],
  ['person', 'lastname', 'lastname_search', 'ix_person_lastname_search'],
  ['organization', 'name', 'name_search', 'ix_organization_name_search'],
] as const;

/** The trigram indexes of the raw columns that only the `...Contains` filters used. */
const RAW_TRIGRAM = [
  ['ix_profile_email_trgm', 'profile', 'email'],
  ['ix_profile_city_trgm', 'profile', 'city'],
  ['ix_profile_zip_code_trgm', 'profile', 'zip_code'],
  ['ix_person_firstname_trgm', 'person', 'firstname'],
  ['ix_person_lastname_trgm', 'person', 'lastname'],
] as const;

/**
 * Search that finds people (contract 9): `Keyword` and every `...Contains` filter match case- and
 * accent-insensitively, with the German transliterations. `profile_search_fold` folds a text
 * (unaccent, then lower case: `Genève` to `geneve`, `Bösch` to `bosch`). The searched columns are
 * stored folded by `profile_search_folded`: the folded text, and for a text with an umlaut also
 * its transliteration folded, after a separator no term can hold (`Bösch` as `bosch`, `boesch`).
 * So `bosch`, `boesch` and `Bösch` all find `Bösch`, while `michael` does not find `Michal` (as
 * it would if `ae` were read as `a` in every term). The service folds the term with the same
 * function, and also looks for the transliteration of a term with umlauts (`Müller` also as
 * `mueller`, for a name stored so): see `foldedContains`. Triggers keep the folded columns, each
 * with a trigram index. Stored columns rather than expression indexes: a trigram match is always
 * rechecked on the row, and calling the folding function there made a broad search about three
 * times slower.
 *
 * `unaccent()` is only STABLE (its dictionary could change), so the folding function names the
 * dictionary with its schema and is declared IMMUTABLE, the usual wrapper. Both extensions are
 * trusted: the database owner may create them.
 *
 * On an existing database this rewrites every profile, person and organization row once.
 */
export class AccentInsensitiveSearch1767571200000 implements MigrationInterface {
  name = 'AccentInsensitiveSearch1767571200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    const [{ schema }] = (await queryRunner.query(
      `SELECT quote_ident(n.nspname) AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
        WHERE e.extname = 'unaccent'`,
    )) as { schema: string }[];
    await queryRunner.query(`
      CREATE FUNCTION "profile_search_fold"(text) RETURNS text
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT lower(${schema}.unaccent('${schema}.unaccent'::regdictionary, $1)) $$`);
    await queryRunner.query(`
      CREATE FUNCTION "profile_search_folded"(text) RETURNS text
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT CASE WHEN $1 ~ '[äöüÄÖÜ]'
          THEN "profile_search_fold"($1) || ${SEPARATOR} || "profile_search_fold"(
            replace(replace(replace(replace(replace(replace($1, 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'Ä', 'Ae'), 'Ö', 'Oe'), 'Ü', 'Ue'))
          ELSE "profile_search_fold"($1) END $$`);
    // What Keyword searches, folded: one definition for the trigger and the seeder.
    await queryRunner.query(`
      CREATE FUNCTION "profile_search_text"(email text, external_key text, person_id integer, organization_id integer)
        RETURNS text LANGUAGE sql STABLE PARALLEL SAFE
        AS $$ SELECT "profile_search_folded"(concat_ws(${SEPARATOR}, email, external_key,
          (SELECT concat_ws(${SEPARATOR}, pe."firstname", pe."lastname") FROM "person" pe WHERE pe."id" = person_id),
          (SELECT concat_ws(${SEPARATOR}, o."name", o."uid") FROM "organization" o WHERE o."id" = organization_id))) $$`);

    for (const [table, , folded] of FOLDED) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD "${folded}" text`);
    }
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION "profile_search_text_of"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW."search_text" := "profile_search_text"(NEW."email", NEW."external_key", NEW."person_id", NEW."organization_id");
        NEW."email_search" := "profile_search_folded"(NEW."email");
        NEW."city_search" := "profile_search_folded"(NEW."city");
        NEW."zip_code_search" := "profile_search_folded"(NEW."zip_code");
        RETURN NEW;
      END $$`);
    await queryRunner.query(`DROP TRIGGER "tr_profile_search_text" ON "profile"`);
    // Listing search_text among the columns lets the person and organization triggers ask for a recomputation.
    await queryRunner.query(`
      CREATE TRIGGER "tr_profile_search_text"
        BEFORE INSERT OR UPDATE OF "email", "external_key", "city", "zip_code", "person_id", "organization_id", "search_text"
        ON "profile" FOR EACH ROW EXECUTE FUNCTION "profile_search_text_of"()`);
    await queryRunner.query(`
      CREATE FUNCTION "person_search_of"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW."firstname_search" := "profile_search_folded"(NEW."firstname");
        NEW."lastname_search" := "profile_search_folded"(NEW."lastname");
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "tr_person_search" BEFORE INSERT OR UPDATE OF "firstname", "lastname", "firstname_search", "lastname_search"
        ON "person" FOR EACH ROW EXECUTE FUNCTION "person_search_of"()`);
    await queryRunner.query(`
      CREATE FUNCTION "organization_search_of"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW."name_search" := "profile_search_folded"(NEW."name");
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "tr_organization_search" BEFORE INSERT OR UPDATE OF "name", "name_search"
        ON "organization" FOR EACH ROW EXECUTE FUNCTION "organization_search_of"()`);

    // Rewrites every row once: without the indexes to update meanwhile, then indexed.
    for (const [index] of RAW_TRIGRAM) await queryRunner.query(`DROP INDEX "${index}"`);
    await queryRunner.query(`DROP INDEX "ix_profile_search_text"`);
    await queryRunner.query(`UPDATE "person" SET "firstname_search" = NULL`);
    await queryRunner.query(`UPDATE "organization" SET "name_search" = NULL`);
    await queryRunner.query(`UPDATE "profile" SET "search_text" = ''`);
    await queryRunner.query(`ALTER TABLE "profile" ALTER "email_search" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "organization" ALTER "name_search" SET NOT NULL`);
    await queryRunner.query(
      `CREATE INDEX "ix_profile_search_text" ON "profile" USING gin ("search_text" gin_trgm_ops)`,
    );
    for (const [table, , folded, index] of FOLDED) {
      await queryRunner.query(`CREATE INDEX "${index}" ON "${table}" USING gin ("${folded}" gin_trgm_ops)`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The triggers first: they name the folded columns.
    await queryRunner.query(`DROP TRIGGER "tr_organization_search" ON "organization"`);
    await queryRunner.query(`DROP FUNCTION "organization_search_of"()`);
    await queryRunner.query(`DROP TRIGGER "tr_person_search" ON "person"`);
    await queryRunner.query(`DROP FUNCTION "person_search_of"()`);
    await queryRunner.query(`DROP TRIGGER "tr_profile_search_text" ON "profile"`);
    for (const [table, , folded, index] of FOLDED) {
      await queryRunner.query(`DROP INDEX "${index}"`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "${folded}"`);
    }
    // The trigger and function of ProfileSearchAndRoleSource, as they were.
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION "profile_search_text_of"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW."search_text" := concat_ws(${SEPARATOR}, NEW."email", NEW."external_key",
          (SELECT concat_ws(${SEPARATOR}, pe."firstname", pe."lastname") FROM "person" pe WHERE pe."id" = NEW."person_id"),
          (SELECT concat_ws(${SEPARATOR}, o."name", o."uid") FROM "organization" o WHERE o."id" = NEW."organization_id"));
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "tr_profile_search_text"
        BEFORE INSERT OR UPDATE OF "email", "external_key", "person_id", "organization_id", "search_text" ON "profile"
        FOR EACH ROW EXECUTE FUNCTION "profile_search_text_of"()`);
    await queryRunner.query(`UPDATE "profile" SET "search_text" = ''`);
    await queryRunner.query(`DROP FUNCTION "profile_search_text"(text, text, integer, integer)`);
    await queryRunner.query(`DROP FUNCTION "profile_search_folded"(text)`);
    await queryRunner.query(`DROP FUNCTION "profile_search_fold"(text)`);
    for (const [index, table, column] of RAW_TRIGRAM) {
      await queryRunner.query(`CREATE INDEX "${index}" ON "${table}" USING gin ("${column}" gin_trgm_ops)`);
    }
    // unaccent stays: other objects of the database may use it.
  }
}
