import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { AuditedEntity } from '@portal/database';

import type { RoleEntity } from '../../reference-data/roles/role.entity';
import { oneOf, PROFILE_ROLE_SOURCES, type ProfileRoleSource } from '../../common/domain-enums';
import type { ProfileEntity } from '../entities/profile.entity';

export const PROFILE_ROLE_UNIQUE = 'uq_profile_role';
export const PROFILE_ROLE_PROFILE_FK = 'fk_profile_role_profile';
export const PROFILE_ROLE_ROLE_FK = 'fk_profile_role_role';

/**
 * A role a profile holds from `validityStartStamp` on: given directly, or by the category of its
 * organization (`source`). Written only through RoleAssignments (service-reach).
 */
@Entity('profile_role')
@Index(PROFILE_ROLE_UNIQUE, ['profileId', 'roleId'], { unique: true })
@Index('ix_profile_role_role', ['roleId'])
// Partial (roles given with a start ahead of their write), for the reach reconciler: see the migration.
@Index('ix_profile_role_deferred_start', { synchronize: false })
@Check('ck_profile_role_source', oneOf('source', PROFILE_ROLE_SOURCES))
export class ProfileRoleEntity extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_profile_role' })
  id: number;

  @Column({ name: 'profile_id', type: 'integer' })
  profileId: number;

  @ManyToOne('ProfileEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'profile_id', foreignKeyConstraintName: PROFILE_ROLE_PROFILE_FK })
  profile?: ProfileEntity;

  @Column({ name: 'role_id', type: 'integer' })
  roleId: number;

  @ManyToOne('RoleEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'role_id', foreignKeyConstraintName: PROFILE_ROLE_ROLE_FK })
  role?: RoleEntity;

  @Column({ name: 'validity_start_stamp', type: 'timestamptz' })
  validityStartStamp: Date;

  /** `Direct` (PUT /profiles/{id}/roles/{roleId}) or `OrgCategory` (the organization's category gives it). */
  @Column({ type: 'varchar', length: 20, default: 'Direct' })
  source: ProfileRoleSource;
}
