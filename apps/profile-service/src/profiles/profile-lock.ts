import type { EntityManager } from 'typeorm';

import { NotFoundError } from '@portal/problem-details';

export const profileNotFound = (profileId: number): NotFoundError =>
  new NotFoundError(`No profile has the id ${profileId}.`, 'PROFILE.NOT_FOUND');

/** What writes of a profile and of its parts (roles, identities, picture, favorites, settings) need of it. */
export interface ProfileKind {
  readonly id: number;
  readonly personId: number | null;
  readonly organizationId: number | null;
  /** The account of a person profile; null for an organization. */
  readonly accountId: number | null;
}

/**
 * The profile's id and kind, or a 404. Within a write's transaction, `share` keeps the profile
 * from being deleted until the transaction ends while updates of the profile itself go on, and
 * `update` also keeps other writers of it waiting; a read takes no lock.
 */
export async function findProfileOrFail(
  manager: EntityManager,
  profileId: number,
  lock?: 'share' | 'update',
): Promise<ProfileKind> {
  const locking =
    lock === undefined ? '' : lock === 'update' ? 'FOR NO KEY UPDATE OF p' : 'FOR KEY SHARE OF p';
  const [profile] = await manager.query<ProfileKind[]>(
    `SELECT p.id, p.person_id AS "personId", p.organization_id AS "organizationId", person.account_id AS "accountId"
       FROM profile p LEFT JOIN person ON person.id = p.person_id
      WHERE p.id = $1 ${locking}`,
    [profileId],
  );
  if (!profile) throw profileNotFound(profileId);
  return profile;
}
