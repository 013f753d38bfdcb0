import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { AuditedEntity } from '@portal/database';

import { oneOf, SIGNATURE_TYPES, type SignatureType } from '../../common/domain-enums';
import type { LegalFormEntity } from '../../reference-data/legal-forms/legal-form.entity';
import type { OrgCategoryEntity } from '../../reference-data/org-categories/org-category.entity';
import type { OrgIdentificationLevelEntity } from '../../reference-data/org-identification-levels/org-identification-level.entity';
import type { ProfileEntity } from './profile.entity';

export const ORGANIZATION_CATEGORY_FK = 'fk_organization_org_category';
export const ORGANIZATION_LEGAL_FORM_FK = 'fk_organization_legal_form';
export const ORGANIZATION_IDENTIFICATION_LEVEL_FK = 'fk_organization_org_identification_level';
export const ORGANIZATION_CREATED_BY_PROFILE_FK = 'fk_organization_created_by_profile';

/** The organization behind an organization profile. */
@Entity('organization')
@Index('ix_organization_org_category', ['orgCategoryId'])
@Index('ix_organization_legal_form', ['legalFormId'])
@Index('ix_organization_org_identification_level', ['orgIdentificationLevelId'])
@Index('ix_organization_created_by_profile', ['createdByProfileId'])
@Index('ix_organization_uid', ['uid'])
@Index('ix_organization_fso_id', ['fsoId'])
@Index('ix_organization_name_trgm', { synchronize: false })
@Index('ix_organization_name_search', { synchronize: false })
@Check('ck_organization_signature_type', oneOf('signature_type', SIGNATURE_TYPES))
export class OrganizationEntity extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_organization' })
  id: number;

  @Column({ type: 'varchar', length: 160 })
  name: string;

  /** `name` folded for `OrganizationNameContains` (`profile_search_fold`), by a database trigger. */
  @Column({ name: 'name_search', type: 'text', select: false, insert: false, update: false })
  nameSearch: string;

  /** Swiss business identification number (CHE-123.456.789). */
  @Column({ type: 'varchar', length: 30, nullable: true })
  uid: string | null;

  /** Identifier at the Federal Statistical Office. */
  @Column({ name: 'fso_id', type: 'integer', nullable: true })
  fsoId: number | null;

  @Column({ type: 'varchar', length: 400, nullable: true })
  website: string | null;

  @Column({ name: 'org_category_id', type: 'integer' })
  orgCategoryId: number;

  @ManyToOne('OrgCategoryEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'org_category_id', foreignKeyConstraintName: ORGANIZATION_CATEGORY_FK })
  category?: OrgCategoryEntity;

  @Column({ name: 'legal_form_id', type: 'integer' })
  legalFormId: number;

  @ManyToOne('LegalFormEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'legal_form_id', foreignKeyConstraintName: ORGANIZATION_LEGAL_FORM_FK })
  legalForm?: LegalFormEntity;

  @Column({ name: 'org_identification_level_id', type: 'integer', nullable: true })
  orgIdentificationLevelId: number | null;

  @ManyToOne('OrgIdentificationLevelEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({
    name: 'org_identification_level_id',
    foreignKeyConstraintName: ORGANIZATION_IDENTIFICATION_LEVEL_FK,
  })
  identificationLevel?: OrgIdentificationLevelEntity | null;

  @Column({ name: 'identification_process', type: 'varchar', length: 100, nullable: true })
  identificationProcess: string | null;

  @Column({ name: 'is_self_registration', type: 'boolean', default: false })
  isSelfRegistration: boolean;

  @Column({ name: 'created_by_profile_id', type: 'integer', nullable: true })
  createdByProfileId: number | null;

  @ManyToOne('ProfileEntity', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by_profile_id', foreignKeyConstraintName: ORGANIZATION_CREATED_BY_PROFILE_FK })
  createdByProfile?: ProfileEntity | null;

  @Column({ name: 'is_pending', type: 'boolean', default: false })
  isPending: boolean;

  @Column({ name: 'signature_type', type: 'varchar', length: 20, default: 'Unknown' })
  signatureType: SignatureType;

  @Column({ name: 'business_case_id', type: 'uuid', nullable: true })
  businessCaseId: string | null;
}
