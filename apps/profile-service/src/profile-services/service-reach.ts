import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * Which services a profile reaches (contract 6): it holds a role, in force since its
 * `validityStartStamp` (a role that starts in the future grants nothing yet), that a service role
 * grants. The one place this rule is written in SQL; served by `uq_profile_role (profile_id, role_id)`
 * and `uq_service_role (service_id, role_id)`. `serviceId` is the SQL expression of the service's
 * id; the condition takes the named parameters it returns.
 */
export function profileReaches(
  serviceId: string,
  profileId: number,
  options: { visibleServiceRole?: boolean } = {},
): { condition: string; parameters: Record<string, unknown> } {
  const visible = options.visibleServiceRole !== undefined;
  return {
    condition: `EXISTS (
       SELECT 1 FROM profile_role reach_pr
         JOIN service_role reach_sr ON reach_sr.role_id = reach_pr.role_id
        WHERE reach_pr.profile_id = :reachProfileId
          AND reach_pr.validity_start_stamp <= now()
          AND reach_sr.service_id = ${serviceId}${visible ? ' AND reach_sr.is_visible = :reachVisibleServiceRole' : ''})`,
    parameters: {
      reachProfileId: profileId,
      ...(visible && { reachVisibleServiceRole: options.visibleServiceRole }),
    },
  };
}

/** Narrows a query of services to those the profile reaches. */
export function whereProfileReaches<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  serviceId: string,
  profileId: number,
  options: { visibleServiceRole?: boolean } = {},
): SelectQueryBuilder<T> {
  const { condition, parameters } = profileReaches(serviceId, profileId, options);
  return query.andWhere(condition, parameters);
}
