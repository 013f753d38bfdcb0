import type { RoleEntity } from '../reference-data/roles/role.entity';
import { auditOf } from '../common/audited.response';
import type { ProfileRoleEntity } from './profile-role.entity';
import type { HeldRoleResponse, ProfileRoleResponse } from './profile-role.dto';

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
