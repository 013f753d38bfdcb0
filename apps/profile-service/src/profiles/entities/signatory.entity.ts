import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { AuditedEntity } from '@portal/database';

import { type Gender, GENDERS, oneOf, SIGNATORY_TYPES, type SignatoryType } from '../../common/domain-enums';
import type { OrganizationEntity } from './organization.entity';

export const SIGNATORY_ORGANIZATION_FK = 'fk_signatory_organization';

/** A person who signs for an organization (entity key `orgSignatory`). */
@Entity('signatory')
@Index('ix_signatory_organization', ['organizationId'])
@Check('ck_signatory_type', oneOf('type', SIGNATORY_TYPES))
@Check('ck_signatory_gender', oneOf('gender', GENDERS))
export class SignatoryEntity extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_signatory' })
  id: number;

  @Column({ name: 'organization_id', type: 'integer' })
  organizationId: number;

  @ManyToOne('OrganizationEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: SIGNATORY_ORGANIZATION_FK })
  organization?: OrganizationEntity;

  @Column({ name: 'is_requester', type: 'boolean', default: false })
  isRequester: boolean;

  @Column({ type: 'varchar', length: 20, default: 'Signer' })
  type: SignatoryType;

  @Column({ type: 'varchar', length: 160, nullable: true })
  position: string | null;

  @Column({ type: 'varchar', length: 20, default: 'Unknown' })
  gender: Gender;

  @Column({ type: 'varchar', length: 160, nullable: true })
  firstname: string | null;

  @Column({ type: 'varchar', length: 160, nullable: true })
  lastname: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  birthdate: Date | null;

  @Column({ type: 'varchar', length: 400, nullable: true })
  email: string | null;

  @Column({ name: 'ahv_number', type: 'varchar', length: 64, nullable: true })
  ahvNumber: string | null;

  @Column({ name: 'identity_number', type: 'varchar', length: 64, nullable: true })
  identityNumber: string | null;

  @Column({ type: 'varchar', length: 320, nullable: true })
  address: string | null;

  @Column({ name: 'zip_code', type: 'varchar', length: 12, nullable: true })
  zipCode: string | null;

  @Column({ type: 'varchar', length: 160, nullable: true })
  city: string | null;

  /** Place of origin (Heimatort). */
  @Column({ type: 'varchar', length: 160, nullable: true })
  origin: string | null;
}
