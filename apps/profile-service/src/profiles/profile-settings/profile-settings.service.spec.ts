/**
 * ProfileSettingsService's rules without a database: a secure setting's value is stored encrypted
 * (bound to its profile and setting) and shown only at access level 9, a plain one as text to
 * anyone; an unknown setting is a 404, and so is a setting the profile has no value for.
 *
 * Left to the e2e suites (profile-settings): the list's filters and order, the lock against a
 * concurrent change of isSecure, the unique value per profile and setting.
 */
import { randomBytes } from 'node:crypto';

import { FakeDatabase, personProfile } from '../../common/testing/fake-database';
import { upsertLink } from '../../common/upsert';
import { ServiceSettingEntity } from '../../settings/entities/service-setting.entity';
import { SettingValueCipher } from '../../settings/setting-value-cipher';
import { ServiceSettingValueEntity } from './service-setting-value.entity';
import { ProfileSettingsService } from './profile-settings.service';

jest.mock('../../common/upsert');

const SECRETS = 9;

describe(ProfileSettingsService.name, () => {
  let fake: FakeDatabase;
  let cipher: SettingValueCipher;
  let sut: ProfileSettingsService;
  const plain = Object.assign(new ServiceSettingEntity(), { id: 3, isSecure: false });
  const secure = Object.assign(new ServiceSettingEntity(), { id: 4, isSecure: true });

  /** A stored value of profile 1 with its setting, as the read's join answers it. */
  const valueOf = (setting: ServiceSettingEntity, stored: Partial<ServiceSettingValueEntity>) =>
    Object.assign(new ServiceSettingValueEntity(), {
      profileId: 1,
      serviceSettingId: setting.id,
      serviceSetting: setting,
      value: null,
      encryptedValue: null,
      ...stored,
    });

  beforeEach(() => {
    fake = new FakeDatabase().profiles(personProfile(1)).given(ServiceSettingEntity, plain, secure);
    cipher = new SettingValueCipher(randomBytes(32));
    jest.mocked(upsertLink).mockImplementation(fake.upsertLink);
    sut = new ProfileSettingsService(fake.dataSource, cipher);
  });

  describe('upsert', () => {
    it('stores a secure value encrypted for this profile and setting only, never as text', async () => {
      const { created, plaintext } = await sut.upsert(1, 4, { value: '1234', createdBy: 'test' }, SECRETS);

      const [stored] = fake.rows(ServiceSettingValueEntity);
      expect([created, plaintext, stored.value]).toEqual([true, '1234', null]);
      expect(cipher.decrypt(stored.encryptedValue as Buffer, { profileId: 1, serviceSettingId: 4 })).toBe(
        '1234',
      );
      expect(() =>
        cipher.decrypt(stored.encryptedValue as Buffer, { profileId: 2, serviceSettingId: 4 }),
      ).toThrow();
    });

    it('answers a secure value below level 9 without it', async () => {
      const { plaintext } = await sut.upsert(1, 4, { value: '1234', createdBy: 'test' }, SECRETS - 1);

      expect(plaintext).toBeUndefined();
    });

    it('stores a plain value as text, answered at any level, and replaces it', async () => {
      await sut.upsert(1, 3, { value: 'de', createdBy: 'test' }, 0);
      const replaced = await sut.upsert(1, 3, { value: 'fr', createdBy: 'test' }, 0);

      expect(replaced).toMatchObject({ created: false, plaintext: 'fr' });
      expect(fake.rows(ServiceSettingValueEntity)).toEqual([
        expect.objectContaining({ value: 'fr', encryptedValue: null }),
      ]);
    });

    it('answers 404 for an unknown setting or profile, and stores nothing', async () => {
      await expect(sut.upsert(1, 99, { value: 'x', createdBy: 'test' }, 0)).rejects.toMatchObject({
        code: 'SERVICE_SETTING.NOT_FOUND',
      });
      await expect(sut.upsert(99, 3, { value: 'x', createdBy: 'test' }, 0)).rejects.toMatchObject({
        code: 'PROFILE.NOT_FOUND',
      });
      expect(upsertLink).not.toHaveBeenCalled();
    });
  });

  describe('reads', () => {
    it('decrypts a secure value at level 9 only, and shows a plain one at any level', async () => {
      const encrypted = cipher.encrypt('1234', { profileId: 1, serviceSettingId: 4 });
      const values = [valueOf(secure, { encryptedValue: encrypted }), valueOf(plain, { value: 'de' })];
      fake.selects(ServiceSettingValueEntity, [values, 2]);

      const reader = await sut.list(1, {}, SECRETS - 1);
      const admin = await sut.list(1, {}, SECRETS);

      expect(reader.items.map((view) => view.plaintext)).toEqual([undefined, 'de']);
      expect(admin.items.map((view) => view.plaintext)).toEqual(['1234', 'de']);
    });

    it('shows a value stored as text before its setting became secure, at level 9', async () => {
      fake.selects(ServiceSettingValueEntity, valueOf(secure, { value: 'legacy' }));

      await expect(sut.get(1, 4, SECRETS)).resolves.toMatchObject({ plaintext: 'legacy' });
      await expect(sut.get(1, 4, SECRETS - 1)).resolves.toMatchObject({ plaintext: undefined });
    });

    it('answers 404 for an unknown setting, and for a setting the profile has no value for', async () => {
      await expect(sut.get(1, 99, 0)).rejects.toMatchObject({ code: 'SERVICE_SETTING.NOT_FOUND' });
      await expect(sut.get(1, 3, 0)).rejects.toMatchObject({
        code: 'SERVICE_SETTING_VALUE.NOT_FOUND',
        message: 'The profile 1 has no value for the service setting 3.',
      });
      await expect(sut.get(99, 3, 0)).rejects.toMatchObject({ code: 'PROFILE.NOT_FOUND' });
    });
  });

  it('deletes the value; an unknown setting or no value is a 404', async () => {
    fake.given(ServiceSettingValueEntity, { profileId: 1, serviceSettingId: 3, value: 'de' });

    await sut.delete(1, 3);
    await expect(sut.delete(1, 3)).rejects.toMatchObject({ code: 'SERVICE_SETTING_VALUE.NOT_FOUND' });
    await expect(sut.delete(1, 99)).rejects.toMatchObject({ code: 'SERVICE_SETTING.NOT_FOUND' });
    expect(fake.rows(ServiceSettingValueEntity)).toEqual([]);
  });
});
