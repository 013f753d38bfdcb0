import { Module } from '@nestjs/common';

import { inEveryVersion } from '../../common/versioned';
import { PROFILE_PICTURE_PATH, ProfilePicturesController } from './profile-pictures.controller';
import { ProfilePicturesService } from './profile-pictures.service';

@Module({
  controllers: inEveryVersion(ProfilePicturesController, PROFILE_PICTURE_PATH),
  providers: [ProfilePicturesService],
  exports: [ProfilePicturesService],
})
export class ProfilePicturesModule {}
