import { Body, Delete, Get, HttpCode, Param, Put, Query, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { ParseInt32Pipe } from '@portal/http-context';
import { type Page, PaginatedList } from '@portal/pagination';
import { ApiProblemResponses } from '@portal/problem-details';

import { PROFILE_READERS, PROFILE_WRITER } from '../common/access';
import { ApiUpsertResponses, upsertStatus } from '../common/upsert';
import {
  HeldRoleResponse,
  ListProfileRolesQueryDto,
  ProfileRoleBodyDto,
  ProfileRoleResponse,
  ReadProfileRoleQueryDto,
} from './profile-role.dto';
import { toHeldRoleResponse, toProfileRoleResponse } from './profile-role.mapper';
import { ProfileRolesService } from './profile-roles.service';

/** `/profiles/{profileId}/roles[/{roleId}]` (contract 6), mounted under `profiles` in both versions. */
@ApiTags('Roles of a profile')
@ApiProblemResponses(401, 403)
@RequireRoles(...PROFILE_READERS)
export class ProfileRolesController {
  constructor(private readonly profileRoles: ProfileRolesService) {}

  @Get(':profileId/roles')
  @ApiOperation({ summary: 'List the roles of a profile (also those whose validity has not started)' })
  @PaginatedList(HeldRoleResponse)
  @Projected('role')
  @ApiProblemResponses(400, 404)
  async listProfileRoles(
    @Param('profileId', ParseInt32Pipe) profileId: number,
    @Query() query: ListProfileRolesQueryDto,
  ): Promise<Page<HeldRoleResponse>> {
    const expand = query.Expand?.includes('ProfileRole') ?? false;
    return (await this.profileRoles.list(profileId, query)).map((role) =>
      toHeldRoleResponse(role, role.profileRole, expand),
    );
  }

  @Get(':profileId/roles/:roleId')
  @ApiOperation({ summary: 'Read a role of a profile' })
  @ApiOkResponse({ type: HeldRoleResponse })
  @Projected('role')
  @ApiProblemResponses(400, 404)
  async readProfileRole(
    @Param('profileId', ParseInt32Pipe) profileId: number,
    @Param('roleId', ParseInt32Pipe) roleId: number,
    @Query() query: ReadProfileRoleQueryDto,
  ): Promise<HeldRoleResponse> {
    const role = await this.profileRoles.get(profileId, roleId);
    return toHeldRoleResponse(role, role.profileRole, query.Expand?.includes('ProfileRole') ?? false);
  }

  @Put(':profileId/roles/:roleId')
  @RequireRoles(PROFILE_WRITER)
  @ApiOperation({
    summary: 'Give a role to a profile',
    description:
      'The role is held directly (a role its organization category gave becomes direct) from validityStartStamp on; ' +
      'until then it grants no service. The automated update of procuration services runs in the same transaction.',
  })
  @ApiUpsertResponses(ProfileRoleResponse)
  @Projected('profileRole', { queryable: false })
  @ApiProblemResponses(400, 404, 413, 415)
  async upsertProfileRole(
    @Param('profileId', ParseInt32Pipe) profileId: number,
    @Param('roleId', ParseInt32Pipe) roleId: number,
    @Body() body: ProfileRoleBodyDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ProfileRoleResponse> {
    const upserted = await this.profileRoles.upsert(profileId, roleId, body);
    return toProfileRoleResponse(upsertStatus(reply, upserted));
  }

  @Delete(':profileId/roles/:roleId')
  @HttpCode(204)
  @RequireRoles(PROFILE_WRITER)
  @ApiOperation({
    summary: 'Take a role from a profile',
    description:
      'Whatever gave it. The automated update of procuration services runs in the same transaction.',
  })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiProblemResponses(400, 404)
  async deleteProfileRole(
    @Param('profileId', ParseInt32Pipe) profileId: number,
    @Param('roleId', ParseInt32Pipe) roleId: number,
  ): Promise<void> {
    await this.profileRoles.delete(profileId, roleId);
  }
}
