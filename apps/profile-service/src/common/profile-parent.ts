import type { EntityManager } from 'typeorm';

import { NotFoundError } from '@portal/problem-details';

/** What the parts of a profile (identities, picture, favorites, setting values) need of it. */
export interface ProfileParent {
  readonly id: number;
  readonly personId: number | null;
  readonly organizationId: number | null;
  /** The account of a person profile; null for an organization. */
  readonly accountId: number | null;
}

export const profileNotFound = (profileId: number): NotFoundError =>
  new NotFoundError(`No profile has the id ${profileId}.`, 'PROFILE.NOT_FOUND');

const PARENT_SQL = `
  SELECT p.id, p.person_id AS "personId", p.organization_id AS "organizationId", person.account_id AS "accountId"
    FROM profile p LEFT JOIN person ON person.id = p.person_id
   WHERE p.id = $1`;

/** The profile a sub-resource route addresses; 404 when there is none. */
export async function findProfileParent(manager: EntityManager, profileId: number): Promise<ProfileParent> {
  const [parent] = await manager.query<ProfileParent[]>(PARENT_SQL, [profileId]);
  if (!parent) throw profileNotFound(profileId);
  return parent;
}

/**
 * The same, for a write: the profile row is held (FOR KEY SHARE) until the transaction ends, so it
 * cannot be deleted under the write, while updates of the profile itself go on.
 */
export async function lockProfileParent(manager: EntityManager, profileId: number): Promise<ProfileParent> {
  const [parent] = await manager.query<ProfileParent[]>(`${PARENT_SQL} FOR KEY SHARE OF p`, [profileId]);
  if (!parent) throw profileNotFound(profileId);
  return parent;
}
