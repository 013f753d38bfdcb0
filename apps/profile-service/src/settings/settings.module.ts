import { Module } from '@nestjs/common';

import { inEveryVersion } from '../common/versioned';
import { ProfileEnvironment } from '../profile-environment';
import { ServiceSettingsController } from './service-settings.controller';
import { ServiceSettingsService } from './service-settings.service';
import { SettingValueCipher } from './setting-value-cipher';

/** Service setting definitions (contract 6) and the cipher of secure values; a profile's values come with the profile routes. */
@Module({
  controllers: inEveryVersion(ServiceSettingsController, 'service-settings'),
  providers: [
    ServiceSettingsService,
    {
      provide: SettingValueCipher,
      inject: [ProfileEnvironment],
      useFactory: (env: ProfileEnvironment) => {
        const keys = env.settingsEncryptionKeys;
        return new SettingValueCipher(keys.current, keys.previous);
      },
    },
  ],
  exports: [ServiceSettingsService, SettingValueCipher],
})
export class SettingsModule {}
