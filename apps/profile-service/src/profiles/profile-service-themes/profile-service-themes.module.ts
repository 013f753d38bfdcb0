import { Module } from '@nestjs/common';

import { inEveryVersion } from '../../common/versioned';
import {
  PROFILE_SERVICE_THEMES_PATH,
  ProfileServiceThemesController,
} from './profile-service-themes.controller';
import { ProfileServiceThemesService } from './profile-service-themes.service';

@Module({
  controllers: inEveryVersion(ProfileServiceThemesController, PROFILE_SERVICE_THEMES_PATH),
  providers: [ProfileServiceThemesService],
})
export class ProfileServiceThemesModule {}
