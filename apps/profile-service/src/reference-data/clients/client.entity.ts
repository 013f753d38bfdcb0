import { Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { NamedEntity } from '../../common/named.entity';

export const CLIENT_NAME_UNIQUE = 'uq_client_name';

/** An application that calls the portal (contract 6: name, displayName, description). */
@Entity('client')
@Index(CLIENT_NAME_UNIQUE, { synchronize: false })
export class ClientEntity extends NamedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_client' })
  id: number;
}
