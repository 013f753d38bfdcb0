import { Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { NamedEntity } from '../../common/named.entity';

export const ROLE_NAME_UNIQUE = 'uq_role_name';

/** A role profiles hold; service roles grant services to its holders. */
@Entity('role')
@Index(ROLE_NAME_UNIQUE, { synchronize: false })
export class RoleEntity extends NamedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_role' })
  id: number;
}
