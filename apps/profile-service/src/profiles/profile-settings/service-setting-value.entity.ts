import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { AuditedEntity } from '@portal/database';

import type { ProfileEntity } from '../entities/profile.entity';
import type { ServiceSettingEntity } from '../../settings/entities/service-setting.entity';

export const SERVICE_SETTING_VALUE_UNIQUE = 'uq_service_setting_value_profile_setting';
export const SERVICE_SETTING_VALUE_PROFILE_FK = 'fk_service_setting_value_profile';
export const SERVICE_SETTING_VALUE_SETTING_FK = 'fk_service_setting_value_service_setting';
export const SERVICE_SETTING_VALUE_ONE_FORM = 'ck_service_setting_value_one_form';

/**
 * A profile's value of a service setting (one per profile and setting), stored in one of two
 * forms: as text, or, for a secure setting, encrypted (AES-256-GCM, see SettingValueCipher).
 */
@Entity('service_setting_value')
@Index(SERVICE_SETTING_VALUE_UNIQUE, ['profileId', 'serviceSettingId'], { unique: true })
@Index('ix_service_setting_value_service_setting', ['serviceSettingId'])
@Check(SERVICE_SETTING_VALUE_ONE_FORM, 'num_nonnulls("value", "encrypted_value") = 1')
export class ServiceSettingValueEntity extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_service_setting_value' })
  id: number;

  @Column({ name: 'profile_id', type: 'integer' })
  profileId: number;

  @ManyToOne('ProfileEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'profile_id', foreignKeyConstraintName: SERVICE_SETTING_VALUE_PROFILE_FK })
  profile?: ProfileEntity;

  @Column({ name: 'service_setting_id', type: 'integer' })
  serviceSettingId: number;

  @ManyToOne('ServiceSettingEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'service_setting_id', foreignKeyConstraintName: SERVICE_SETTING_VALUE_SETTING_FK })
  serviceSetting?: ServiceSettingEntity;

  /** The value as text; null when it is stored encrypted. */
  @Column({ type: 'varchar', length: 4000, nullable: true })
  value: string | null;

  /** The value of a secure setting, encrypted; null when it is stored as text. */
  @Column({ name: 'encrypted_value', type: 'bytea', nullable: true })
  encryptedValue: Buffer | null;
}
