import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { AuditedEntity } from '@portal/database';

import {
  DELEGATION_MODES,
  type DelegationMode,
  oneOf,
  ORG_FUNCTIONS,
  type OrgFunction,
  RENEWAL_STATES,
  type RenewalState,
} from '../../common/domain-enums';
import type { ProcurationInviteEntity } from './procuration-invite.entity';
import type { ProfileEntity } from '../../profiles/entities/profile.entity';

/** One procuration per principal, representative and delegator (NULLS NOT DISTINCT, PostgreSQL 15+). */
export const PROCURATION_UNIQUE = 'uq_procuration_principal_representative_delegator';
export const PROCURATION_PRINCIPAL_FK = 'fk_procuration_principal_profile';
export const PROCURATION_REPRESENTATIVE_FK = 'fk_procuration_representative_profile';
export const PROCURATION_DELEGATOR_FK = 'fk_procuration_delegator_profile';
export const PROCURATION_INVITE_FK = 'fk_procuration_procuration_invite';

/**
 * A representative acts for a principal, possibly through a delegator. `isRenewable` and
 * `isUsable` are computed from the stamps, not stored. It goes with any of its three profiles.
 */
@Entity('procuration')
@Index(PROCURATION_UNIQUE, { synchronize: false })
// With the id: a representative's procurations come in id order from the index (the lists' default).
@Index('ix_procuration_representative_profile', ['representativeProfileId', 'id'])
@Index('ix_procuration_delegator_profile', ['delegatorProfileId'])
@Index('ix_procuration_procuration_invite', ['procurationInviteId'])
@Check('ck_procuration_distinct_profiles', '"principal_profile_id" <> "representative_profile_id"')
@Check('ck_procuration_renewal_state', oneOf('renewal_state', RENEWAL_STATES))
@Check(
  'ck_procuration_person_in_organization_function',
  oneOf('person_in_organization_function', ORG_FUNCTIONS),
)
@Check('ck_procuration_delegation_mode', oneOf('delegation_mode', DELEGATION_MODES))
export class ProcurationEntity extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_procuration' })
  id: number;

  @Column({ name: 'principal_profile_id', type: 'integer' })
  principalProfileId: number;

  @ManyToOne('ProfileEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'principal_profile_id', foreignKeyConstraintName: PROCURATION_PRINCIPAL_FK })
  principalProfile?: ProfileEntity;

  @Column({ name: 'representative_profile_id', type: 'integer' })
  representativeProfileId: number;

  @ManyToOne('ProfileEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'representative_profile_id', foreignKeyConstraintName: PROCURATION_REPRESENTATIVE_FK })
  representativeProfile?: ProfileEntity;

  @Column({ name: 'delegator_profile_id', type: 'integer', nullable: true })
  delegatorProfileId: number | null;

  @ManyToOne('ProfileEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'delegator_profile_id', foreignKeyConstraintName: PROCURATION_DELEGATOR_FK })
  delegatorProfile?: ProfileEntity | null;

  @Column({ name: 'validity_start_stamp', type: 'timestamptz' })
  validityStartStamp: Date;

  @Column({ name: 'validity_end_stamp', type: 'timestamptz' })
  validityEndStamp: Date;

  @Column({ name: 'renewable_from_date', type: 'timestamptz' })
  renewableFromDate: Date;

  @Column({ name: 'removal_date', type: 'timestamptz', nullable: true })
  removalDate: Date | null;

  @Column({ name: 'renewal_state', type: 'varchar', length: 20, default: 'Active' })
  renewalState: RenewalState;

  @Column({ name: 'representative_email', type: 'varchar', length: 400, nullable: true })
  representativeEmail: string | null;

  @Column({ name: 'person_in_organization_function', type: 'varchar', length: 20, nullable: true })
  personInOrganizationFunction: OrgFunction | null;

  @Column({ name: 'is_person_in_organization_pending_delete', type: 'boolean', default: false })
  isPersonInOrganizationPendingDelete: boolean;

  @Column({ name: 'delegation_mode', type: 'varchar', length: 20, nullable: true })
  delegationMode: DelegationMode | null;

  /** The invite the procuration was created through, if any. */
  @Column({ name: 'procuration_invite_id', type: 'integer', nullable: true })
  procurationInviteId: number | null;

  @ManyToOne('ProcurationInviteEntity', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'procuration_invite_id', foreignKeyConstraintName: PROCURATION_INVITE_FK })
  procurationInvite?: ProcurationInviteEntity | null;
}
