/**
 * ServiceSettingsService's own rule on top of the generic CRUD: a setting that becomes secure has
 * its values encrypted in the update's transaction; one that stays secure, or stops being secure,
 * leaves them as they are. The encryption of the stored values in batches is SQL
 * (secure-setting-values.ts), the profile-settings e2e suite's.
 */
import { randomBytes } from 'node:crypto';

import { FakeDatabase } from '../common/testing/fake-database';
import { encryptTextValuesOfSetting } from './secure-setting-values';
import { ServiceSettingEntity } from './entities/service-setting.entity';
import { ServiceSettingsService } from './service-settings.service';
import { SettingValueCipher } from './setting-value-cipher';

jest.mock('./secure-setting-values');

describe(ServiceSettingsService.name, () => {
  let fake: FakeDatabase;
  let cipher: SettingValueCipher;
  let sut: ServiceSettingsService;
  const setting = (isSecure: boolean) => ({
    name: 'pin',
    displayName: 'PIN',
    serviceId: 7,
    isSecure,
    updatedBy: 'editor',
  });

  beforeEach(() => {
    fake = new FakeDatabase().given(
      ServiceSettingEntity,
      { id: 1, name: 'pin', isSecure: false },
      { id: 2, name: 'key', isSecure: true },
    );
    cipher = new SettingValueCipher(randomBytes(32));
    sut = new ServiceSettingsService(fake.dataSource, cipher);
  });

  it('encrypts the values of a setting that becomes secure, in the same transaction', async () => {
    await sut.update(1, setting(true));

    expect(encryptTextValuesOfSetting).toHaveBeenCalledTimes(1);
    expect(encryptTextValuesOfSetting).toHaveBeenCalledWith(fake.manager, cipher, 1);
  });

  it('leaves the values of a setting that stays plain, stays secure or stops being secure', async () => {
    await sut.update(1, setting(false));
    await sut.update(2, setting(true));
    await sut.update(2, setting(false));

    expect(encryptTextValuesOfSetting).not.toHaveBeenCalled();
    expect(fake.rows(ServiceSettingEntity)[1].isSecure).toBe(false);
  });
});
