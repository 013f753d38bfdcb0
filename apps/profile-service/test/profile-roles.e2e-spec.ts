import { DataSource } from 'typeorm';

import { servicesReachedBy } from '../src/service-reach/reach';
import { apiHelpers } from './support/api-helpers';
import { Fixtures, unique } from './support/fixtures';
import { type ProfileService, startProfileService, V10, V9 } from './support/profile-test-app';

type Json = Record<string, any>;

const HOUR = 60 * 60 * 1000;

describe('profile-service roles of a profile (HTTP, real PostgreSQL)', () => {
  let service: ProfileService;
  let dataSource: DataSource;
  let fixtures: Fixtures;
  let anna: { profileId: number };
  let taxes: Json;
  let pensions: Json;
  let member: Json;

  beforeAll(async () => {
    service = await startProfileService('profile_roles');
    dataSource = service.app.get(DataSource);
    fixtures = new Fixtures(dataSource);
    taxes = await post('/roles', { name: `taxes-${unique()}`, displayName: 'Taxes' });
    pensions = await post('/roles', { name: `pensions-${unique()}`, displayName: 'Pensions' });
    member = await post('/roles', { name: `member-${unique()}`, displayName: 'Member' });
    anna = await fixtures.personProfile();
  });

  afterAll(async () => {
    await service?.close();
  });

  const { post } = apiHelpers(() => service);
  const rolesUrl = (profileId: number | string = anna.profileId, version = V10) =>
    `${version}/profiles/${profileId}/roles`;
  const heldRoles = async (profileId: number): Promise<{ roleId: number; source: string }[]> =>
    dataSource.query(
      'SELECT role_id AS "roleId", source FROM profile_role WHERE profile_id = $1 ORDER BY role_id',
      [profileId],
    );

  describe('upsert, read, list and delete', () => {
    it('gives a role with 201 (from now on by default) and answers 200 the second time', async () => {
      const before = Date.now();
      const created = await service.max.put<Json>(`${rolesUrl()}/${taxes.id}`, { createdBy: 'alice' });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        profileId: anna.profileId,
        roleId: taxes.id,
        validityStartStamp: expect.stringMatching(/Z$/),
        source: 'Direct',
        createdBy: 'alice',
        createStamp: expect.stringMatching(/Z$/),
        updatedBy: 'alice',
        updateStamp: created.body.createStamp,
      });
      expect(Date.parse(created.body.validityStartStamp)).toBeGreaterThanOrEqual(before - 1000);

      const again = await service.max.put<Json>(`${rolesUrl(anna.profileId, V9)}/${taxes.id}`, {
        validityStartStamp: '2020-01-01T00:00:00Z',
        createdBy: 'bob',
      });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({
        id: created.body.id,
        validityStartStamp: '2020-01-01T00:00:00.000Z',
        createdBy: 'alice',
        updatedBy: 'bob',
      });
    });

    it('lists the roles as roles, with how the profile holds them on Expand=ProfileRole', async () => {
      await service.max.put(`${rolesUrl()}/${pensions.id}`, { createdBy: 'alice' });
      const plain = await service.max.get<Json[]>(rolesUrl());
      expect(plain.status).toBe(200);
      expect(plain.headers.get('x-pagination-total-count')).toBe('2');
      expect(plain.body.map((role) => role.id)).toEqual([taxes.id, pensions.id]);
      expect(plain.body.find((role) => role.id === taxes.id)).toEqual(
        (await service.max.get<Json>(`${V10}/roles/${taxes.id}`)).body,
      );

      const expanded = await service.max.get<Json[]>(
        `${rolesUrl()}?Expand=profileRole&OrderBy=profileRole.validityStartStamp desc`,
      );
      expect(expanded.body[0]).toMatchObject({
        id: pensions.id,
        profileRole: { roleId: pensions.id, source: 'Direct' },
      });
      expect(expanded.body.at(-1)).toMatchObject({
        id: taxes.id,
        profileRole: { validityStartStamp: '2020-01-01T00:00:00.000Z' },
      });

      const selected = await service.max.get<Json[]>(
        `${rolesUrl()}?Expand=ProfileRole&Select=name,profileRole.source&PageSize=1&OrderBy=name desc`,
      );
      expect(selected.headers.get('x-pagination-total-pages')).toBe('2');
      expect(selected.body).toHaveLength(1);
      expect(Object.keys(selected.body[0]).sort()).toEqual(['id', 'name', 'profileRole']);
      expect(Object.keys(selected.body[0].profileRole).sort()).toEqual(['id', 'source']);
    });

    it('reads one role, with its link on Expand=ProfileRole', async () => {
      const read = await service.max.get<Json>(`${rolesUrl()}/${taxes.id}?Expand=ProfileRole`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({
        id: taxes.id,
        name: taxes.name,
        profileRole: { profileId: anna.profileId },
      });
      const plain = await service.max.get<Json>(`${rolesUrl()}/${taxes.id}`);
      expect(plain.body).not.toHaveProperty('profileRole');
    });

    it('projects roles by level: Low and Medium see ids only (role is not in their table)', async () => {
      for (const caller of [service.low, service.medium]) {
        const listed = await caller.get<Json[]>(`${rolesUrl()}?Expand=ProfileRole`);
        expect(listed.body.every((role) => Object.keys(role).join() === 'id')).toBe(true);
      }
      expect((await service.max.get<Json>(`${rolesUrl()}/${taxes.id}?Limited=1`)).body).toEqual({
        id: taxes.id,
      });
    });

    it('takes a role with 204, then answers 404', async () => {
      expect((await service.max.delete(`${rolesUrl()}/${pensions.id}`)).status).toBe(204);
      expect((await service.max.get(`${rolesUrl()}/${pensions.id}`)).status).toBe(404);
      expect((await service.max.delete(`${rolesUrl()}/${pensions.id}`)).status).toBe(404);
      expect((await heldRoles(anna.profileId)).map((held) => held.roleId)).not.toContain(pensions.id);
    });
  });

  describe('validity', () => {
    it('a role whose validity has not started is held and listed but reaches no service yet', async () => {
      const bea = await fixtures.personProfile();
      const serviceId = await fixtures.service();
      await fixtures.insert('service_role', { service_id: serviceId, role_id: member.id });
      const start = new Date(Date.now() + 24 * HOUR);
      const given = await service.max.put<Json>(`${rolesUrl(bea.profileId)}/${member.id}`, {
        validityStartStamp: start.toISOString(),
        createdBy: 'alice',
      });
      expect(given.status).toBe(201);
      expect((await service.max.get<Json[]>(rolesUrl(bea.profileId))).body.map((role) => role.id)).toEqual([
        member.id,
      ]);
      expect(await servicesReachedBy(dataSource.manager, bea.profileId, new Date())).toEqual([]);
      expect(
        await servicesReachedBy(dataSource.manager, bea.profileId, new Date(start.getTime() + HOUR)),
      ).toEqual([serviceId]);
      await service.max.put(`${rolesUrl(bea.profileId)}/${member.id}`, { createdBy: 'alice' });
      expect(await servicesReachedBy(dataSource.manager, bea.profileId, new Date())).toEqual([serviceId]);
    });
  });

  describe('roles given by an organization category', () => {
    let category: Json;
    let form: Json;
    let byCategory: { profileId: number };
    let alsoDirect: { profileId: number };

    beforeAll(async () => {
      form = await post('/legal-forms', { name: `form-${unique()}`, displayName: 'AG' });
      category = await post('/org-categories', { name: `category-${unique()}`, displayName: 'Companies' });
      byCategory = await fixtures.organizationProfile({ legalFormId: form.id, orgCategoryId: category.id });
      alsoDirect = await fixtures.organizationProfile({ legalFormId: form.id, orgCategoryId: category.id });
      await service.max.put(`${V10}/org-categories/${category.id}/roles/${member.id}`, {
        createdBy: 'alice',
      });
    });

    it('marks a role the category gave as such, and a direct upsert makes it direct', async () => {
      expect(await heldRoles(byCategory.profileId)).toEqual([{ roleId: member.id, source: 'OrgCategory' }]);
      const read = await service.max.get<Json>(
        `${rolesUrl(byCategory.profileId)}/${member.id}?Expand=ProfileRole`,
      );
      expect(read.body.profileRole.source).toBe('OrgCategory');

      const direct = await service.max.put<Json>(`${rolesUrl(alsoDirect.profileId)}/${member.id}`, {
        createdBy: 'alice',
      });
      expect(direct.status).toBe(200);
      expect(direct.body.source).toBe('Direct');
    });

    it('unlinking the role from the category takes it only where the category gave it', async () => {
      expect(
        (await service.max.delete(`${V10}/org-categories/${category.id}/roles/${member.id}`)).status,
      ).toBe(204);
      expect(await heldRoles(byCategory.profileId)).toEqual([]);
      expect(await heldRoles(alsoDirect.profileId)).toEqual([{ roleId: member.id, source: 'Direct' }]);
    });
  });

  describe('errors', () => {
    it('answers 404 for an unknown profile or role, on every route', async () => {
      const unknownProfile = rolesUrl(2147483647);
      expect((await service.max.get(unknownProfile)).status).toBe(404);
      expect((await service.max.get(`${unknownProfile}/${taxes.id}`)).status).toBe(404);
      expect((await service.max.put(`${unknownProfile}/${taxes.id}`, { createdBy: 'a' })).status).toBe(404);
      expect((await service.max.delete(`${unknownProfile}/${taxes.id}`)).status).toBe(404);
      const unknownRole = await service.max.put<Json>(`${rolesUrl()}/2147483647`, { createdBy: 'a' });
      expect(unknownRole.status).toBe(404);
      expect(unknownRole.body).toMatchObject({ status: 404, correlationId: expect.any(String) });
    });

    it.each([
      ['a missing createdBy', {}, 'createdBy'],
      [
        'a validityStartStamp that is no date-time',
        { validityStartStamp: 'tomorrow', createdBy: 'a' },
        'validityStartStamp',
      ],
      [
        'an impossible date',
        { validityStartStamp: '2024-02-30T00:00:00Z', createdBy: 'a' },
        'validityStartStamp',
      ],
      [
        'a validityStartStamp of the wrong type',
        { validityStartStamp: 5, createdBy: 'a' },
        'validityStartStamp',
      ],
    ])('answers 400 to %s', async (_case, body, path) => {
      const response = await service.max.put<Json>(`${rolesUrl()}/${taxes.id}`, body);
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual([path]);
    });

    it.each([
      [`${V10}/profiles/abc/roles`, 'profileId'],
      [`${V10}/profiles/1/roles/99999999999`, 'roleId'],
      [`${V10}/profiles/1/roles?Expand=Role`, 'Expand'],
      [`${V10}/profiles/1/roles?OrderBy=profileRole.colour`, 'OrderBy'],
      [`${V10}/profiles/1/roles?Select=profileRole.colour`, 'Select'],
      [`${V10}/profiles/1/roles?PageSize=0`, 'PageSize'],
    ])('answers GET %s with 400 on %s', async (url, parameter) => {
      const response = await service.max.get<Json>(url);
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual([parameter]);
    });

    it('answers 401 and 403 to the wrong callers', async () => {
      expect((await service.anonymous.get(rolesUrl())).status).toBe(401);
      expect((await service.stranger.get(rolesUrl())).status).toBe(403);
      expect((await service.medium.put(`${rolesUrl()}/${taxes.id}`, { createdBy: 'a' })).status).toBe(403);
      expect((await service.low.delete(`${rolesUrl()}/${taxes.id}`)).status).toBe(403);
    });
  });
});
