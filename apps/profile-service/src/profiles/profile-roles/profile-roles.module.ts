import { Module } from '@nestjs/common';

import { inEveryVersion } from '../../common/versioned';
import { ServiceReachModule } from '../../service-reach/service-reach.module';
import { ProfileRolesController } from './profile-roles.controller';
import { ProfileRolesService } from './profile-roles.service';

/** The roles of a profile; their writes go through RoleAssignments (service-reach). */
@Module({
  imports: [ServiceReachModule],
  controllers: inEveryVersion(ProfileRolesController, 'profiles'),
  providers: [ProfileRolesService],
})
export class ProfileRolesModule {}
