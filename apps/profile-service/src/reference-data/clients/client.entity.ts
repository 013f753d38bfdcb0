import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { AuditedEntity } from '@portal/database';

export const CLIENT_NAME_UNIQUE = 'uq_client_name';

/** An application that calls the portal (contract 6: name, displayName, description). */
@Entity('client')
@Index(CLIENT_NAME_UNIQUE, { synchronize: false })
export class ClientEntity extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_client' })
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ name: 'display_name', type: 'varchar', length: 255 })
  displayName: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  description: string | null;
}
