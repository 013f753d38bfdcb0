import { DataSource } from 'typeorm';

import { HOSTILE } from './support/crud-conformance';
import { Fixtures } from './support/fixtures';
import { type ProfileService, startProfileService, V10, V9 } from './support/profile-test-app';

type Json = Record<string, any>;

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('profile-service favorite services of a profile (HTTP, real PostgreSQL)', () => {
  let service: ProfileService;
  let fixtures: Fixtures;
  let dataSource: DataSource;
  let roleId: number;
  let reachedServiceId: number;
  let otherServiceId: number;

  beforeAll(async () => {
    service = await startProfileService('profile_favorites');
    dataSource = service.app.get(DataSource);
    fixtures = new Fixtures(dataSource);
    roleId = await fixtures.role();
    reachedServiceId = await fixtures.service();
    otherServiceId = await fixtures.service();
    await fixtures.serviceRole(reachedServiceId, roleId);
  });

  afterAll(async () => {
    await service?.close();
  });

  const favorite = (profileId: number | string, serviceId: number | string, version = V10) =>
    `${version}/profiles/${profileId}/favorite-services/${serviceId}`;
  const favoriteRows = async (profileId: number): Promise<Json[]> =>
    dataSource.query(
      'SELECT service_id, representative_profile_id, sort_order FROM favorite_service WHERE profile_id = $1 ORDER BY id',
      [profileId],
    );
  const personWithRole = async (): Promise<number> => {
    const { profileId } = await fixtures.personProfile();
    await fixtures.profileRole(profileId, roleId);
    return profileId;
  };

  it('marks a favorite with 201 and updates its order with 200, under both versions', async () => {
    for (const version of [V10, V9]) {
      const profileId = await personWithRole();
      const created = await service.max.put<Json>(favorite(profileId, reachedServiceId, version), {
        sortOrder: 4,
        createdBy: 'alice',
        profileId: 999,
        representativeProfileId: 5,
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        profileId,
        representativeProfileId: null,
        delegatorProfileId: null,
        serviceId: reachedServiceId,
        sortOrder: 4,
        createdBy: 'alice',
        createStamp: expect.stringMatching(ISO_UTC),
        updatedBy: 'alice',
        updateStamp: created.body.createStamp,
      });
      const updated = await service.max.put<Json>(favorite(profileId, reachedServiceId, version), {
        createdBy: 'bob',
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toEqual({
        ...created.body,
        sortOrder: 0,
        updatedBy: 'bob',
        updateStamp: expect.stringMatching(ISO_UTC),
      });
      expect(await favoriteRows(profileId)).toEqual([
        { service_id: reachedServiceId, representative_profile_id: null, sort_order: 0 },
      ]);
    }
  });

  it('shows among the profile services (IsFavorite, Expand=FavoriteService) once a role grants the service', async () => {
    const profileId = await personWithRole();
    const mark = (await service.max.put<Json>(favorite(profileId, reachedServiceId), { createdBy: 'a' }))
      .body;
    await service.max.put(favorite(profileId, otherServiceId), { createdBy: 'a' });
    const listed = await service.max.get<Json[]>(
      `${V10}/profiles/${profileId}/services?IsFavorite=true&Expand=FavoriteService`,
    );
    expect(listed.body.map((item) => [item.id, item.favoriteService])).toEqual([[reachedServiceId, mark]]);
    // Marked, but not reached: stored, and shown once a role grants it.
    expect(await favoriteRows(profileId)).toHaveLength(2);
    const otherRoleId = await fixtures.role();
    await fixtures.serviceRole(otherServiceId, otherRoleId);
    await fixtures.profileRole(profileId, otherRoleId);
    const both = await service.max.get<Json[]>(`${V10}/profiles/${profileId}/services?IsFavorite=true`);
    expect(both.body.map((item) => item.id)).toEqual([reachedServiceId, otherServiceId]);
  });

  it('deletes with 204 under both versions, then answers 404; favorites within a procuration stay', async () => {
    for (const version of [V10, V9]) {
      const profileId = await personWithRole();
      const representative = (await fixtures.personProfile()).profileId;
      await fixtures.insert('favorite_service', {
        profile_id: profileId,
        representative_profile_id: representative,
        service_id: reachedServiceId,
      });
      await service.max.put(favorite(profileId, reachedServiceId), { createdBy: 'a' });
      const deleted = await service.max.delete(favorite(profileId, reachedServiceId, version));
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
      const again = await service.max.delete<Json>(favorite(profileId, reachedServiceId));
      expect(again.status).toBe(404);
      expect(again.body.detail).toBe(
        `The service ${reachedServiceId} is not a favorite of the profile ${profileId}.`,
      );
      expect(await favoriteRows(profileId)).toEqual([
        { service_id: reachedServiceId, representative_profile_id: representative, sort_order: 0 },
      ]);
    }
  });

  it('answers 404 for an unknown profile or service, 400 for malformed ids', async () => {
    const profileId = await personWithRole();
    for (const method of ['put', 'delete'] as const) {
      const send = (url: string) =>
        method === 'put' ? service.max.put<Json>(url, { createdBy: 'a' }) : service.max.delete<Json>(url);
      const unknownProfile = await send(favorite(2147483647, reachedServiceId));
      expect(unknownProfile.status).toBe(404);
      expect(unknownProfile.body.detail).toBe('No profile has the id 2147483647.');
      const unknownService = await send(favorite(profileId, 2147483647));
      expect(unknownService.status).toBe(404);
      expect(unknownService.body.detail).toBe('No service has the id 2147483647.');
      for (const [url, parameter] of [
        [favorite('x', reachedServiceId), 'profileId'],
        [favorite(profileId, '0'), 'serviceId'],
      ]) {
        const malformed = await send(url);
        expect(malformed.status).toBe(400);
        expect(Object.keys(malformed.body.errors)).toEqual([parameter]);
      }
    }
    expect(await favoriteRows(profileId)).toEqual([]);
  });

  it.each([
    ['a text sortOrder', { sortOrder: '1' }, 'sortOrder'],
    ['a fractional sortOrder', { sortOrder: 1.5 }, 'sortOrder'],
    ['a sortOrder beyond int32', { sortOrder: 2147483648 }, 'sortOrder'],
    ['a missing createdBy', { createdBy: undefined }, 'createdBy'],
    ['an empty createdBy', { createdBy: '' }, 'createdBy'],
  ])('refuses %s with 400 on the property and stores nothing', async (_case, overrides, path) => {
    const profileId = await personWithRole();
    const response = await service.max.put<Json>(favorite(profileId, reachedServiceId), {
      createdBy: 'a',
      ...overrides,
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors)).toEqual([path]);
    expect(await favoriteRows(profileId)).toEqual([]);
  });

  it('never answers 500 to hostile field types', async () => {
    const profileId = await personWithRole();
    for (const field of ['sortOrder', 'createdBy']) {
      for (const value of HOSTILE) {
        const response = await service.max.put(favorite(profileId, reachedServiceId), {
          createdBy: 'a',
          [field]: value,
        });
        expect([field, value, [200, 201, 400].includes(response.status)]).toEqual([field, value, true]);
      }
    }
  });

  it('is for ProfileApi_Max only, and has no read route of its own', async () => {
    const profileId = await personWithRole();
    expect(
      (await service.anonymous.put(favorite(profileId, reachedServiceId), { createdBy: 'a' })).status,
    ).toBe(401);
    for (const caller of [service.low, service.medium, service.stranger]) {
      expect((await caller.put(favorite(profileId, reachedServiceId), { createdBy: 'a' })).status).toBe(403);
      expect((await caller.delete(favorite(profileId, reachedServiceId))).status).toBe(403);
    }
    expect((await service.max.get(favorite(profileId, reachedServiceId))).status).toBe(404);
    expect(await favoriteRows(profileId)).toEqual([]);
  });
});
