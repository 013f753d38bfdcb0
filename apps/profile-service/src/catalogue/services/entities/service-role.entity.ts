import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { AuditedEntity } from '@portal/database';

import type { RoleEntity } from '../../../reference-data/roles/role.entity';
import type { ServiceEntity } from './service.entity';

export const SERVICE_ROLE_UNIQUE = 'uq_service_role';
export const SERVICE_ROLE_SERVICE_FK = 'fk_service_role_service';
export const SERVICE_ROLE_ROLE_FK = 'fk_service_role_role';

/** Grants a service to the holders of a role (contract 6). */
@Entity('service_role')
@Index(SERVICE_ROLE_UNIQUE, ['serviceId', 'roleId'], { unique: true })
@Index('ix_service_role_role', ['roleId'])
export class ServiceRoleEntity extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_service_role' })
  id: number;

  @Column({ name: 'service_id', type: 'integer' })
  serviceId: number;

  @ManyToOne('ServiceEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'service_id', foreignKeyConstraintName: SERVICE_ROLE_SERVICE_FK })
  service?: ServiceEntity;

  @Column({ name: 'role_id', type: 'integer' })
  roleId: number;

  @ManyToOne('RoleEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'role_id', foreignKeyConstraintName: SERVICE_ROLE_ROLE_FK })
  role?: RoleEntity;

  /** Whether the service shows to holders of the role (`HasVisibleServiceRole`). */
  @Column({ name: 'is_visible', type: 'boolean', default: true })
  isVisible: boolean;
}
