import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

import { groupBy } from '../common/group-by';
import { syncProcurationServices, withdrawServiceFromProcurations } from '../procurations/procuration-sync';

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
  | { readonly kind: 'serviceRoles'; readonly serviceId: number; readonly roleId: number }
  /** A service's `isProcurationAvailable` changed. */
  | {
      readonly kind: 'procurationAvailability';
      readonly serviceId: number;
      readonly isProcurationAvailable: boolean;
    }
  /** Procurations of these principals were created or their function changed. */
  | { readonly kind: 'procurations'; readonly principalProfileIds: readonly number[] };

/**
 * The seam of the automated update of procuration services (contract 6): every write that
 * changes who reaches which service, or what a procuration should hold, ends by calling this,
 * with its own EntityManager, so that the update commits (or fails) in the same transaction as
 * the write that caused it. Role writes reach it through RoleAssignments (the only writer of
 * `profile_role`); service role and service writes, and procuration writes, call it directly.
 *
 * For an organization principal and a person representative whose function is Owner or Manager,
 * the procuration's services become every service the organization reaches that has
 * `isProcurationAvailable`; and any principal that no longer reaches a service loses it from all
 * of its procurations (procuration-sync).
 */
export async function onServiceReachChanged(
  manager: EntityManager,
  change: ServiceReachChange,
): Promise<void> {
  switch (change.kind) {
    case 'profileRoles':
      return syncProcurationServices(manager, {
        sql: 'SELECT unnest($1::int[])',
        values: [change.profileIds],
      });
    case 'orgCategoryRoles':
      return syncProcurationServices(manager, {
        sql: 'SELECT p.id FROM profile p JOIN organization o ON o.id = p.organization_id WHERE o.org_category_id = $1',
        values: [change.orgCategoryId],
      });
    case 'serviceRoles':
      // The holders of the role, and (for a deleted service role) also those who held the service through it.
      return syncProcurationServices(manager, {
        sql: `SELECT held.profile_id FROM profile_role held WHERE held.role_id = $1
              UNION SELECT pr.principal_profile_id FROM procuration pr
                      JOIN procuration_service ps ON ps.procuration_id = pr.id WHERE ps.service_id = $2`,
        values: [change.roleId, change.serviceId],
      });
    case 'procurationAvailability':
      if (!change.isProcurationAvailable) return withdrawServiceFromProcurations(manager, change.serviceId);
      return syncProcurationServices(manager, {
        sql: `SELECT held.profile_id FROM profile_role held
                JOIN service_role sr ON sr.role_id = held.role_id WHERE sr.service_id = $1`,
        values: [change.serviceId],
      });
    case 'procurations':
      return syncProcurationServices(manager, {
        sql: 'SELECT unnest($1::int[])',
        values: [change.principalProfileIds],
      });
  }
}

/** When a reach is asked for: `at` (default: the database's now), through visible service roles only or not. */
export interface ReachOptions {
  readonly at?: Date;
  /** Only through service roles whose `isVisible` is this (HasVisibleServiceRole). */
  readonly visibleServiceRole?: boolean;
}

/**
 * Which services a profile reaches (contract 6), the one place the rule is written in SQL: it
 * holds a role in force since its `validityStartStamp` (a role whose start lies ahead grants
 * nothing yet) that a service role grants. The rows are the profile's `profile_role` rows
 * (`reach_pr`) joined to the `service_role` rows (`reach_sr`) that grant their role; served by
 * `uq_profile_role (profile_id, role_id)` and `uq_service_role (service_id, role_id)`. Named
 * parameters, prefixed `reach` so that they do not meet the caller's.
 */
function reach(profileId: number, options: ReachOptions): { sql: string; parameters: ObjectLiteral } {
  const visible = options.visibleServiceRole !== undefined;
  return {
    sql: `profile_role reach_pr JOIN service_role reach_sr ON reach_sr.role_id = reach_pr.role_id
           WHERE reach_pr.profile_id = :reachProfileId
             AND reach_pr.validity_start_stamp <= ${options.at === undefined ? 'now()' : ':reachAt'}${
               visible ? ' AND reach_sr.is_visible = :reachVisibleServiceRole' : ''
             }`,
    parameters: {
      reachProfileId: profileId,
      ...(options.at !== undefined && { reachAt: options.at }),
      ...(visible && { reachVisibleServiceRole: options.visibleServiceRole }),
    },
  };
}

/**
 * The reach rule as a condition on a service: `serviceId` is the SQL expression of the service's
 * id; the condition takes the named parameters returned with it.
 */
export function profileReaches(
  serviceId: string,
  profileId: number,
  options: ReachOptions = {},
): { condition: string; parameters: ObjectLiteral } {
  const { sql, parameters } = reach(profileId, options);
  return { condition: `EXISTS (SELECT 1 FROM ${sql} AND reach_sr.service_id = ${serviceId})`, parameters };
}

/** Narrows a query of services to those the profile reaches. */
export function whereProfileReaches<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  serviceId: string,
  profileId: number,
  options: ReachOptions = {},
): SelectQueryBuilder<T> {
  const { condition, parameters } = profileReaches(serviceId, profileId, options);
  return query.andWhere(condition, parameters);
}

/** The ids of the services a profile reaches at `at`, ascending. */
export async function servicesReachedBy(
  manager: EntityManager,
  profileId: number,
  at: Date,
): Promise<number[]> {
  const rows = await queryReach<{ serviceId: number }>(
    manager,
    'DISTINCT reach_sr.service_id AS "serviceId"',
    reach(profileId, { at }),
    'ORDER BY 1',
  );
  return rows.map((row) => row.serviceId);
}

/**
 * Which of the profile's roles in force now grant each of `serviceIds`: the ids of its
 * `profile_role` rows by service, ascending.
 */
export async function profileRolesGranting(
  manager: EntityManager,
  profileId: number,
  serviceIds: readonly number[],
): Promise<Map<number, number[]>> {
  const rows = await queryReach<{ serviceId: number; profileRoleId: number }>(
    manager,
    'reach_sr.service_id AS "serviceId", reach_pr.id AS "profileRoleId"',
    reach(profileId, {}),
    'AND reach_sr.service_id = ANY(:reachServiceIds) ORDER BY reach_pr.id',
    { reachServiceIds: [...serviceIds] },
  );
  return new Map(
    [...groupBy(rows, (row) => row.serviceId)].map(([serviceId, granting]) => [
      serviceId,
      granting.map((row) => row.profileRoleId),
    ]),
  );
}

async function queryReach<T>(
  manager: EntityManager,
  select: string,
  from: { sql: string; parameters: ObjectLiteral },
  rest: string,
  parameters: ObjectLiteral = {},
): Promise<T[]> {
  const [sql, values] = manager.connection.driver.escapeQueryWithParameters(
    `SELECT ${select} FROM ${from.sql} ${rest}`,
    { ...from.parameters, ...parameters },
    {},
  );
  return manager.query<T[]>(sql, values);
}
