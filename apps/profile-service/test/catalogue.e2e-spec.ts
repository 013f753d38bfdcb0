import { DataSource } from 'typeorm';

import { itConformsToTheCrudContract } from './support/crud-conformance';
import { Fixtures, unique } from './support/fixtures';
import { type ProfileService, startProfileService, V10 } from './support/profile-test-app';

type Json = Record<string, any>;

const namedInvalid: [string, Json, string][] = [
  ['a missing name', { name: undefined }, 'name'],
  ['a name over 100 characters', { name: 'n'.repeat(101) }, 'name'],
  ['a missing displayName', { displayName: undefined }, 'displayName'],
  ['a displayName over 255 characters', { displayName: 'd'.repeat(256) }, 'displayName'],
  ['a description over 255 characters', { description: 'd'.repeat(256) }, 'description'],
];

describe('profile-service catalogue (HTTP, real PostgreSQL)', () => {
  let service: ProfileService;
  let fixtures: Fixtures;

  beforeAll(async () => {
    service = await startProfileService('profile_catalogue', { CITIZEN_ROLE_NAME: 'Einwohner' });
    fixtures = new Fixtures(service.app.get(DataSource));
  });

  afterAll(async () => {
    await service?.close();
  });

  const post = async (path: string, body: Json): Promise<Json> => {
    const response = await service.max.post<Json>(`${V10}${path}`, { createdBy: 'alice', ...body });
    expect(response.status).toBe(201);
    return response.body;
  };
  const deleteRefused = async (url: string, idName: string, what: RegExp): Promise<void> => {
    const response = await service.max.delete<Json>(url);
    expect(response.status).toBe(400);
    expect(response.body.errors[idName]).toEqual([expect.stringMatching(what)]);
    expect((await service.max.get(url)).status).toBe(200);
  };

  describe('roles', () => {
    const body = () => ({
      name: `role-${unique()}`,
      displayName: 'Tax advisor',
      description: 'May file tax returns',
    });

    itConformsToTheCrudContract(() => service, {
      path: '/roles',
      idName: 'roleId',
      body,
      defaults: {},
      invalid: namedInvalid,
      unique: ['name'],
      orderBy: 'name',
    });

    it('filters by Name, case-insensitive equality', async () => {
      const role = await post('/roles', body());
      const found = await service.low.get<Json[]>(`${V10}/roles?Name=${role.name.toUpperCase()}`);
      expect(found.body.map((listed) => listed.id)).toEqual([role.id]);
    });

    it('refuses to delete a role a profile holds, a category gives or a service role uses', async () => {
      const held = await post('/roles', body());
      const { profileId } = await fixtures.personProfile();
      await fixtures.insert('profile_role', {
        profile_id: profileId,
        role_id: held.id,
        validity_start_stamp: new Date(),
      });
      await deleteRefused(`${V10}/roles/${held.id}`, 'roleId', /a profile role/);

      const granting = await post('/roles', body());
      await fixtures.insert('service_role', { service_id: await fixtures.service(), role_id: granting.id });
      await deleteRefused(`${V10}/roles/${granting.id}`, 'roleId', /a service role/);
    });

    it('protects the citizen role of CITIZEN_ROLE_NAME from renaming and deletion, case-insensitively', async () => {
      const citizen = await post('/roles', { ...body(), name: 'einwohner' });
      const deleted = await service.max.delete<Json>(`${V10}/roles/${citizen.id}`);
      expect(deleted.status).toBe(400);
      expect(Object.keys(deleted.body.errors)).toEqual(['roleId']);
      const renamed = await service.max.put<Json>(`${V10}/roles/${citizen.id}`, {
        ...body(),
        updatedBy: 'bob',
      });
      expect(renamed.status).toBe(400);
      expect(Object.keys(renamed.body.errors)).toEqual(['name']);
      const relabelled = await service.max.put<Json>(`${V10}/roles/${citizen.id}`, {
        name: 'Einwohner',
        displayName: 'role.resident',
        updatedBy: 'bob',
      });
      expect(relabelled.status).toBe(200);
      // The migration's Citizen role is an ordinary role under another CITIZEN_ROLE_NAME.
      const migrated = await service.max.get<Json[]>(`${V10}/roles?Name=Citizen`);
      expect(migrated.body).toHaveLength(1);
      expect((await service.max.delete(`${V10}/roles/${migrated.body[0].id}`)).status).toBe(204);
    });
  });
});
