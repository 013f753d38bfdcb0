import { Module } from '@nestjs/common';

import { inEveryVersion } from '../common/versioned';
import { ServiceSettingsController } from './service-settings.controller';
import { ServiceSettingsService } from './service-settings.service';

/** Service setting definitions (contract 6); a profile's values come with the profile routes. */
@Module({
  controllers: inEveryVersion(ServiceSettingsController, 'service-settings'),
  providers: [ServiceSettingsService],
  exports: [ServiceSettingsService],
})
export class SettingsModule {}
