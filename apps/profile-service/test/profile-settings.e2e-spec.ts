import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { DataSource } from 'typeorm';

import { HOSTILE } from './support/crud-conformance';
import { Fixtures } from './support/fixtures';
import { type ProfileService, startProfileService, V10, V9 } from './support/profile-test-app';

type Json = Record<string, any>;

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The level table of this suite lets Medium (2) see settings and their values, as a deployment
 * may: a secure value still shows at level 9 only.
 */
describe('profile-service service settings of a profile (HTTP, real PostgreSQL)', () => {
  let folder: string;
  let service: ProfileService;
  let fixtures: Fixtures;
  let dataSource: DataSource;
  let serviceId: number;
  let otherServiceId: number;
  let plainId: number;
  let secretId: number;
  let otherId: number;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'profile-settings-levels-'));
    const file = path.join(folder, 'levels.json');
    writeFileSync(
      file,
      JSON.stringify({
        roles: { ProfileApi_Low: 1, ProfileApi_Medium: 2, ProfileApi_Max: 9 },
        levels: { '1': {}, '2': { serviceSetting: '*', serviceSettingValue: '*' }, '9': '*' },
        writeOnly: ['password'],
      }),
    );
    service = await startProfileService('profile_settings_of_profile', { ACCESS_LEVELS_FILE: file });
    dataSource = service.app.get(DataSource);
    fixtures = new Fixtures(dataSource);
    serviceId = await fixtures.service();
    otherServiceId = await fixtures.service();
    plainId = await fixtures.serviceSetting(serviceId, { name: 'Language' });
    secretId = await fixtures.serviceSetting(serviceId, { name: 'ApiToken', isSecure: true });
    otherId = await fixtures.serviceSetting(otherServiceId, { name: 'Language' });
  });

  afterAll(async () => {
    await service?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const settings = (profileId: number | string, version = V10) =>
    `${version}/profiles/${profileId}/service-settings`;
  const setting = (profileId: number | string, settingId: number | string, version = V10) =>
    `${settings(profileId, version)}/${settingId}`;
  const put = (profileId: number, settingId: number, value: string, createdBy = 'alice') =>
    service.max.put<Json>(setting(profileId, settingId), { value, createdBy });
  const stored = async (profileId: number, settingId: number) =>
    (
      await dataSource.query<{ value: string | null; encrypted_value: Buffer | null }[]>(
        'SELECT value, encrypted_value FROM service_setting_value WHERE profile_id = $1 AND service_setting_id = $2',
        [profileId, settingId],
      )
    )[0];
  const person = async () => (await fixtures.personProfile()).profileId;

  describe('upsert', () => {
    it('stores a value with 201 and replaces it with 200, under both versions', async () => {
      for (const version of [V10, V9]) {
        const anna = await person();
        const created = await service.max.put<Json>(setting(anna, plainId, version), {
          value: 'de',
          createdBy: 'alice',
          profileId: 99,
          serviceSettingId: 99,
        });
        expect(created.status).toBe(201);
        expect(created.body).toEqual({
          id: expect.any(Number),
          profileId: anna,
          serviceSettingId: plainId,
          value: 'de',
          createdBy: 'alice',
          createStamp: expect.stringMatching(ISO_UTC),
          updatedBy: 'alice',
          updateStamp: created.body.createStamp,
        });
        const replaced = await service.max.put<Json>(setting(anna, plainId, version), {
          value: '',
          createdBy: 'bob',
        });
        expect(replaced.status).toBe(200);
        expect(replaced.body).toEqual({
          ...created.body,
          value: '',
          updatedBy: 'bob',
          updateStamp: expect.stringMatching(ISO_UTC),
        });
        expect(await stored(anna, plainId)).toEqual({ value: '', encrypted_value: null });
      }
    });

    it('encrypts the value of a secure setting at rest, and reads it back at level 9', async () => {
      const anna = await person();
      const token = 'tok_live_4242424242 Zürich ✓';
      const created = await put(anna, secretId, token);
      expect(created.status).toBe(201);
      expect(created.body.value).toBe(token);
      const row = await stored(anna, secretId);
      expect(row.value).toBeNull();
      expect(Buffer.isBuffer(row.encrypted_value)).toBe(true);
      expect(row.encrypted_value?.includes(Buffer.from('tok_live'))).toBe(false);
      const read = await service.max.get<Json>(setting(anna, secretId));
      expect(read.body.serviceSettingValue.value).toBe(token);
      // A second write encrypts afresh: never the same bytes.
      await put(anna, secretId, token, 'bob');
      expect((await stored(anna, secretId)).encrypted_value?.equals(row.encrypted_value as Buffer)).toBe(
        false,
      );
    });

    it('answers 404 for an unknown profile or setting', async () => {
      const anna = await person();
      const unknownProfile = await put(2147483647, plainId, 'x');
      expect(unknownProfile.status).toBe(404);
      expect(unknownProfile.body.detail).toBe('No profile has the id 2147483647.');
      const unknownSetting = await put(anna, 2147483647, 'x');
      expect(unknownSetting.status).toBe(404);
      expect(unknownSetting.body.detail).toBe('No service setting has the id 2147483647.');
    });

    it.each([
      ['a missing value', { value: undefined }, 'value'],
      ['a null value', { value: null }, 'value'],
      ['a number as value', { value: 42 }, 'value'],
      ['an object as value', { value: { a: 1 } }, 'value'],
      ['a value over 4000 characters', { value: 'v'.repeat(4001) }, 'value'],
      ['a value with NUL', { value: 'a\u0000b' }, 'value'],
      ['a missing createdBy', { createdBy: undefined }, 'createdBy'],
    ])('refuses %s with 400 on the property and stores nothing', async (_case, overrides, property) => {
      const anna = await person();
      for (const settingId of [plainId, secretId]) {
        const response = await service.max.put<Json>(setting(anna, settingId), {
          value: 'x',
          createdBy: 'alice',
          ...overrides,
        });
        expect(response.status).toBe(400);
        expect(Object.keys(response.body.errors)).toEqual([property]);
        expect(await stored(anna, settingId)).toBeUndefined();
      }
    });

    it('accepts a value of 4000 characters', async () => {
      const anna = await person();
      expect((await put(anna, secretId, 'é'.repeat(4000))).status).toBe(201);
      expect((await service.max.get<Json>(setting(anna, secretId))).body.serviceSettingValue.value).toBe(
        'é'.repeat(4000),
      );
    });

    it('never answers 500 to hostile field types', async () => {
      const anna = await person();
      for (const field of ['value', 'createdBy']) {
        for (const value of HOSTILE) {
          const response = await service.max.put(setting(anna, secretId), {
            value: 'x',
            createdBy: 'a',
            [field]: value,
          });
          expect([field, value, [200, 201, 400].includes(response.status)]).toEqual([field, value, true]);
        }
      }
    });

    it('is for ProfileApi_Max only', async () => {
      const anna = await person();
      expect(
        (await service.anonymous.put(setting(anna, plainId), { value: 'x', createdBy: 'a' })).status,
      ).toBe(401);
      for (const caller of [service.low, service.medium, service.stranger]) {
        expect((await caller.put(setting(anna, plainId), { value: 'x', createdBy: 'a' })).status).toBe(403);
        expect((await caller.delete(setting(anna, plainId))).status).toBe(403);
      }
      expect(await stored(anna, plainId)).toBeUndefined();
    });
  });

  describe('list and read', () => {
    let anna: number;
    const values: Record<string, Json> = {};

    beforeAll(async () => {
      anna = await person();
      values.plain = (await put(anna, plainId, 'fr')).body;
      values.secret = (await put(anna, secretId, 's3cret')).body;
      values.other = (await put(anna, otherId, 'it')).body;
      const beat = await person();
      await put(beat, plainId, 'rm');
    });

    it('lists the settings the profile has a value for, each with its value, under both versions', async () => {
      for (const version of [V10, V9]) {
        const listed = await service.max.get<Json[]>(settings(anna, version));
        expect(listed.status).toBe(200);
        expect(listed.headers.get('x-pagination-total-count')).toBe('3');
        expect(listed.body.map((item) => [item.id, item.serviceSettingValue.value])).toEqual([
          [plainId, 'fr'],
          [secretId, 's3cret'],
          [otherId, 'it'],
        ]);
      }
      const [plain] = (await service.max.get<Json[]>(settings(anna))).body;
      expect(plain).toEqual({
        ...(await service.max.get<Json>(`${V10}/service-settings/${plainId}`)).body,
        serviceSettingValue: values.plain,
      });
      expect((await service.max.get<Json[]>(settings(await person()))).body).toEqual([]);
      const head = await service.low.head(`${settings(anna)}?PageSize=2`);
      expect(head.status).toBe(200);
      expect(head.headers.get('x-pagination-total-count')).toBe('3');
      expect(head.headers.get('x-pagination-next-page-link')).toBe(
        `${settings(anna)}?PageSize=2&PageNumber=2`,
      );
    });

    it.each<[string, () => number[]]>([
      ['ServiceId', () => [plainId, secretId]],
      ['Name=language', () => [plainId, otherId]],
      ['Name=LANGUAGE&ServiceId', () => [plainId]],
      ['OrderBy=name desc', () => [plainId, otherId, secretId]],
      ['PageSize=1&PageNumber=3', () => [otherId]],
    ])('%s', async (query, expected) => {
      const sent = query.replace(/ServiceId$/, `ServiceId=${serviceId}`);
      const listed = await service.max.get<Json[]>(`${settings(anna)}?${sent}`);
      expect(listed.body.map((item) => item.id)).toEqual(expected());
    });

    it('reads one setting with the value', async () => {
      for (const version of [V10, V9]) {
        const read = await service.max.get<Json>(setting(anna, secretId, version));
        expect(read.status).toBe(200);
        expect(read.body).toMatchObject({
          id: secretId,
          name: 'ApiToken',
          isSecure: true,
          serviceId,
          serviceSettingValue: values.secret,
        });
      }
    });

    it('shows a secure value at level 9 only; other values at the levels the table allows', async () => {
      const medium = (await service.medium.get<Json[]>(settings(anna))).body;
      expect(medium.map((item) => item.serviceSettingValue)).toEqual([
        values.plain,
        (({ value: _hidden, ...rest }) => rest)(values.secret),
        values.other,
      ]);
      const limited = (await service.max.get<Json>(`${setting(anna, secretId)}?Limited=2`)).body;
      expect(limited.serviceSettingValue).not.toHaveProperty('value');
      expect(limited.serviceSettingValue).toMatchObject({ id: values.secret.id, profileId: anna });
      expect(
        (await service.max.get<Json>(`${setting(anna, plainId)}?Limited=2`)).body.serviceSettingValue.value,
      ).toBe('fr');
      expect((await service.low.get<Json[]>(settings(anna))).body).toEqual([
        { id: plainId },
        { id: secretId },
        { id: otherId },
      ]);
      const selected = await service.max.get<Json>(
        `${setting(anna, secretId)}?Select=serviceSettingValue.value`,
      );
      expect(selected.body).toEqual({
        id: secretId,
        serviceSettingValue: { id: values.secret.id, value: 's3cret' },
      });
    });

    it('answers 404 for a setting without a value, an unknown setting and an unknown profile', async () => {
      const beat = await person();
      const none = await service.max.get<Json>(setting(beat, secretId));
      expect(none.status).toBe(404);
      expect(none.body.detail).toBe(`The profile ${beat} has no value for the service setting ${secretId}.`);
      const unknown = await service.max.get<Json>(setting(beat, 2147483647));
      expect(unknown.body.detail).toBe('No service setting has the id 2147483647.');
      for (const url of [settings(2147483647), setting(2147483647, plainId)]) {
        const response = await service.max.get<Json>(url);
        expect(response.status).toBe(404);
        expect(response.body.detail).toBe('No profile has the id 2147483647.');
      }
    });

    it.each([
      ['ServiceId=x', 'ServiceId'],
      [`Name=${'n'.repeat(101)}`, 'Name'],
      ['OrderBy=value', 'OrderBy'],
      ['Select=serviceSettingValue.colour', 'Select'],
      ['PageSize=-2', 'PageSize'],
    ])('answers %s with 400 on %s', async (query, parameter) => {
      const response = await service.max.get<Json>(`${settings(anna)}?${query}`);
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual([parameter]);
    });

    it('answers 400 for malformed ids, 401 and 403 to the wrong callers', async () => {
      const malformed = await service.max.get<Json>(setting(anna, 'abc'));
      expect(Object.keys(malformed.body.errors)).toEqual(['settingId']);
      expect((await service.max.get(settings('-1'))).status).toBe(400);
      expect((await service.anonymous.get(settings(anna))).status).toBe(401);
      expect((await service.stranger.get(setting(anna, plainId))).status).toBe(403);
    });
  });

  describe('delete', () => {
    it('deletes the value with 204 under both versions, then answers 404', async () => {
      for (const version of [V10, V9]) {
        const anna = await person();
        await put(anna, secretId, 'gone');
        await put(anna, plainId, 'kept');
        const deleted = await service.max.delete(setting(anna, secretId, version));
        expect(deleted.status).toBe(204);
        expect(await stored(anna, secretId)).toBeUndefined();
        expect((await service.max.get<Json[]>(settings(anna))).body.map((item) => item.id)).toEqual([
          plainId,
        ]);
        const again = await service.max.delete<Json>(setting(anna, secretId));
        expect(again.status).toBe(404);
        expect(again.body.detail).toBe(
          `The profile ${anna} has no value for the service setting ${secretId}.`,
        );
      }
    });

    it('answers 404 for an unknown setting or profile', async () => {
      const anna = await person();
      expect((await service.max.delete<Json>(setting(anna, 2147483647))).body.detail).toBe(
        'No service setting has the id 2147483647.',
      );
      expect((await service.max.delete<Json>(setting(2147483647, plainId))).status).toBe(404);
    });
  });

  describe('a setting that becomes secure', () => {
    it('has its values encrypted in the same transaction, and read back unchanged', async () => {
      const settingId = await fixtures.serviceSetting(serviceId, { name: 'Newsletter' });
      const [anna, beat] = [await person(), await person()];
      await put(anna, settingId, 'weekly');
      await put(beat, settingId, 'monthly');
      const definition = (await service.max.get<Json>(`${V10}/service-settings/${settingId}`)).body;
      const secured = await service.max.put<Json>(`${V10}/service-settings/${settingId}`, {
        ...definition,
        isSecure: true,
        updatedBy: 'carol',
      });
      expect(secured.status).toBe(200);
      for (const [profileId, value] of [
        [anna, 'weekly'],
        [beat, 'monthly'],
      ] as const) {
        const row = await stored(profileId, settingId);
        expect(row.value).toBeNull();
        expect(row.encrypted_value).toBeInstanceOf(Buffer);
        expect(
          (await service.max.get<Json>(setting(profileId, settingId))).body.serviceSettingValue.value,
        ).toBe(value);
        expect(
          (await service.medium.get<Json>(setting(profileId, settingId))).body.serviceSettingValue,
        ).not.toHaveProperty('value');
      }
      // Back to not secure: the values stay encrypted at rest and show again below level 9.
      await service.max.put(`${V10}/service-settings/${settingId}`, { ...definition, updatedBy: 'carol' });
      expect((await stored(anna, settingId)).encrypted_value).toBeInstanceOf(Buffer);
      expect((await service.medium.get<Json>(setting(anna, settingId))).body.serviceSettingValue.value).toBe(
        'weekly',
      );
    });
  });

  describe('integrity', () => {
    it('refuses to show a secret moved to another profile: a 500 problem that reveals nothing', async () => {
      const [anna, mallory] = [await person(), await person()];
      await put(anna, secretId, 'annas-secret');
      await dataSource.query(
        'UPDATE service_setting_value SET profile_id = $1 WHERE profile_id = $2 AND service_setting_id = $3',
        [mallory, anna, secretId],
      );
      const response = await service.max.get<Json>(setting(mallory, secretId));
      expect(response.status).toBe(500);
      expect(response.body).toMatchObject({ status: 500, correlationId: expect.any(String) });
      expect(response.text).not.toContain('annas-secret');
      expect(response.text).not.toMatch(/decrypt|authenticate|stack/i);
      // Below level 9 nothing is decrypted, so nothing fails.
      expect((await service.medium.get<Json>(setting(mallory, secretId))).status).toBe(200);
    });
  });
});
