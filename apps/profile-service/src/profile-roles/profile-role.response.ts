import { ApiProperty } from '@nestjs/swagger';

import { AuditedResponse } from '../common/audited.response';
import type { ProfileRoleEntity } from './profile-role.entity';

/** A role a profile holds from `validityStartStamp` on (entity key `profileRole`). */
export class ProfileRoleResponse extends AuditedResponse {
  @ApiProperty({ type: 'integer' }) readonly profileId: number;
  @ApiProperty({ type: 'integer' }) readonly roleId: number;
  @ApiProperty({ format: 'date-time', description: 'The role grants nothing before this time.' })
  readonly validityStartStamp: string;
}

export function toProfileRoleResponse(profileRole: ProfileRoleEntity): ProfileRoleResponse {
  return {
    id: profileRole.id,
    profileId: profileRole.profileId,
    roleId: profileRole.roleId,
    validityStartStamp: profileRole.validityStartStamp.toISOString(),
    createdBy: profileRole.createdBy,
    createStamp: profileRole.createStamp.toISOString(),
    updatedBy: profileRole.updatedBy,
    updateStamp: profileRole.updateStamp.toISOString(),
  };
}
