import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import type { ProfileRoleSource } from '../common/domain-enums';
import { type LinkRecord, upsertLinkRow } from '../common/upsert';
import { ProfileEnvironment } from '../profile-environment';
import { onServiceReachChanged } from './reach-changes';

/** The organization profiles of a category, as SQL over the parameter `$1` (the category id). */
const ORGANIZATION_PROFILES_OF_CATEGORY = `
  SELECT p.id FROM profile p JOIN organization o ON o.id = p.organization_id WHERE o.org_category_id = $1`;

const AUDIT_COLUMNS = 'created_by, create_stamp, updated_by, update_stamp';

/** profile_role as the seam writes it: its entity's folder (profile-roles) depends on this one. */
interface ProfileRoleRow extends LinkRecord {
  profileId: number;
  roleId: number;
  validityStartStamp: Date;
  source: ProfileRoleSource;
}

/**
 * The one writer of `profile_role` (who holds which role, and so who reaches which service).
 * Each method runs in the caller's transaction and, when it changed who holds a role, ends with
 * `onServiceReachChanged`, so that the automated update of procuration services commits with the
 * write that caused it. A role whose start lies ahead grants nothing until then: the reach
 * reconciler applies it at its start.
 *
 * A role records where it came from: `Direct` (given to the profile) or `OrgCategory` (given by
 * its organization's category). A category takes back only what it gave; a role given directly
 * stays. Giving a role directly that the category gave makes it direct.
 */
@Injectable()
export class RoleAssignments {
  constructor(private readonly env: ProfileEnvironment) {}

  /** A new person profile receives the citizen role; a new organization profile its category's roles. */
  async giveInitialRoles(
    manager: EntityManager,
    profile: { readonly id: number; readonly orgCategoryId?: number },
    createdBy: string,
    now: Date,
  ): Promise<void> {
    if (profile.orgCategoryId === undefined) {
      const inserted = await manager.query<unknown[]>(
        `INSERT INTO profile_role (profile_id, role_id, validity_start_stamp, source, ${AUDIT_COLUMNS})
           SELECT $1, r.id, $3, 'Direct', $4, $3, $4, $3 FROM role r WHERE lower(r.name) = lower($2)
         RETURNING id`,
        [profile.id, this.env.CITIZEN_ROLE_NAME, now, createdBy],
      );
      // The citizen role can be neither renamed nor deleted through the API: its absence is a broken deployment.
      if (inserted.length === 0) {
        throw new Error(
          `The citizen role '${this.env.CITIZEN_ROLE_NAME}' (CITIZEN_ROLE_NAME) does not exist.`,
        );
      }
    } else {
      await manager.query(
        `INSERT INTO profile_role (profile_id, role_id, validity_start_stamp, source, ${AUDIT_COLUMNS})
           SELECT $1, ocr.role_id, $3, 'OrgCategory', $4, $3, $4, $3
             FROM org_category_role ocr WHERE ocr.org_category_id = $2`,
        [profile.id, profile.orgCategoryId, now, createdBy],
      );
    }
    await onServiceReachChanged(manager, { kind: 'profileRoles', profileIds: [profile.id] });
  }

  /** `PUT /profiles/{profileId}/roles/{roleId}`: the role, given directly, from `validityStartStamp` on. */
  async giveDirectly(
    manager: EntityManager,
    profileId: number,
    roleId: number,
    validityStartStamp: Date,
    createdBy: string,
  ): Promise<{ id: number; created: boolean }> {
    const upserted = await upsertLinkRow<ProfileRoleRow>(
      manager,
      'profile_role',
      { profileId, roleId },
      { validityStartStamp, source: 'Direct' },
      createdBy,
    );
    await onServiceReachChanged(manager, { kind: 'profileRoles', profileIds: [profileId], roleId });
    return upserted;
  }

  /** `DELETE /profiles/{profileId}/roles/{roleId}`: the role goes, whatever gave it. False when not held. */
  async take(manager: EntityManager, profileId: number, roleId: number): Promise<boolean> {
    const taken = await manager
      .createQueryBuilder()
      .delete()
      .from('profile_role')
      .where('profile_id = :profileId AND role_id = :roleId', { profileId, roleId })
      .execute();
    if (!taken.affected) return false;
    await onServiceReachChanged(manager, { kind: 'profileRoles', profileIds: [profileId], roleId });
    return true;
  }

  /**
   * A category gained a role: every organization profile of the category that lacks it receives
   * it. Answers how many did.
   */
  async giveCategoryRole(
    manager: EntityManager,
    orgCategoryId: number,
    roleId: number,
    createdBy: string,
  ): Promise<number> {
    const given = await manager.query<Array<{ profile_id: number }>>(
      `INSERT INTO profile_role (profile_id, role_id, validity_start_stamp, source, ${AUDIT_COLUMNS})
         SELECT organization_profile.id, $2, $4, 'OrgCategory', $3, $4, $3, $4
           FROM (${ORGANIZATION_PROFILES_OF_CATEGORY}) organization_profile
          ORDER BY organization_profile.id
       ON CONFLICT (profile_id, role_id) DO NOTHING
       RETURNING profile_id`,
      [orgCategoryId, roleId, createdBy, new Date()],
    );
    await this.reachChangedFor(manager, given, roleId);
    return given.length;
  }

  /** A category lost a role: the organizations that hold it through the category lose it; a direct one stays. */
  async takeCategoryRole(manager: EntityManager, orgCategoryId: number, roleId: number): Promise<void> {
    // A delete takes no lock on the profiles, as an insert's foreign key check does: without this
    // one, an Owner procuration created meanwhile (which locks its principal FOR UPDATE) could
    // still see the role and link services the organization is losing.
    await manager.query(`${ORGANIZATION_PROFILES_OF_CATEGORY} FOR KEY SHARE OF p`, [orgCategoryId]);
    const [taken] = await manager.query<[Array<{ profile_id: number }>, number]>(
      `DELETE FROM profile_role
        WHERE role_id = $2 AND source = 'OrgCategory' AND profile_id IN (${ORGANIZATION_PROFILES_OF_CATEGORY})
       RETURNING profile_id`,
      [orgCategoryId, roleId],
    );
    await this.reachChangedFor(manager, taken, roleId);
  }

  /**
   * The organizations whose role a category change gave or took, and only those, are synced, for
   * the services that role grants.
   */
  private async reachChangedFor(
    manager: EntityManager,
    rows: ReadonlyArray<{ profile_id: number }>,
    roleId: number,
  ): Promise<void> {
    if (rows.length === 0) return;
    await onServiceReachChanged(manager, {
      kind: 'profileRoles',
      profileIds: rows.map((row) => row.profile_id),
      roleId,
    });
  }

  /**
   * An organization moved to another category: it loses what its old category gave and the new
   * one does not, and receives what the new one gives and it lacks. Roles both give keep their
   * validity; direct roles are untouched.
   */
  async followCategoryChange(
    manager: EntityManager,
    profileId: number,
    orgCategoryId: number,
    updatedBy: string,
  ): Promise<void> {
    await manager.query(
      `DELETE FROM profile_role
        WHERE profile_id = $1 AND source = 'OrgCategory'
          AND role_id NOT IN (SELECT role_id FROM org_category_role WHERE org_category_id = $2)`,
      [profileId, orgCategoryId],
    );
    await manager.query(
      `INSERT INTO profile_role (profile_id, role_id, validity_start_stamp, source, ${AUDIT_COLUMNS})
         SELECT $1, ocr.role_id, $4, 'OrgCategory', $3, $4, $3, $4
           FROM org_category_role ocr WHERE ocr.org_category_id = $2
       ON CONFLICT (profile_id, role_id) DO NOTHING`,
      [profileId, orgCategoryId, updatedBy, new Date()],
    );
    await onServiceReachChanged(manager, { kind: 'profileRoles', profileIds: [profileId] });
  }
}
