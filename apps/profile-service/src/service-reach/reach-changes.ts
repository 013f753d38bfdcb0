import type { EntityManager } from 'typeorm';

import { type NamedSql, queryNamed, servicesReachedByEach } from './reach';

/** AUDIT requester of the links the automated update writes (no request names one for it). */
export const AUTOMATED_UPDATE_REQUESTER = 'procuration-sync';

/** The functions whose procurations hold every procuration-available service the organization reaches. */
export const SYNCED_FUNCTIONS = ['Owner', 'Manager'] as const;

/**
 * A write that may have changed which services some profiles reach (contract 6: a profile
 * reaches a service when it holds, since its `validityStartStamp`, a role that a service role
 * grants), or an instant that did (a role's start reached: the reconciler).
 */
export type ServiceReachChange =
  /**
   * Roles of these profiles were given, taken or reached their start; `roleId` when one role
   * was (a category's): only the services it grants can have changed.
   */
  | { readonly kind: 'profileRoles'; readonly profileIds: readonly number[]; readonly roleId?: number }
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
 * the write that caused it; the reach reconciler calls it when a role's start is reached. Role
 * writes reach it through RoleAssignments (the only writer of `profile_role`).
 *
 * For an organization principal and a person representative whose function is Owner or Manager,
 * the procuration's services become every service the organization reaches now that has
 * `isProcurationAvailable`; and any principal that no longer reaches a service loses it from all
 * of its procurations.
 */
export async function onServiceReachChanged(
  manager: EntityManager,
  change: ServiceReachChange,
): Promise<void> {
  switch (change.kind) {
    case 'profileRoles':
      return syncProcurationServices(
        manager,
        {
          sql: 'SELECT unnest(CAST(:scopeProfileIds AS int[]))',
          parameters: { scopeProfileIds: [...change.profileIds] },
        },
        change.roleId === undefined
          ? undefined
          : {
              sql: 'SELECT granted.service_id FROM service_role granted WHERE granted.role_id = :servicesRoleId',
              parameters: { servicesRoleId: change.roleId },
            },
      );
    case 'serviceRoles':
      // The holders of the role, and (for a deleted service role) also those who held the service through it.
      return syncProcurationServices(
        manager,
        {
          sql: `SELECT held.profile_id FROM profile_role held WHERE held.role_id = :scopeRoleId
                UNION SELECT pr.principal_profile_id FROM procuration pr
                        JOIN procuration_service ps ON ps.procuration_id = pr.id WHERE ps.service_id = :scopeServiceId`,
          parameters: { scopeRoleId: change.roleId, scopeServiceId: change.serviceId },
        },
        theService(change.serviceId),
      );
    case 'procurationAvailability':
      if (!change.isProcurationAvailable) return withdrawServiceFromProcurations(manager, change.serviceId);
      return syncProcurationServices(
        manager,
        {
          sql: `SELECT held.profile_id FROM profile_role held
                  JOIN service_role sr ON sr.role_id = held.role_id WHERE sr.service_id = :scopeServiceId`,
          parameters: { scopeServiceId: change.serviceId },
        },
        theService(change.serviceId),
      );
    case 'procurations':
      return syncProcurationServices(manager, {
        sql: 'SELECT unnest(CAST(:scopePrincipalIds AS int[]))',
        parameters: { scopePrincipalIds: [...change.principalProfileIds] },
      });
  }
}

/** One service, as the `services` of a sync: the change concerns it alone. */
const theService = (serviceId: number): NamedSql => ({
  sql: 'CAST(:servicesServiceId AS int)',
  parameters: { servicesServiceId: serviceId },
});

/**
 * The automated update for the principals of `scope` (an SQL query of profile ids, named
 * parameters prefixed `scope`), in the caller's transaction, one set-based statement per step (a
 * category change may touch thousands of organizations). `services` (an SQL query of service ids,
 * parameters prefixed `services`), when the change can concern only those, bounds every step to
 * them: a category's role inserts some 30,000 links for 10,000 organizations, and reading what
 * they reach through their other roles would double that work.
 *
 * 1. the principals that have procurations at all are picked (nothing else to do otherwise);
 * 2. every link to a service the principal does not reach now leaves all of its procurations
 *    (a role whose start lies ahead grants nothing yet: contract 9);
 * 3. in the Owner and Manager procurations, links to services that are not procuration-available
 *    leave, and every procuration-available service the principal reaches now and the procuration
 *    lacks is added, valid from now. A role that starts later adds its services when the reach
 *    reconciler sees its start pass.
 */
async function syncProcurationServices(
  manager: EntityManager,
  scope: NamedSql,
  services?: NamedSql,
): Promise<void> {
  const principals = await queryNamed<{ id: number }>(manager, {
    sql: `SELECT DISTINCT pr.principal_profile_id AS id FROM procuration pr
           WHERE pr.principal_profile_id IN (${scope.sql})`,
    parameters: scope.parameters,
  });
  if (principals.length === 0) return;
  const now = new Date();
  const principalIds = principals.map((row) => row.id);
  // What the principals reach now (a role whose start lies ahead grants nothing yet), joined by
  // both steps; materialized so that it is read by the principals' roles, never all of them.
  const reached = servicesReachedByEach(principalIds, now, services);
  const ofServices = (link: string): string => (services ? ` AND ${link} IN (${services.sql})` : '');
  await queryNamed(manager, {
    sql: `WITH reached AS MATERIALIZED (${reached.sql})
          DELETE FROM procuration_service ps USING procuration pr
           WHERE ps.procuration_id = pr.id AND pr.principal_profile_id = ANY(:principalIds)
             AND NOT EXISTS (SELECT 1 FROM reached
                              WHERE reached.profile_id = pr.principal_profile_id
                                AND reached.service_id = ps.service_id)${ofServices('ps.service_id')}`,
    parameters: { ...reached.parameters, principalIds },
  });
  await queryNamed(manager, {
    sql: `DELETE FROM procuration_service ps USING procuration pr, service s
           WHERE ps.procuration_id = pr.id AND s.id = ps.service_id AND NOT s.is_procuration_available
             AND pr.principal_profile_id = ANY(:principalIds)
             AND pr.person_in_organization_function = ANY(:syncedFunctions)${ofServices('ps.service_id')}`,
    parameters: { ...services?.parameters, principalIds, syncedFunctions: [...SYNCED_FUNCTIONS] },
  });
  await queryNamed(manager, {
    sql: `WITH reached AS MATERIALIZED (${reached.sql})
          INSERT INTO procuration_service
            (procuration_id, service_id, validity_start_stamp, created_by, create_stamp, updated_by, update_stamp)
          SELECT pr.id, reached.service_id, :now, :requester, :now, :requester, :now
            FROM procuration pr
            JOIN reached ON reached.profile_id = pr.principal_profile_id
            JOIN service s ON s.id = reached.service_id AND s.is_procuration_available
           WHERE pr.principal_profile_id = ANY(:principalIds)
             AND pr.person_in_organization_function = ANY(:syncedFunctions)
           -- In the unique index's order: its pages, and the foreign keys' checks, are met in turn.
           ORDER BY pr.id, reached.service_id
          ON CONFLICT (procuration_id, service_id) DO NOTHING`,
    parameters: {
      ...reached.parameters,
      principalIds,
      syncedFunctions: [...SYNCED_FUNCTIONS],
      now,
      requester: AUTOMATED_UPDATE_REQUESTER,
    },
  });
}

/** A service stopped being procuration-available: it leaves every procuration (contract 6). */
async function withdrawServiceFromProcurations(manager: EntityManager, serviceId: number): Promise<void> {
  await manager.query('DELETE FROM procuration_service WHERE service_id = $1', [serviceId]);
}
