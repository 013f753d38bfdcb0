import type { RoleEntity } from '../catalogue/roles/role.entity';
import type { ProfileRoleEntity } from './profile-role.entity';
import type { HeldRoleResponse, ProfileRoleResponse } from './profile-role.dto';

export function toProfileRoleResponse(link: ProfileRoleEntity): ProfileRoleResponse {
  return {
    id: link.id,
    profileId: link.profileId,
    roleId: link.roleId,
    validityStartStamp: link.validityStartStamp.toISOString(),
    source: link.source,
    createdBy: link.createdBy,
    createStamp: link.createStamp.toISOString(),
    updatedBy: link.updatedBy,
    updateStamp: link.updateStamp.toISOString(),
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
    createdBy: role.createdBy,
    createStamp: role.createStamp.toISOString(),
    updatedBy: role.updatedBy,
    updateStamp: role.updateStamp.toISOString(),
  };
}
