import { Module } from '@nestjs/common';

import { inEveryVersion } from '../../common/versioned';
import { PROFILE_SERVICES_PATH, ProfileServicesController } from './profile-services.controller';
import { ProfileServicesService } from './profile-services.service';

@Module({
  controllers: inEveryVersion(ProfileServicesController, PROFILE_SERVICES_PATH),
  providers: [ProfileServicesService],
  exports: [ProfileServicesService],
})
export class ProfileServicesModule {}
