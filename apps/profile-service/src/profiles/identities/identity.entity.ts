import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { AuditedEntity } from '@portal/database';

import type { AccountEntity } from '../entities/account.entity';
import type { ProfileEntity } from '../entities/profile.entity';
import type { IdentificationLevelEntity } from '../../reference-data/identification-levels/identification-level.entity';
import type { IdentityProviderEntity } from '../../reference-data/identity-providers/identity-provider.entity';

/** An external id is unique per identity provider (interfaces 2.2). */
export const IDENTITY_EXTERNAL_ID_UNIQUE = 'uq_identity_provider_external_id';
/** A profile has at most one identity per provider (the path of its identities says so). */
export const IDENTITY_PROFILE_PROVIDER_UNIQUE = 'uq_identity_profile_provider';
export const IDENTITY_PROVIDER_FK = 'fk_identity_identity_provider';
export const IDENTITY_ACCOUNT_FK = 'fk_identity_account';
export const IDENTITY_PROFILE_FK = 'fk_identity_profile';
export const IDENTITY_IDENTIFICATION_LEVEL_FK = 'fk_identity_identification_level';

/** Links a person profile (and its account) to an identity provider. */
@Entity('identity')
@Index(IDENTITY_EXTERNAL_ID_UNIQUE, ['identityProviderId', 'externalId'], { unique: true })
@Index(IDENTITY_PROFILE_PROVIDER_UNIQUE, ['profileId', 'identityProviderId'], { unique: true })
@Index('ix_identity_account', ['accountId'])
@Index('ix_identity_identification_level', ['identificationLevelId'])
export class IdentityEntity extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_identity' })
  id: number;

  @Column({ name: 'identity_provider_id', type: 'integer' })
  identityProviderId: number;

  @ManyToOne('IdentityProviderEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'identity_provider_id', foreignKeyConstraintName: IDENTITY_PROVIDER_FK })
  identityProvider?: IdentityProviderEntity;

  @Column({ name: 'account_id', type: 'integer' })
  accountId: number;

  @ManyToOne('AccountEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id', foreignKeyConstraintName: IDENTITY_ACCOUNT_FK })
  account?: AccountEntity;

  @Column({ name: 'identification_level_id', type: 'integer' })
  identificationLevelId: number;

  @ManyToOne('IdentificationLevelEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'identification_level_id', foreignKeyConstraintName: IDENTITY_IDENTIFICATION_LEVEL_FK })
  identificationLevel?: IdentificationLevelEntity;

  @Column({ name: 'external_id', type: 'varchar', length: 50 })
  externalId: string;

  @Column({ name: 'profile_id', type: 'integer' })
  profileId: number;

  @ManyToOne('ProfileEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'profile_id', foreignKeyConstraintName: IDENTITY_PROFILE_FK })
  profile?: ProfileEntity;

  /** Additional data of the provider: string keys to string values. */
  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, string> | null;
}
