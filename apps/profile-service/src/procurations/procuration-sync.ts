import type { EntityManager } from 'typeorm';

/** AUDIT requester of the links the automated update writes (no request names one for it). */
export const AUTOMATED_UPDATE_REQUESTER = 'procuration-sync';

/** The functions whose procurations hold every procuration-available service the organization reaches. */
export const SYNCED_FUNCTIONS = ['Owner', 'Manager'] as const;

/**
 * What the automated update of procuration services (contract 6) is asked to bring up to date:
 * the procurations of some principals, given as an SQL query of profile ids (parameters `$1`...).
 */
export interface PrincipalScope {
  readonly sql: string;
  readonly values: readonly unknown[];
}

/**
 * The automated update for the principals of `scope`, in the caller's transaction, one
 * set-based statement per step (a category change may touch thousands of organizations):
 *
 * 1. the principals that have procurations at all are picked (nothing else to do otherwise);
 * 2. every link to a service the principal no longer reaches (no role it holds, whatever its
 *    start, is granted the service by a service role) leaves all of its procurations;
 * 3. in the Owner and Manager procurations, links to services that are not procuration-available
 *    leave, and every procuration-available service the principal reaches and the procuration
 *    lacks is added, valid from the later of now and the start of the earliest role granting it.
 *
 * A role whose start lies ahead keeps its services in the procurations: the link's own
 * `validityStartStamp` keeps the representative from using it before then.
 */
export async function syncProcurationServices(manager: EntityManager, scope: PrincipalScope): Promise<void> {
  const principals = await manager.query<{ id: number }[]>(
    `SELECT DISTINCT pr.principal_profile_id AS id FROM procuration pr
      WHERE pr.principal_profile_id IN (${scope.sql})`,
    [...scope.values],
  );
  if (principals.length === 0) return;
  const principalIds = principals.map((row) => row.id);

  await manager.query(
    `DELETE FROM procuration_service ps USING procuration pr
      WHERE ps.procuration_id = pr.id AND pr.principal_profile_id = ANY($1::int[])
        AND NOT EXISTS (
          SELECT 1 FROM profile_role held JOIN service_role sr ON sr.role_id = held.role_id
           WHERE held.profile_id = pr.principal_profile_id AND sr.service_id = ps.service_id)`,
    [principalIds],
  );
  await manager.query(
    `DELETE FROM procuration_service ps USING procuration pr, service s
      WHERE ps.procuration_id = pr.id AND s.id = ps.service_id AND NOT s.is_procuration_available
        AND pr.principal_profile_id = ANY($1::int[])
        AND pr.person_in_organization_function = ANY($2::text[])`,
    [principalIds, SYNCED_FUNCTIONS],
  );
  const now = new Date();
  await manager.query(
    `INSERT INTO procuration_service
       (procuration_id, service_id, validity_start_stamp, created_by, create_stamp, updated_by, update_stamp)
     SELECT pr.id, sr.service_id, greatest($3::timestamptz, min(held.validity_start_stamp)), $4, $3, $4, $3
       FROM procuration pr
       JOIN profile_role held ON held.profile_id = pr.principal_profile_id
       JOIN service_role sr ON sr.role_id = held.role_id
       JOIN service s ON s.id = sr.service_id AND s.is_procuration_available
      WHERE pr.principal_profile_id = ANY($1::int[])
        AND pr.person_in_organization_function = ANY($2::text[])
      GROUP BY pr.id, sr.service_id
     ON CONFLICT (procuration_id, service_id) DO NOTHING`,
    [principalIds, SYNCED_FUNCTIONS, now, AUTOMATED_UPDATE_REQUESTER],
  );
}

/** A service stopped being procuration-available: it leaves every procuration (contract 6). */
export async function withdrawServiceFromProcurations(
  manager: EntityManager,
  serviceId: number,
): Promise<void> {
  await manager.query('DELETE FROM procuration_service WHERE service_id = $1', [serviceId]);
}
