import type { EntityManager } from 'typeorm';

/**
 * A write that may have changed which services some profiles reach (contract 6: a profile
 * reaches a service when it holds, since its `validityStartStamp`, a role that a service role
 * grants).
 */
export type ServiceReachChange =
  /** Roles of these profiles were given or taken (directly, at creation, or by a category change). */
  | { readonly kind: 'profileRoles'; readonly profileIds: readonly number[] }
  /** A category gained or lost a role: every organization of the category is concerned. */
  | { readonly kind: 'orgCategoryRoles'; readonly orgCategoryId: number; readonly roleId: number }
  /** A service role was written or deleted: every holder of the role is concerned. */
  | { readonly kind: 'serviceRoles'; readonly serviceId: number; readonly roleId: number };

/**
 * The seam of the automated update of procuration services (contract 6): every write that
 * changes who reaches which service ends by calling this, with its own EntityManager, so that the
 * update commits in the same transaction as the write that caused it. Role writes reach it
 * through RoleAssignments (the only writer of `profile_role`); service role writes call it
 * directly.
 *
 * It does nothing yet: procurations are not served so far. The procurations work fills it in:
 * for an organization principal and a person representative whose function is Owner or Manager,
 * the procuration's services become every service the organization reaches that has
 * `isProcurationAvailable`; and any principal that no longer reaches a service loses it from all
 * of its procurations.
 */
export function onServiceReachChanged(_manager: EntityManager, _change: ServiceReachChange): Promise<void> {
  return Promise.resolve();
}

/**
 * The services a profile reaches at `at`: those a service role grants to a role the profile
 * holds since then. A role whose `validityStartStamp` lies ahead grants nothing yet.
 */
export async function servicesReachedBy(
  manager: EntityManager,
  profileId: number,
  at: Date,
): Promise<number[]> {
  const rows = await manager.query<{ serviceId: number }[]>(
    `SELECT DISTINCT sr.service_id AS "serviceId"
       FROM profile_role pr JOIN service_role sr ON sr.role_id = pr.role_id
      WHERE pr.profile_id = $1 AND pr.validity_start_stamp <= $2
      ORDER BY 1`,
    [profileId, at],
  );
  return rows.map((row) => row.serviceId);
}
