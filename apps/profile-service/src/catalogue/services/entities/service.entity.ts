import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { AuditedEntity } from '@portal/database';

import { oneOf, URL_TARGETS, type UrlTarget } from '../../../common/domain-enums';
import type { IdentificationLevelEntity } from '../../../reference-data/identification-levels/identification-level.entity';
import type { OrgIdentificationLevelEntity } from '../../../reference-data/org-identification-levels/org-identification-level.entity';
import type { ServiceThemeEntity } from '../../service-themes/service-theme.entity';

export const SERVICE_NAME_UNIQUE = 'uq_service_name';
export const SERVICE_EXTERNAL_ID_UNIQUE = 'uq_service_external_id';
export const SERVICE_IDENTIFICATION_LEVEL_FK = 'fk_service_identification_level';
export const SERVICE_ORG_IDENTIFICATION_LEVEL_FK = 'fk_service_org_identification_level';
export const SERVICE_THEME_FK = 'fk_service_service_theme';

/** An online service of the catalogue (interfaces 2.2). */
@Entity('service')
@Index(SERVICE_NAME_UNIQUE, { synchronize: false })
@Index(SERVICE_EXTERNAL_ID_UNIQUE, ['externalId'], { unique: true })
@Index('ix_service_identification_level', ['identificationLevelId'])
@Index('ix_service_org_identification_level', ['orgIdentificationLevelId'])
@Index('ix_service_service_theme', ['serviceThemeId'])
@Check('ck_service_url_target', oneOf('url_target', URL_TARGETS))
@Check('ck_service_days_until_reminder', '"days_until_reminder" >= 0')
export class ServiceEntity extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_service' })
  id: number;

  @Column({ name: 'external_id', type: 'varchar', length: 50, nullable: true })
  externalId: string | null;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ name: 'display_name', type: 'varchar', length: 255 })
  displayName: string;

  @Column({ name: 'identification_level_id', type: 'integer' })
  identificationLevelId: number;

  @ManyToOne('IdentificationLevelEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'identification_level_id', foreignKeyConstraintName: SERVICE_IDENTIFICATION_LEVEL_FK })
  identificationLevel?: IdentificationLevelEntity;

  @Column({ name: 'org_identification_level_id', type: 'integer' })
  orgIdentificationLevelId: number;

  @ManyToOne('OrgIdentificationLevelEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({
    name: 'org_identification_level_id',
    foreignKeyConstraintName: SERVICE_ORG_IDENTIFICATION_LEVEL_FK,
  })
  orgIdentificationLevel?: OrgIdentificationLevelEntity;

  @Column({ name: 'service_theme_id', type: 'integer' })
  serviceThemeId: number;

  @ManyToOne('ServiceThemeEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'service_theme_id', foreignKeyConstraintName: SERVICE_THEME_FK })
  serviceTheme?: ServiceThemeEntity;

  @Column({ name: 'icon_path', type: 'varchar', length: 400, nullable: true })
  iconPath: string | null;

  @Column({ name: 'css_class', type: 'varchar', length: 100, nullable: true })
  cssClass: string | null;

  @Column({ type: 'varchar', length: 400, nullable: true })
  url: string | null;

  @Column({ name: 'url_target', type: 'varchar', length: 20, default: 'Self' })
  urlTarget: UrlTarget;

  @Column({ name: 'tracker_project_id', type: 'varchar', length: 100, nullable: true })
  trackerProjectId: string | null;

  @Column({ name: 'is_procuration_available', type: 'boolean', default: false })
  isProcurationAvailable: boolean;

  @Column({ name: 'is_in_maintenance', type: 'boolean', default: false })
  isInMaintenance: boolean;

  @Column({ name: 'is_shown_in_catalog', type: 'boolean', default: true })
  isShownInCatalog: boolean;

  @Column({ name: 'is_external', type: 'boolean', default: false })
  isExternal: boolean;

  @Column({ name: 'is_accessible', type: 'boolean', default: false })
  isAccessible: boolean;

  @Column({ name: 'is_responsive', type: 'boolean', default: false })
  isResponsive: boolean;

  @Column({ name: 'is_new', type: 'boolean', default: false })
  isNew: boolean;

  @Column({ name: 'is_navigation_shown', type: 'boolean', default: true })
  isNavigationShown: boolean;

  @Column({ name: 'is_support_available', type: 'boolean', default: false })
  isSupportAvailable: boolean;

  @Column({ name: 'is_profile_manager_available', type: 'boolean', default: false })
  isProfileManagerAvailable: boolean;

  @Column({ name: 'sub_theme_key', type: 'varchar', length: 100, nullable: true })
  subThemeKey: string | null;

  @Column({ name: 'days_until_reminder', type: 'integer', nullable: true })
  daysUntilReminder: number | null;
}
