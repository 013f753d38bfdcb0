import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

import { RoleResponse } from '../../reference-data/roles/role.response';
import { AuditedResponse, auditOf } from '../../common/audited.response';
import { PROFILE_ROLE_SOURCES, type ProfileRoleSource } from '../../common/domain-enums';
import type { RoleEntity } from '../../reference-data/roles/role.entity';
import type { ProfileRoleEntity } from './profile-role.entity';

/** How a profile holds a role (entity key `profileRole`). */
export class ProfileRoleResponse extends AuditedResponse {
  @ApiProperty({ type: 'integer' }) readonly profileId: number;
  @ApiProperty({ type: 'integer' }) readonly roleId: number;
  @ApiProperty({ format: 'date-time', description: 'The role grants its services from then on.' })
  readonly validityStartStamp: string;
  @ApiProperty({
    enum: PROFILE_ROLE_SOURCES,
    description:
      "Direct: given to the profile; OrgCategory: given by its organization's category (taken back when the category loses the role).",
  })
  readonly source: ProfileRoleSource;
}

/** A role as read for a profile (entity key `role`). */
export class HeldRoleResponse extends RoleResponse {
  @ApiPropertyOptional({ type: ProfileRoleResponse, description: 'With Expand=ProfileRole.' })
  readonly profileRole?: ProfileRoleResponse;
}

export function toProfileRoleResponse(link: ProfileRoleEntity): ProfileRoleResponse {
  return {
    id: link.id,
    profileId: link.profileId,
    roleId: link.roleId,
    validityStartStamp: link.validityStartStamp.toISOString(),
    source: link.source,
    ...auditOf(link),
  };
}

/** A role the profile holds; `profileRole` only when expanded. */
export function toHeldRoleResponse(
  role: RoleEntity,
  link: ProfileRoleEntity,
  expandProfileRole: boolean,
): HeldRoleResponse {
  return {
    id: role.id,
    name: role.name,
    displayName: role.displayName,
    description: role.description,
    ...(expandProfileRole ? { profileRole: toProfileRoleResponse(link) } : {}),
    ...auditOf(role),
  };
}
