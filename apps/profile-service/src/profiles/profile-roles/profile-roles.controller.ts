import { Body, Delete, Get, HttpCode, Param, Put, Query } from '@nestjs/common';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { ParseInt32Pipe, UpsertedResponse, UpsertRoute } from '@portal/http-context';
import { type Page, PaginatedList } from '@portal/pagination';

import { PROFILE_READERS, PROFILE_WRITER } from '../../common/access';
import { ProfileId } from '../../common/profile-path';
import { ListProfileRolesQueryDto, ProfileRoleBodyDto, ReadProfileRoleQueryDto } from './profile-role.dto';
import {
  HeldRoleResponse,
  ProfileRoleResponse,
  toHeldRoleResponse,
  toProfileRoleResponse,
} from './profile-role.response';
import {
  DeleteProfileRoleDocs,
  ListProfileRolesDocs,
  ProfileRolesDocs,
  ReadProfileRoleDocs,
  UpsertProfileRoleDocs,
} from './profile-roles.openapi';
import { ProfileRolesService } from './profile-roles.service';

const RoleId = (): ParameterDecorator => Param('roleId', ParseInt32Pipe);

/** `/profiles/{profileId}/roles[/{roleId}]` (contract 6), mounted under `profiles` in both versions. */
@ProfileRolesDocs()
@RequireRoles(...PROFILE_READERS)
export class ProfileRolesController {
  constructor(private readonly profileRoles: ProfileRolesService) {}

  @Get(':profileId/roles')
  @ListProfileRolesDocs()
  @PaginatedList(HeldRoleResponse)
  @Projected('role')
  async listProfileRoles(
    @ProfileId() profileId: number,
    @Query() query: ListProfileRolesQueryDto,
  ): Promise<Page<HeldRoleResponse>> {
    const expand = query.Expand?.includes('ProfileRole') ?? false;
    return (await this.profileRoles.list(profileId, query)).map((role) =>
      toHeldRoleResponse(role, role.profileRole, expand),
    );
  }

  @Get(':profileId/roles/:roleId')
  @ReadProfileRoleDocs()
  @Projected('role')
  async readProfileRole(
    @ProfileId() profileId: number,
    @RoleId() roleId: number,
    @Query() query: ReadProfileRoleQueryDto,
  ): Promise<HeldRoleResponse> {
    const role = await this.profileRoles.get(profileId, roleId);
    return toHeldRoleResponse(role, role.profileRole, query.Expand?.includes('ProfileRole') ?? false);
  }

  @Put(':profileId/roles/:roleId')
  @RequireRoles(PROFILE_WRITER)
  @UpsertProfileRoleDocs()
  @UpsertRoute(ProfileRoleResponse)
  @Projected('profileRole', { queryable: false })
  async upsertProfileRole(
    @ProfileId() profileId: number,
    @RoleId() roleId: number,
    @Body() body: ProfileRoleBodyDto,
  ): Promise<UpsertedResponse<ProfileRoleResponse>> {
    const upserted = await this.profileRoles.upsert(profileId, roleId, body);
    return UpsertedResponse.of(upserted, toProfileRoleResponse);
  }

  @Delete(':profileId/roles/:roleId')
  @HttpCode(204)
  @RequireRoles(PROFILE_WRITER)
  @DeleteProfileRoleDocs()
  async deleteProfileRole(@ProfileId() profileId: number, @RoleId() roleId: number): Promise<void> {
    await this.profileRoles.delete(profileId, roleId);
  }
}
