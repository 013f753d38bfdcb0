import { Module } from '@nestjs/common';

import { inEveryVersion } from '../../common/versioned';
import { IdentitiesController } from './identities.controller';
import { IdentitiesService } from './identities.service';
import { PROFILE_IDENTITIES_PATH, ProfileIdentitiesController } from './profile-identities.controller';

@Module({
  controllers: [
    ...inEveryVersion(IdentitiesController, 'identities'),
    ...inEveryVersion(ProfileIdentitiesController, PROFILE_IDENTITIES_PATH),
  ],
  providers: [IdentitiesService],
  exports: [IdentitiesService],
})
export class IdentitiesModule {}
