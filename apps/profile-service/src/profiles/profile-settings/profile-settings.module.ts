import { Module } from '@nestjs/common';

import { inEveryVersion } from '../../common/versioned';
import { SettingsModule } from '../../settings/settings.module';
import { PROFILE_SETTINGS_PATH, ProfileSettingsController } from './profile-settings.controller';
import { ProfileSettingsService } from './profile-settings.service';

@Module({
  imports: [SettingsModule],
  controllers: inEveryVersion(ProfileSettingsController, PROFILE_SETTINGS_PATH),
  providers: [ProfileSettingsService],
})
export class ProfileSettingsModule {}
