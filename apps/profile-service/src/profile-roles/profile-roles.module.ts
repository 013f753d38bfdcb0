import { Module } from '@nestjs/common';

import { inEveryVersion } from '../common/versioned';
import { ProfileRolesController } from './profile-roles.controller';
import { ProfileRolesService } from './profile-roles.service';
import { RoleAssignments } from './role-assignments.service';

/** The roles of a profile, and RoleAssignments: the one writer of `profile_role`, for every module. */
@Module({
  controllers: inEveryVersion(ProfileRolesController, 'profiles'),
  providers: [RoleAssignments, ProfileRolesService],
  exports: [RoleAssignments],
})
export class ProfileRolesModule {}
