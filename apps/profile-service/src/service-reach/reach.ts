import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

import { groupBy } from '../common/group-by';

/** When a reach is asked for: `at` (default: the database's now), through visible service roles only or not. */
export interface ReachOptions {
  readonly at?: Date;
  /** Only through service roles whose `isVisible` is this (HasVisibleServiceRole). */
  readonly visibleServiceRole?: boolean;
}

/** Whose reach: a profile id, or any of several (the set-based statements of the automated update). */
export type ReachingProfile = number | { readonly anyOf: readonly number[] };

/** The SQL naming whose reach, and its parameters. */
function reachingProfileSql(profile: ReachingProfile): NamedSql {
  if (typeof profile === 'number') return { sql: ':reachProfileId', parameters: { reachProfileId: profile } };
  return { sql: 'ANY(CAST(:reachProfileIds AS int[]))', parameters: { reachProfileIds: [...profile.anyOf] } };
}

/** SQL with named parameters (`:name`), run through `queryNamed`. */
export interface NamedSql {
  readonly sql: string;
  readonly parameters: ObjectLiteral;
}

/**
 * Which services a profile reaches (contract 6, 9), the one place the rule is written in SQL: it
 * holds a role in force since its `validityStartStamp` (a role whose start lies ahead grants
 * nothing yet, anywhere) that a service role grants. The rows are the profile's `profile_role`
 * rows (`reach_pr`) joined to the `service_role` rows (`reach_sr`) that grant their role; served
 * by `uq_profile_role (profile_id, role_id)` and `uq_service_role (service_id, role_id)`. Named
 * parameters, prefixed `reach` so that they do not meet the caller's.
 */
function reach(profile: ReachingProfile, options: ReachOptions): NamedSql {
  const visible = options.visibleServiceRole !== undefined;
  const reaching = reachingProfileSql(profile);
  return {
    sql: `profile_role reach_pr JOIN service_role reach_sr ON reach_sr.role_id = reach_pr.role_id
           WHERE reach_pr.profile_id = ${reaching.sql}
             AND reach_pr.validity_start_stamp <= ${options.at === undefined ? 'now()' : ':reachAt'}${
               visible ? ' AND reach_sr.is_visible = :reachVisibleServiceRole' : ''
             }`,
    parameters: {
      ...reaching.parameters,
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
  profile: ReachingProfile,
  options: ReachOptions = {},
): { condition: string; parameters: ObjectLiteral } {
  const { sql, parameters } = reach(profile, options);
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

/**
 * The services each of `profileIds` reaches at `at`, as rows `(profile_id, service_id)`: the
 * relation a set-based statement joins (as a CTE), bounded by the profiles' own roles, where an
 * EXISTS per pair of a large set lets the planner hash every profile_role row (2 s at 1M).
 * `services` (SQL of service ids) narrows it to the services a change can concern.
 */
export function servicesReachedByEach(
  profileIds: readonly number[],
  at: Date,
  services?: NamedSql,
): NamedSql {
  const from = reach({ anyOf: profileIds }, { at });
  return {
    sql: `SELECT DISTINCT reach_pr.profile_id, reach_sr.service_id FROM ${from.sql}${
      services ? ` AND reach_sr.service_id IN (${services.sql})` : ''
    }`,
    parameters: { ...from.parameters, ...services?.parameters },
  };
}

/** The ids of the services a profile reaches at `at`, ascending. */
export async function servicesReachedBy(
  manager: EntityManager,
  profileId: number,
  at: Date,
): Promise<number[]> {
  const from = reach(profileId, { at });
  const rows = await queryNamed<{ serviceId: number }>(manager, {
    sql: `SELECT DISTINCT reach_sr.service_id AS "serviceId" FROM ${from.sql} ORDER BY 1`,
    parameters: from.parameters,
  });
  return rows.map((row) => row.serviceId);
}

/** Whether the profile reaches now each of `serviceIds`, in their order. */
export async function reachesNow(
  manager: EntityManager,
  profileId: number,
  serviceIds: readonly number[],
): Promise<boolean[]> {
  if (serviceIds.length === 0) return [];
  const { condition, parameters } = profileReaches('wanted.id', profileId);
  const rows = await queryNamed<{ reached: boolean }>(manager, {
    sql: `SELECT ${condition} AS reached
            FROM unnest(CAST(:wantedServiceIds AS int[])) WITH ORDINALITY AS wanted(id, position)
           ORDER BY wanted.position`,
    parameters: { ...parameters, wantedServiceIds: [...serviceIds] },
  });
  return rows.map((row) => row.reached);
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
  const from = reach(profileId, {});
  const rows = await queryNamed<{ serviceId: number; profileRoleId: number }>(manager, {
    sql: `SELECT reach_sr.service_id AS "serviceId", reach_pr.id AS "profileRoleId" FROM ${from.sql}
            AND reach_sr.service_id = ANY(:reachServiceIds) ORDER BY reach_pr.id`,
    parameters: { ...from.parameters, reachServiceIds: [...serviceIds] },
  });
  return new Map(
    [...groupBy(rows, (row) => row.serviceId)].map(([serviceId, granting]) => [
      serviceId,
      granting.map((row) => row.profileRoleId),
    ]),
  );
}

/**
 * Runs SQL with named parameters (`:name`, `:...list`) in `manager`'s transaction: the one place
 * the seam turns them into PostgreSQL's positional ones.
 */
export function queryNamed<T>(manager: EntityManager, statement: NamedSql): Promise<T[]> {
  const [sql, values] = manager.connection.driver.escapeQueryWithParameters(
    statement.sql,
    statement.parameters,
    {},
  );
  return manager.query<T[]>(sql, values);
}
