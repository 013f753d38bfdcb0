import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { AuditedEntity } from '@portal/database';

import type { ClientEntity } from '../../../reference-data/clients/client.entity';
import type { ServiceEntity } from './service.entity';

export const SERVICE_CLIENT_UNIQUE = 'uq_service_client';
export const SERVICE_CLIENT_SERVICE_FK = 'fk_service_client_service';
export const SERVICE_CLIENT_CLIENT_FK = 'fk_service_client_client';

/** A client application that offers the service. */
@Entity('service_client')
@Index(SERVICE_CLIENT_UNIQUE, ['serviceId', 'clientId'], { unique: true })
@Index('ix_service_client_client', ['clientId'])
export class ServiceClientEntity extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_service_client' })
  id: number;

  @Column({ name: 'service_id', type: 'integer' })
  serviceId: number;

  @ManyToOne('ServiceEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'service_id', foreignKeyConstraintName: SERVICE_CLIENT_SERVICE_FK })
  service?: ServiceEntity;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @ManyToOne('ClientEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'client_id', foreignKeyConstraintName: SERVICE_CLIENT_CLIENT_FK })
  client?: ClientEntity;
}
