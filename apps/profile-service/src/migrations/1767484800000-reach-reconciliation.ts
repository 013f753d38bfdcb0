import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A role whose start lies ahead grants nothing until then, in procurations too (contract 9): the
 * mark of the reach reconciler, a partial index holding only the roles given with a start ahead
 * of their write (the only ones a reconciliation looks for, so that it costs nothing at a
 * million profiles), and the removal of the links such roles gave at once before.
 */
export class ReachReconciliation1767484800000 implements MigrationInterface {
  name = 'ReachReconciliation1767484800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "reach_reconciliation" (
         "id" smallint NOT NULL,
         "reconciled_until" TIMESTAMP WITH TIME ZONE NOT NULL,
         CONSTRAINT "ck_reach_reconciliation_single" CHECK ("id" = 1),
         CONSTRAINT "pk_reach_reconciliation" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `INSERT INTO "reach_reconciliation" ("id", "reconciled_until") VALUES (1, now())`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_profile_role_deferred_start" ON "profile_role" ("validity_start_stamp")
        WHERE "validity_start_stamp" > "update_stamp"`,
    );
    // Links the automated update gave before from roles that start later: dated at that start, and not reached now.
    await queryRunner.query(
      `DELETE FROM "procuration_service" ps USING "procuration" pr
        WHERE ps."procuration_id" = pr."id" AND ps."validity_start_stamp" > now()
          AND NOT EXISTS (SELECT 1 FROM "profile_role" held JOIN "service_role" sr ON sr."role_id" = held."role_id"
                           WHERE held."profile_id" = pr."principal_profile_id" AND sr."service_id" = ps."service_id"
                             AND held."validity_start_stamp" <= now())`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_profile_role_deferred_start"`);
    await queryRunner.query(`DROP TABLE "reach_reconciliation"`);
  }
}
