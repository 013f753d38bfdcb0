import type { EntityManager } from 'typeorm';

import { type LinkRecord, upsertLinkRow } from '../common/upsert';
import { profileReaches, queryNamed } from './reach';

/** procuration_service as the seam writes it: its entity's folder (procurations) depends on this one. */
interface ProcurationServiceRow extends LinkRecord {
  procurationId: number;
  serviceId: number;
  validityStartStamp: Date;
}

/** A procuration as its links need it: its id and its principal (whose reach bounds them). */
export interface LinkedProcuration {
  readonly id: number;
  readonly principalProfileId: number;
}

/**
 * The links of `procuration_service` a request writes by hand (PUT, DELETE and POST of a
 * procuration's services, an invite's approval), beside the automated update: with
 * `reach-changes.ts`, the only writers of the table. Each runs in the caller's transaction; the
 * caller holds the procuration and has checked what the path names.
 */

/** PUT of one link: inserted, or its start updated. The caller has checked the principal reaches the service. */
export function linkProcurationService(
  manager: EntityManager,
  procurationId: number,
  serviceId: number,
  validityStartStamp: Date,
  requester: string,
): Promise<{ id: number; created: boolean }> {
  return upsertLinkRow<ProcurationServiceRow>(
    manager,
    'procuration_service',
    { procurationId, serviceId },
    { validityStartStamp },
    requester,
  );
}

/** DELETE of one link; false when the procuration has none to the service. */
export async function unlinkProcurationService(
  manager: EntityManager,
  procurationId: number,
  serviceId: number,
): Promise<boolean> {
  const deleted = await manager
    .createQueryBuilder()
    .delete()
    .from('procuration_service')
    .where('procuration_id = :procurationId AND service_id = :serviceId', { procurationId, serviceId })
    .execute();
  return Boolean(deleted.affected);
}

/** POST: a link to every procuration-available service the principal reaches now that the procuration lacks. */
export async function linkMissingProcurationServices(
  manager: EntityManager,
  procuration: LinkedProcuration,
  validityStartStamp: Date,
  requester: string,
): Promise<void> {
  const now = new Date();
  const { condition, parameters } = profileReaches('s.id', procuration.principalProfileId);
  await queryNamed(manager, {
    sql: `INSERT INTO procuration_service
            (procuration_id, service_id, validity_start_stamp, created_by, create_stamp, updated_by, update_stamp)
          SELECT :procurationId, s.id, :start, :requester, :now, :requester, :now
            FROM service s WHERE s.is_procuration_available AND ${condition}
          ON CONFLICT (procuration_id, service_id) DO NOTHING`,
    parameters: { ...parameters, procurationId: procuration.id, start: validityStartStamp, requester, now },
  });
}

/** An approved invite's services become the new procuration's links, valid from now. The caller checked them. */
export async function linkInviteServices(
  manager: EntityManager,
  procurationId: number,
  serviceIds: readonly number[],
  now: Date,
  requester: string,
): Promise<void> {
  await manager.query(
    `INSERT INTO procuration_service
       (procuration_id, service_id, validity_start_stamp, created_by, create_stamp, updated_by, update_stamp)
     SELECT $1, unnest($2::int[]), $3, $4, $3, $4, $3`,
    [procurationId, serviceIds, now, requester],
  );
}
