import { DataSource } from 'typeorm';

import { apiHelpers, namedInvalid } from './support/api-helpers';
import { HOSTILE, itConformsToTheCrudContract } from './support/crud-conformance';
import { Fixtures, unique } from './support/fixtures';
import { type ProfileService, startProfileService, V10, V9 } from './support/profile-test-app';

type Json = Record<string, any>;

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

  const { post, deleteRefused } = apiHelpers(() => service);

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
      invalid: namedInvalid(),
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

  describe('service themes', () => {
    const body = () => ({
      name: `theme-${unique()}`,
      displayName: 'Taxes',
      description: 'Tax services',
      isVisible: false,
      sortOrder: 2,
    });

    itConformsToTheCrudContract(() => service, {
      path: '/service-themes',
      idName: 'serviceThemeId',
      body,
      defaults: { description: null, isVisible: true, sortOrder: 0 },
      invalid: [...namedInvalid(), ['isVisible as text', { isVisible: 'true' }, 'isVisible']],
      unique: ['name'],
      orderBy: 'sortOrder',
    });

    it('filters by IsVisible and refuses to delete a theme with services', async () => {
      const visible = await post('/service-themes', { ...body(), isVisible: true });
      const hidden = await post('/service-themes', { ...body(), isVisible: false });
      const shown = (
        await service.low.get<Json[]>(`${V10}/service-themes?PageSize=-1&IsVisible=true`)
      ).body.map((t) => t.id);
      expect(shown).toContain(visible.id);
      expect(shown).not.toContain(hidden.id);
      await fixtures.service({ serviceThemeId: visible.id });
      await deleteRefused(`${V10}/service-themes/${visible.id}`, 'serviceThemeId', /a service/);
    });
  });

  describe('services', () => {
    let levels: { identificationLevelId: number; orgIdentificationLevelId: number; serviceThemeId: number };

    beforeAll(async () => {
      levels = {
        identificationLevelId: await fixtures.identificationLevel(),
        orgIdentificationLevelId: await fixtures.orgIdentificationLevel(),
        serviceThemeId: await fixtures.theme(),
      };
    });

    const body = (): Json => {
      const n = unique();
      return {
        externalId: `ext-${n}`,
        name: `service-${n}`,
        displayName: 'Tax return',
        ...levels,
        iconPath: '/icons/tax.svg',
        cssClass: 'tile-tax',
        url: `https://services.example.ch/tax/${n}`,
        urlTarget: 'Blank',
        trackerProjectId: 'TAX',
        isProcurationAvailable: true,
        isInMaintenance: true,
        isShownInCatalog: false,
        isExternal: true,
        isAccessible: true,
        isResponsive: true,
        isNew: true,
        isNavigationShown: false,
        isSupportAvailable: true,
        isProfileManagerAvailable: true,
        subThemeKey: 'returns',
        daysUntilReminder: 14,
      };
    };

    itConformsToTheCrudContract(() => service, {
      path: '/services',
      idName: 'serviceId',
      body,
      defaults: {
        externalId: null,
        iconPath: null,
        cssClass: null,
        url: null,
        urlTarget: 'Self',
        trackerProjectId: null,
        isProcurationAvailable: false,
        isInMaintenance: false,
        isShownInCatalog: true,
        isExternal: false,
        isAccessible: false,
        isResponsive: false,
        isNew: false,
        isNavigationShown: true,
        isSupportAvailable: false,
        isProfileManagerAvailable: false,
        subThemeKey: null,
        daysUntilReminder: null,
      },
      invalid: [
        ['a missing name', { name: undefined }, 'name'],
        ['a missing identificationLevelId', { identificationLevelId: undefined }, 'identificationLevelId'],
        [
          'an identificationLevelId of no level',
          { identificationLevelId: 2147483647 },
          'identificationLevelId',
        ],
        [
          'an orgIdentificationLevelId of no level',
          { orgIdentificationLevelId: 2147483647 },
          'orgIdentificationLevelId',
        ],
        ['a serviceThemeId of no theme', { serviceThemeId: 2147483647 }, 'serviceThemeId'],
        ['a serviceThemeId of 0', { serviceThemeId: 0 }, 'serviceThemeId'],
        ['an externalId over 50 characters', { externalId: 'e'.repeat(51) }, 'externalId'],
        ['a url over 400 characters', { url: 'u'.repeat(401) }, 'url'],
        ['an unknown urlTarget', { urlTarget: 'Parent' }, 'urlTarget'],
        ['a negative daysUntilReminder', { daysUntilReminder: -1 }, 'daysUntilReminder'],
        ['isNew as text', { isNew: 'yes' }, 'isNew'],
      ],
      unique: ['name'],
      uniqueExact: ['externalId'],
      orderBy: 'name',
      levels: { low: ['name', 'displayName'], medium: ['name', 'displayName', 'url'] },
    });

    it('filters by Ids, theme, external id, name, catalogue, procuration, novelty, url, theme visibility and service roles', async () => {
      const hiddenTheme = await fixtures.theme(false);
      const a = await post('/services', {
        ...body(),
        isShownInCatalog: true,
        isNew: false,
        isProcurationAvailable: false,
      });
      const b = await post('/services', {
        ...body(),
        serviceThemeId: hiddenTheme,
        url: 'https://EXAMPLE.ch/Permits_100%',
      });
      const role = await post('/roles', { name: `granting-${unique()}`, displayName: 'Granting' });
      await service.max.put(`${V10}/services/${b.id}/roles/${role.id}`, {
        isVisible: false,
        createdBy: 'alice',
      });
      const mine = new Set([a.id, b.id]);
      const listed = async (query: string) =>
        (await service.max.get<Json[]>(`${V10}/services?PageSize=-1&${query}`)).body
          .map((s) => s.id)
          .filter((id) => mine.has(id));
      expect(await listed(`Ids=${a.id},${b.id}`)).toEqual([a.id, b.id]);
      expect(await listed(`Ids=${b.id}`)).toEqual([b.id]);
      expect(await listed(`ServiceThemeId=${hiddenTheme}`)).toEqual([b.id]);
      expect(await listed(`ExternalId=${a.externalId}`)).toEqual([a.id]);
      expect(await listed(`ExternalId=${a.externalId.toUpperCase()}`)).toEqual([]);
      expect(await listed(`Name=${a.name.toUpperCase()}`)).toEqual([a.id]);
      expect(await listed('IsShownInCatalog=true')).toEqual([a.id]);
      expect(await listed('IsForProcurationManagementView=true')).toEqual([b.id]);
      expect(await listed('IsForProcurationManagementView=false')).toEqual([a.id, b.id]);
      expect(await listed('IsNew=true')).toEqual([b.id]);
      expect(await listed('UrlContains=permits_100%')).toEqual([b.id]);
      expect(await listed('UrlContains=_1%')).toEqual([]);
      expect(await listed('HasVisibleTheme=false')).toEqual([b.id]);
      expect(await listed('HasVisibleTheme=true')).toEqual([a.id]);
      expect(await listed('HasVisibleServiceRole=false')).toEqual([b.id]);
      expect(await listed('HasVisibleServiceRole=true')).toEqual([]);
      for (const query of [
        'Ids=1,x',
        'Ids=0',
        'ServiceThemeId=abc',
        `ExternalId=${'e'.repeat(51)}`,
        `UrlContains=${'u'.repeat(401)}`,
        'IsNew=1',
      ]) {
        const response = await service.max.get<Json>(`${V10}/services?${query}`);
        expect(response.status).toBe(400);
      }
    });

    it('deletes a service with its roles, clients and survey, but not while it has settings', async () => {
      const doomed = await post('/services', body());
      const role = await post('/roles', { name: `doomed-${unique()}`, displayName: 'Doomed' });
      const client = await post('/clients', { name: `doomed-${unique()}`, displayName: 'Doomed' });
      await service.max.put(`${V10}/services/${doomed.id}/roles/${role.id}`, { createdBy: 'alice' });
      await service.max.put(`${V10}/services/${doomed.id}/clients/${client.id}`, { createdBy: 'alice' });
      await service.max.put(`${V10}/services/${doomed.id}/survey`, {
        surveyUrl: 'https://survey.example.ch/1',
        createdBy: 'alice',
      });
      const setting = await post('/service-settings', {
        serviceId: doomed.id,
        name: 'notify',
        displayName: 'Notify',
      });
      await deleteRefused(`${V10}/services/${doomed.id}`, 'serviceId', /a service setting/);
      expect((await service.max.delete(`${V10}/service-settings/${setting.id}`)).status).toBe(204);
      expect((await service.max.delete(`${V10}/services/${doomed.id}`)).status).toBe(204);
      expect((await service.max.delete(`${V10}/roles/${role.id}`)).status).toBe(204);
      expect((await service.max.delete(`${V10}/clients/${client.id}`)).status).toBe(204);
    });

    it('refuses to delete a service profiles favour or procurations carry, and keeps them', async () => {
      const doomed = await post('/services', body());
      const url = `${V10}/services/${doomed.id}`;
      const database = service.app.get(DataSource);
      const principal = (await fixtures.personProfile()).profileId;
      const representative = (await fixtures.personProfile()).profileId;
      const count = async (table: string): Promise<number> =>
        (
          await database.query(`SELECT count(*)::int AS n FROM ${table} WHERE service_id = $1`, [doomed.id])
        )[0].n;

      for (const profileId of [principal, representative])
        await fixtures.insert('favorite_service', { profile_id: profileId, service_id: doomed.id });
      await deleteRefused(url, 'serviceId', /: 2 favorite services still refer to it\.$/);
      expect(await count('favorite_service')).toBe(2);
      await database.query('DELETE FROM favorite_service WHERE service_id = $1', [doomed.id]);

      const procurationId = await fixtures.insert('procuration', {
        principal_profile_id: principal,
        representative_profile_id: representative,
        validity_start_stamp: new Date(),
        validity_end_stamp: new Date(Date.now() + 86_400_000),
        renewable_from_date: new Date(),
      });
      await fixtures.insert('procuration_service', {
        procuration_id: procurationId,
        service_id: doomed.id,
        validity_start_stamp: new Date(),
      });
      await deleteRefused(url, 'serviceId', /: a procuration service still refers to it\.$/);
      expect(await count('procuration_service')).toBe(1);
      await database.query('DELETE FROM procuration_service WHERE service_id = $1', [doomed.id]);

      expect((await service.max.delete(url)).status).toBe(204);
    });

    describe('roles, clients and survey of a service', () => {
      let target: Json;
      let role: Json;
      let client: Json;
      const url = (suffix: string, serviceId: number | string = target.id, version = V10) =>
        `${version}/services/${serviceId}/${suffix}`;

      beforeAll(async () => {
        target = await post('/services', body());
        role = await post('/roles', { name: `service-role-${unique()}`, displayName: 'Resident' });
        client = await post('/clients', { name: `service-client-${unique()}`, displayName: 'Mobile app' });
      });

      it('grants the service to a role: 201, then 200 with the new visibility', async () => {
        const created = await service.max.put<Json>(url(`roles/${role.id}`), { createdBy: 'alice' });
        expect(created.status).toBe(201);
        expect(created.headers.get('location')).toBe(url(`roles/${role.id}`));
        expect(created.body).toMatchObject({
          serviceId: target.id,
          roleId: role.id,
          isVisible: true,
          createdBy: 'alice',
        });
        const updated = await service.max.put<Json>(url(`roles/${role.id}`, target.id, V9), {
          isVisible: false,
          createdBy: 'bob',
        });
        expect(updated.status).toBe(200);
        expect(updated.headers.get('location')).toBeNull();
        expect(updated.body).toMatchObject({
          id: created.body.id,
          isVisible: false,
          createdBy: 'alice',
          updatedBy: 'bob',
        });
        await deleteRefused(`${V10}/roles/${role.id}`, 'roleId', /a service role/);
        expect((await service.max.delete(url(`roles/${role.id}`))).status).toBe(204);
        expect((await service.max.delete(url(`roles/${role.id}`))).status).toBe(404);
      });

      it('links a client: 201, then 200; unlinks with 204, then 404', async () => {
        expect(
          (await service.max.put<Json>(url(`clients/${client.id}`), { createdBy: 'alice' })).status,
        ).toBe(201);
        const again = await service.max.put<Json>(url(`clients/${client.id}`), { createdBy: 'bob' });
        expect(again.status).toBe(200);
        expect(again.body).toMatchObject({ serviceId: target.id, clientId: client.id, updatedBy: 'bob' });
        expect((await service.max.delete(url(`clients/${client.id}`, target.id, V9))).status).toBe(204);
        expect((await service.max.delete(url(`clients/${client.id}`))).status).toBe(404);
      });

      it('creates (201), reads, replaces (200) and deletes (204) the survey', async () => {
        expect((await service.max.get(url('survey'))).status).toBe(404);
        const survey = {
          surveyUrl: 'https://survey.example.ch/tax',
          isRandomFeedbackEnabled: true,
          rF_ActivationChance: 10,
          rF_MinDaysAfterRefused: 30,
          createdBy: 'alice',
        };
        const created = await service.max.put<Json>(url('survey'), survey);
        expect(created.status).toBe(201);
        expect(created.body).toEqual({
          id: expect.any(Number),
          serviceId: target.id,
          surveyUrl: survey.surveyUrl,
          isRandomFeedbackEnabled: true,
          isSpontaneousFeedbackEnabled: false,
          rF_ActivationChance: 10,
          rF_MinDaysAfterRefused: 30,
          rF_MinDaysAfterAccepted: 0,
          sF_MinDaysAfterAccepted: 0,
          createdBy: 'alice',
          createStamp: expect.any(String),
          updatedBy: 'alice',
          updateStamp: created.body.createStamp,
        });
        expect((await service.max.get<Json>(url('survey'))).body).toEqual(created.body);
        expect((await service.low.get<Json>(url('survey'))).body).toEqual({ id: created.body.id });
        expect((await service.max.get<Json>(`${url('survey')}?Select=surveyUrl`)).body).toEqual({
          id: created.body.id,
          surveyUrl: survey.surveyUrl,
        });
        const replaced = await service.max.put<Json>(url('survey', target.id, V9), {
          surveyUrl: 'https://survey.example.ch/v2',
          createdBy: 'bob',
        });
        expect(replaced.status).toBe(200);
        expect(replaced.body).toMatchObject({
          id: created.body.id,
          surveyUrl: 'https://survey.example.ch/v2',
          rF_ActivationChance: 0,
          updatedBy: 'bob',
        });
        expect((await service.max.delete(url('survey'))).status).toBe(204);
        expect((await service.max.delete(url('survey'))).status).toBe(404);
      });

      it.each([
        ['a missing surveyUrl', { surveyUrl: undefined }, 'surveyUrl'],
        ['a surveyUrl that is no URL', { surveyUrl: 'not a url' }, 'surveyUrl'],
        ['a surveyUrl over 400 characters', { surveyUrl: `https://x.ch/${'s'.repeat(400)}` }, 'surveyUrl'],
        ['an activation chance over 100', { rF_ActivationChance: 101 }, 'rF_ActivationChance'],
        ['negative days', { sF_MinDaysAfterAccepted: -1 }, 'sF_MinDaysAfterAccepted'],
        ['a missing createdBy', { createdBy: undefined }, 'createdBy'],
      ])('refuses a survey with %s (400)', async (_case, overrides, path) => {
        const response = await service.max.put<Json>(url('survey'), {
          surveyUrl: 'https://s.example.ch',
          createdBy: 'a',
          ...overrides,
        });
        expect(response.status).toBe(400);
        expect(Object.keys(response.body.errors)).toEqual([path]);
      });

      it('answers 404 for an unknown service, role or client, and 400 for malformed ids', async () => {
        for (const [method, path, body] of [
          ['put', url(`roles/${role.id}`, 2147483647), { createdBy: 'a' }],
          ['put', url('roles/2147483647'), { createdBy: 'a' }],
          ['put', url(`clients/${client.id}`, 2147483647), { createdBy: 'a' }],
          ['put', url('clients/2147483647'), { createdBy: 'a' }],
          ['put', url('survey', 2147483647), { surveyUrl: 'https://s.example.ch', createdBy: 'a' }],
          ['get', url('survey', 2147483647), undefined],
          ['delete', url('roles/2147483647'), undefined],
          ['delete', url('survey', 2147483647), undefined],
        ] as const) {
          const response =
            method === 'get' || method === 'delete'
              ? await service.max[method](path)
              : await service.max.put(path, body);
          expect(response.status).toBe(404);
        }
        for (const path of [
          url(`roles/${role.id}`, 'x'),
          url('roles/1.5'),
          url('clients/-1'),
          url('survey', '0'),
        ]) {
          expect(
            (await service.max.put(path, { createdBy: 'a', surveyUrl: 'https://s.example.ch' })).status,
          ).toBe(400);
        }
      });

      it('never answers 500 to hostile bodies', async () => {
        const survey = { surveyUrl: 'https://s.example.ch', createdBy: 'a' };
        for (const value of HOSTILE) {
          for (const [path, body] of [
            [url(`roles/${role.id}`), { isVisible: value, createdBy: 'a' }],
            [url(`roles/${role.id}`), { createdBy: value }],
            [url(`clients/${client.id}`), { createdBy: value }],
            ...Object.keys({ ...survey, rF_ActivationChance: 0, isRandomFeedbackEnabled: false }).map(
              (field) => [url('survey'), { ...survey, [field]: value }] as const,
            ),
          ] as const) {
            const response = await service.max.put(path, body);
            expect([200, 201, 400]).toContain(response.status);
          }
        }
        for (const rawBody of ['[]', 'null', '"text"', '{"createdBy":', '']) {
          const response = await service.max.put(url(`roles/${role.id}`), undefined, {
            rawBody,
            contentType: 'application/json',
          });
          expect(response.status).toBe(400);
        }
        await service.max.delete(url(`roles/${role.id}`));
        await service.max.delete(url(`clients/${client.id}`));
        await service.max.delete(url('survey'));
      });

      it('lets only ProfileApi_Max write and any ProfileApi role read the survey', async () => {
        for (const caller of [service.low, service.medium]) {
          expect((await caller.put(url(`roles/${role.id}`), { createdBy: 'a' })).status).toBe(403);
          expect((await caller.delete(url(`clients/${client.id}`))).status).toBe(403);
          expect(
            (await caller.put(url('survey'), { surveyUrl: 'https://s.example.ch', createdBy: 'a' })).status,
          ).toBe(403);
          expect((await caller.get(url('survey'))).status).toBe(404);
        }
        expect((await service.anonymous.get(url('survey'))).status).toBe(401);
        expect((await service.stranger.get(url('survey'))).status).toBe(403);
      });
    });
  });

  describe('service settings', () => {
    let serviceId: number;

    beforeAll(async () => {
      serviceId = await fixtures.service();
    });

    const body = () => ({
      name: `setting-${unique()}`,
      displayName: 'E-mail notifications',
      description: 'Opt-in',
      serviceId,
      isSecure: true,
    });

    itConformsToTheCrudContract(() => service, {
      path: '/service-settings',
      idName: 'settingId',
      body,
      defaults: { description: null, isSecure: false },
      invalid: [
        ...namedInvalid(),
        ['a missing serviceId', { serviceId: undefined }, 'serviceId'],
        ['a serviceId of no service', { serviceId: 2147483647 }, 'serviceId'],
        ['isSecure as text', { isSecure: 'no' }, 'isSecure'],
      ],
      unique: ['name'],
      orderBy: 'name',
    });

    it('keeps names unique within a service only, and filters by ServiceId and Name', async () => {
      const otherServiceId = await fixtures.service();
      const first = await post('/service-settings', { ...body(), name: 'language' });
      const other = await post('/service-settings', {
        ...body(),
        name: 'LANGUAGE',
        serviceId: otherServiceId,
      });
      const listed = async (query: string) =>
        (await service.low.get<Json[]>(`${V10}/service-settings?PageSize=-1&${query}`)).body.map((s) => s.id);
      expect(await listed('Name=Language')).toEqual([first.id, other.id]);
      expect(await listed(`Name=language&ServiceId=${otherServiceId}`)).toEqual([other.id]);
      expect((await service.low.get(`${V10}/service-settings?ServiceId=x`)).status).toBe(400);
    });

    it('refuses to delete a setting profiles stored values for, naming how many, and changes nothing', async () => {
      const setting = await post('/service-settings', body());
      const settingUrl = `${V10}/service-settings/${setting.id}`;
      const valueUrl = (profileId: number) => `${V10}/profiles/${profileId}/service-settings/${setting.id}`;
      const anna = (await fixtures.personProfile()).profileId;
      const beat = (await fixtures.personProfile()).profileId;
      for (const profileId of [anna, beat])
        expect((await service.max.put(valueUrl(profileId), { value: 'on', createdBy: 'alice' })).status).toBe(
          201,
        );

      const refused = await service.max.delete<Json>(settingUrl);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({
        settingId: ['The service setting cannot be deleted: 2 service setting values still refer to it.'],
      });
      expect((await service.max.get<Json>(settingUrl)).body).toEqual(setting);
      for (const profileId of [anna, beat])
        expect((await service.max.get<Json>(valueUrl(profileId))).body.serviceSettingValue).toMatchObject({
          value: 'on',
        });

      expect((await service.max.delete(valueUrl(beat))).status).toBe(204);
      await deleteRefused(settingUrl, 'settingId', /: a service setting value still refers to it\.$/);
      expect((await service.max.delete(valueUrl(anna))).status).toBe(204);
      expect((await service.max.delete(settingUrl)).status).toBe(204);
      expect((await service.max.get(settingUrl)).status).toBe(404);
    });
  });
});
