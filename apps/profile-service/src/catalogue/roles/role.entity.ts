import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { AuditedEntity } from '@portal/database';

export const ROLE_NAME_UNIQUE = 'uq_role_name';

/** A role profiles hold; service roles grant services to its holders. */
@Entity('role')
@Index(ROLE_NAME_UNIQUE, { synchronize: false })
export class RoleEntity extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_role' })
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ name: 'display_name', type: 'varchar', length: 255 })
  displayName: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  description: string | null;
}
