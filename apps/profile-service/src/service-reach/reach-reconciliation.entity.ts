import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How far the reach reconciler has applied role starts (one row, id 1): the roles whose
 * `validityStartStamp` passed since then are the due ones, found by a partial index of
 * `profile_role` rather than by a scan of every profile.
 */
@Entity('reach_reconciliation')
@Check('ck_reach_reconciliation_single', '"id" = 1')
export class ReachReconciliationEntity {
  @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: 'pk_reach_reconciliation' })
  id: number;

  @Column({ name: 'reconciled_until', type: 'timestamptz' })
  reconciledUntil: Date;
}
