import type { EntityManager } from 'typeorm';

import { NotFoundError } from '@portal/problem-details';

export const profileNotFound = (profileId: number): NotFoundError =>
  new NotFoundError(`No profile has the id ${profileId}.`, 'PROFILE.NOT_FOUND');

export interface ProfileKind {
  readonly id: number;
  readonly personId: number | null;
  readonly organizationId: number | null;
}

/**
 * The profile's id and kind, or a 404. Within a write's transaction, `share` keeps the profile
 * from being deleted until the transaction ends, and `update` also keeps other writers of it
 * waiting; a read takes no lock.
 */
export async function findProfileOrFail(
  manager: EntityManager,
  profileId: number,
  lock?: 'share' | 'update',
): Promise<ProfileKind> {
  const locking = lock === undefined ? '' : lock === 'update' ? 'FOR NO KEY UPDATE' : 'FOR KEY SHARE';
  const [profile] = await manager.query<ProfileKind[]>(
    `SELECT id, person_id AS "personId", organization_id AS "organizationId" FROM profile WHERE id = $1 ${locking}`,
    [profileId],
  );
  if (!profile) throw profileNotFound(profileId);
  return profile;
}
