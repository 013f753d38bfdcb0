import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { AuditedEntity } from '@portal/database';

import type { RoleEntity } from '../../roles/role.entity';
import type { OrgCategoryEntity } from '../org-category.entity';

export const ORG_CATEGORY_ROLE_UNIQUE = 'uq_org_category_role';
export const ORG_CATEGORY_ROLE_CATEGORY_FK = 'fk_org_category_role_org_category';
export const ORG_CATEGORY_ROLE_ROLE_FK = 'fk_org_category_role_role';

/** A role every organization of the category holds. */
@Entity('org_category_role')
@Index(ORG_CATEGORY_ROLE_UNIQUE, ['orgCategoryId', 'roleId'], { unique: true })
@Index('ix_org_category_role_role', ['roleId'])
export class OrgCategoryRoleEntity extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_org_category_role' })
  id: number;

  @Column({ name: 'org_category_id', type: 'integer' })
  orgCategoryId: number;

  @ManyToOne('OrgCategoryEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'org_category_id', foreignKeyConstraintName: ORG_CATEGORY_ROLE_CATEGORY_FK })
  orgCategory?: OrgCategoryEntity;

  @Column({ name: 'role_id', type: 'integer' })
  roleId: number;

  @ManyToOne('RoleEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'role_id', foreignKeyConstraintName: ORG_CATEGORY_ROLE_ROLE_FK })
  role?: RoleEntity;
}
