import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { AuditedEntity } from '@portal/database';

import type { ServiceEntity } from '../../catalogue/services/entities/service.entity';
import type { ProcurationEntity } from './procuration.entity';

export const PROCURATION_SERVICE_UNIQUE = 'uq_procuration_service';
export const PROCURATION_SERVICE_PROCURATION_FK = 'fk_procuration_service_procuration';
export const PROCURATION_SERVICE_SERVICE_FK = 'fk_procuration_service_service';

/** A service the representative may use for the principal, from `validityStartStamp` on. */
@Entity('procuration_service')
@Index(PROCURATION_SERVICE_UNIQUE, ['procurationId', 'serviceId'], { unique: true })
@Index('ix_procuration_service_service', ['serviceId'])
export class ProcurationServiceEntity extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_procuration_service' })
  id: number;

  @Column({ name: 'procuration_id', type: 'integer' })
  procurationId: number;

  @ManyToOne('ProcurationEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'procuration_id', foreignKeyConstraintName: PROCURATION_SERVICE_PROCURATION_FK })
  procuration?: ProcurationEntity;

  @Column({ name: 'service_id', type: 'integer' })
  serviceId: number;

  @ManyToOne('ServiceEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'service_id', foreignKeyConstraintName: PROCURATION_SERVICE_SERVICE_FK })
  service?: ServiceEntity;

  @Column({ name: 'validity_start_stamp', type: 'timestamptz' })
  validityStartStamp: Date;
}
