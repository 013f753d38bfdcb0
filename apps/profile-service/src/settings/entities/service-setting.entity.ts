import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { NamedEntity } from '../../common/named.entity';
import type { ServiceEntity } from '../../catalogue/services/entities/service.entity';

/** Names are unique within their service (case-insensitively). */
export const SERVICE_SETTING_NAME_UNIQUE = 'uq_service_setting_service_name';
export const SERVICE_SETTING_SERVICE_FK = 'fk_service_setting_service';

/** A setting a service lets each profile store a value for. */
@Entity('service_setting')
@Index(SERVICE_SETTING_NAME_UNIQUE, { synchronize: false })
export class ServiceSettingEntity extends NamedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_service_setting' })
  id: number;

  @Column({ name: 'service_id', type: 'integer' })
  serviceId: number;

  @ManyToOne('ServiceEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'service_id', foreignKeyConstraintName: SERVICE_SETTING_SERVICE_FK })
  service?: ServiceEntity;

  /** Values of a secure setting are secrets of the profile. */
  @Column({ name: 'is_secure', type: 'boolean', default: false })
  isSecure: boolean;
}
