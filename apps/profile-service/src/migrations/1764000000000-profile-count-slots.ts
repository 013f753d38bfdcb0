import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Rows per kind of profile in `profile_count`. */
const SLOTS = 16;

const countFunction = (slotCondition: string): string => `
  CREATE OR REPLACE FUNCTION "profile_count_of"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'TRUNCATE' THEN
      UPDATE "profile_count" SET "total" = 0;
    ELSIF TG_OP = 'INSERT' THEN
      UPDATE "profile_count" c SET "total" = c."total" + d."n" FROM (
        SELECT CASE WHEN "person_id" IS NULL THEN 'Organization' ELSE 'Person' END AS "kind", count(*) AS "n"
          FROM "added" GROUP BY 1) d
       WHERE c."kind" = d."kind"${slotCondition};
    ELSE
      UPDATE "profile_count" c SET "total" = c."total" - d."n" FROM (
        SELECT CASE WHEN "person_id" IS NULL THEN 'Organization' ELSE 'Person' END AS "kind", count(*) AS "n"
          FROM "removed" GROUP BY 1) d
       WHERE c."kind" = d."kind"${slotCondition};
    END IF;
    RETURN NULL;
  END $$`;

/**
 * `profile_count` in 16 slots per kind: a transaction that creates or deletes profiles updates
 * the slot of its connection (`pg_backend_pid() % 16`) and holds that row's lock until it
 * commits, so creates on different connections no longer wait for each other's commit (with one
 * row per kind they all did). The total of a kind is the sum of its slots (a slot may go
 * negative when a connection deletes more than it created); readers already sum.
 */
export class ProfileCountSlots1764000000000 implements MigrationInterface {
  name = 'ProfileCountSlots1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "profile_count" DROP CONSTRAINT "pk_profile_count"`);
    await queryRunner.query(`ALTER TABLE "profile_count" ADD "slot" smallint NOT NULL DEFAULT 0`);
    await queryRunner.query(
      `ALTER TABLE "profile_count" ADD CONSTRAINT "pk_profile_count" PRIMARY KEY ("kind", "slot")`,
    );
    await queryRunner.query(
      `ALTER TABLE "profile_count" ADD CONSTRAINT "ck_profile_count_slot" CHECK ("slot" >= 0 AND "slot" < ${SLOTS})`,
    );
    await queryRunner.query(`
      INSERT INTO "profile_count" ("kind", "slot", "total")
        SELECT k."kind", s."slot", 0 FROM (VALUES ('Person'), ('Organization')) AS k("kind")
        CROSS JOIN generate_series(1, ${SLOTS - 1}) AS s("slot")`);
    await queryRunner.query(countFunction(` AND c."slot" = pg_backend_pid() % ${SLOTS}`));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(countFunction(''));
    await queryRunner.query(`
      UPDATE "profile_count" c SET "total" = s."total"
        FROM (SELECT "kind", sum("total") AS "total" FROM "profile_count" GROUP BY "kind") s
       WHERE c."kind" = s."kind" AND c."slot" = 0`);
    await queryRunner.query(`DELETE FROM "profile_count" WHERE "slot" <> 0`);
    await queryRunner.query(`ALTER TABLE "profile_count" DROP CONSTRAINT "ck_profile_count_slot"`);
    await queryRunner.query(`ALTER TABLE "profile_count" DROP CONSTRAINT "pk_profile_count"`);
    await queryRunner.query(`ALTER TABLE "profile_count" DROP COLUMN "slot"`);
    await queryRunner.query(
      `ALTER TABLE "profile_count" ADD CONSTRAINT "pk_profile_count" PRIMARY KEY ("kind")`,
    );
  }
}
