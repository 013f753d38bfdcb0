import { Module } from '@nestjs/common';

import { inEveryVersion } from '../common/versioned';
import { ServiceReachModule } from '../service-reach/service-reach.module';
import { PasswordHasher } from './password-hasher';
import { ProfilesController } from './profiles.controller';
import { ProfilesService } from './profiles.service';

/** Person and organization profiles (contract 6). */
@Module({
  imports: [ServiceReachModule],
  controllers: inEveryVersion(ProfilesController, 'profiles'),
  providers: [ProfilesService, PasswordHasher],
  exports: [ProfilesService],
})
export class ProfilesModule {}
