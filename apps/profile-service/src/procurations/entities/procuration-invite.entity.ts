import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { AuditedEntity } from '@portal/database';

import type { ProfileEntity } from '../../profiles/entities/profile.entity';

export const PROCURATION_INVITE_TOKEN_UNIQUE = 'uq_procuration_invite_token';
export const PROCURATION_INVITE_PRINCIPAL_FK = 'fk_procuration_invite_principal_profile';
export const PROCURATION_INVITE_REPRESENTATIVE_FK = 'fk_procuration_invite_representative_profile';
export const PROCURATION_INVITE_CONSUMER_FK = 'fk_procuration_invite_consumer_in_org_profile';

/**
 * An invitation to become a principal's representative: created with a random token, consumed
 * by the representative, approved by the principal (which creates the procuration).
 */
@Entity('procuration_invite')
@Index(PROCURATION_INVITE_TOKEN_UNIQUE, ['token'], { unique: true })
@Index('ix_procuration_invite_principal_profile', ['principalProfileId'])
@Index('ix_procuration_invite_representative_profile', ['representativeProfileId'])
@Index('ix_procuration_invite_consumer_in_org_profile', ['consumerInOrgProfileId'])
export class ProcurationInviteEntity extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_procuration_invite' })
  id: number;

  @Column({ name: 'principal_profile_id', type: 'integer' })
  principalProfileId: number;

  @ManyToOne('ProfileEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'principal_profile_id', foreignKeyConstraintName: PROCURATION_INVITE_PRINCIPAL_FK })
  principalProfile?: ProfileEntity;

  /** Set when the representative consumes the invite. */
  @Column({ name: 'representative_profile_id', type: 'integer', nullable: true })
  representativeProfileId: number | null;

  @ManyToOne('ProfileEntity', { onDelete: 'CASCADE' })
  @JoinColumn({
    name: 'representative_profile_id',
    foreignKeyConstraintName: PROCURATION_INVITE_REPRESENTATIVE_FK,
  })
  representativeProfile?: ProfileEntity | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 100 })
  token: string;

  @Column({ name: 'expiration_stamp', type: 'timestamptz' })
  expirationStamp: Date;

  @Column({ name: 'consumption_stamp', type: 'timestamptz', nullable: true })
  consumptionStamp: Date | null;

  @Column({ name: 'is_ready_for_approval', type: 'boolean', default: false })
  isReadyForApproval: boolean;

  @Column({ name: 'is_approved', type: 'boolean', default: false })
  isApproved: boolean;

  @Column({ name: 'approval_stamp', type: 'timestamptz', nullable: true })
  approvalStamp: Date | null;

  @Column({ name: 'message_to_principal', type: 'varchar', length: 1000, nullable: true })
  messageToPrincipal: string | null;

  @Column({ name: 'principal_business_case_id', type: 'uuid', nullable: true })
  principalBusinessCaseId: string | null;

  @Column({ name: 'representative_business_case_id', type: 'uuid', nullable: true })
  representativeBusinessCaseId: string | null;

  @Column({ name: 'representative_email', type: 'varchar', length: 400, nullable: true })
  representativeEmail: string | null;

  /** The services the procuration will grant once approved. */
  @Column({ name: 'service_ids', type: 'integer', array: true, default: () => "'{}'" })
  serviceIds: number[];

  @Column({ name: 'consumer_in_org_firstname', type: 'varchar', length: 160, nullable: true })
  consumerInOrgFirstname: string | null;

  @Column({ name: 'consumer_in_org_lastname', type: 'varchar', length: 160, nullable: true })
  consumerInOrgLastname: string | null;

  @Column({ name: 'consumer_in_org_profile_id', type: 'integer', nullable: true })
  consumerInOrgProfileId: number | null;

  @ManyToOne('ProfileEntity', { onDelete: 'SET NULL' })
  @JoinColumn({
    name: 'consumer_in_org_profile_id',
    foreignKeyConstraintName: PROCURATION_INVITE_CONSUMER_FK,
  })
  consumerInOrgProfile?: ProfileEntity | null;
}
