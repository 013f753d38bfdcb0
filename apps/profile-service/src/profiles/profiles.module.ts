import { Module } from '@nestjs/common';

import { inEveryVersion } from '../common/versioned';
import { ProfileRolesModule } from '../profile-roles/profile-roles.module';
import { PasswordHasher } from './password-hasher';
import { ProfilesController } from './profiles.controller';
import { ProfilesService } from './profiles.service';

/** Person and organization profiles (contract 6). */
@Module({
  imports: [ProfileRolesModule],
  controllers: inEveryVersion(ProfilesController, 'profiles'),
  providers: [ProfilesService, PasswordHasher],
  exports: [ProfilesService],
})
export class ProfilesModule {}
