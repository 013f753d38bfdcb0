import { Body, Delete, Get, HttpCode, Param, Put, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { ApiBodyExamples, ParseInt32Pipe, UpsertedResponse, UpsertRoute } from '@portal/http-context';
import { type Page, PaginatedList } from '@portal/pagination';
import { ApiProblemResponses } from '@portal/problem-details';

import { PROFILE_READERS, PROFILE_WRITER } from '../../common/access';
import {
  IdParam,
  NOT_FOUND,
  PAGING,
  readProjection,
  sentences,
  UPSERT,
  writeProjection,
} from '../../common/operation-docs';
import { ProfileId, ProfileIdParam } from '../../common/profile-path';
import { ListProfileRolesQueryDto, ProfileRoleBodyDto, ReadProfileRoleQueryDto } from './profile-role.dto';
import {
  HeldRoleResponse,
  ProfileRoleResponse,
  toHeldRoleResponse,
  toProfileRoleResponse,
} from './profile-role.response';
import { ProfileRolesService } from './profile-roles.service';

/** The demo catalogue's role Business, which the writes' examples give profile 1 and take away. */
const RoleId = (): MethodDecorator => IdParam('roleId', 2);
/** The role Citizen (1), which profile 1 holds from the start: the read answers before any write. */
const HeldRoleId = (): MethodDecorator => IdParam('roleId', 1);

const HELD_ORDER_BY =
  "`OrderBy` over the role's properties and `profileRole.validityStartStamp`, `profileRole.source`, " +
  '`profileRole.createStamp`, `profileRole.updateStamp` (default `id`; every order ends with `id`).';

/** `/profiles/{profileId}/roles[/{roleId}]` (contract 6), mounted under `profiles` in both versions. */
@ApiTags('Roles of a profile')
@ApiProblemResponses(401, 403)
@RequireRoles(...PROFILE_READERS)
export class ProfileRolesController {
  constructor(private readonly profileRoles: ProfileRolesService) {}

  @Get(':profileId/roles')
  @ApiOperation({
    summary: 'List the roles of a profile (also those whose validity has not started)',
    description: sentences(
      '`Expand=ProfileRole` adds how the profile holds each role (`validityStartStamp`, `source`).',
      PAGING,
      HELD_ORDER_BY,
      NOT_FOUND,
      readProjection('role'),
    ),
  })
  @ProfileIdParam()
  @PaginatedList(HeldRoleResponse)
  @Projected('role')
  @ApiProblemResponses(400, 404)
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
  @ApiOperation({
    summary: 'Read a role of a profile',
    description: sentences(
      '`Expand=ProfileRole` adds how the profile holds it.',
      'A 404 when the profile or the role does not exist, or the profile does not hold the role.',
      readProjection('role'),
    ),
  })
  @ProfileIdParam()
  @HeldRoleId()
  @ApiOkResponse({ type: HeldRoleResponse })
  @Projected('role')
  @ApiProblemResponses(400, 404)
  async readProfileRole(
    @ProfileId() profileId: number,
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
    description: sentences(
      UPSERT,
      'The role is held directly (a role its organization category gave becomes direct) from `validityStartStamp` on ' +
        '(default: now); until then it grants no service. The automated update of procuration services runs in the ' +
        'same transaction.',
      NOT_FOUND,
      writeProjection('profileRole'),
    ),
  })
  @ProfileIdParam()
  @RoleId()
  @ApiBodyExamples(ProfileRoleBodyDto, {
    fromNow: {
      summary: 'Profile 1 holds the role Business (demo role 2) from now on',
      value: { createdBy: 'luca.bernasconi' },
    },
    fromADate: {
      summary: 'Profile 1 holds the role Business from 1 January 2026',
      value: { validityStartStamp: '2026-01-01T00:00:00Z', createdBy: 'luca.bernasconi' },
    },
  })
  @UpsertRoute(ProfileRoleResponse)
  @Projected('profileRole', { queryable: false })
  @ApiProblemResponses(400, 404, 413, 415)
  async upsertProfileRole(
    @ProfileId() profileId: number,
    @Param('roleId', ParseInt32Pipe) roleId: number,
    @Body() body: ProfileRoleBodyDto,
  ): Promise<UpsertedResponse<ProfileRoleResponse>> {
    const upserted = await this.profileRoles.upsert(profileId, roleId, body);
    return UpsertedResponse.of(upserted, toProfileRoleResponse);
  }

  @Delete(':profileId/roles/:roleId')
  @HttpCode(204)
  @RequireRoles(PROFILE_WRITER)
  @ApiOperation({
    summary: 'Take a role from a profile',
    description: sentences(
      'Answers 204. The role goes whatever gave it (directly or the organization category).',
      'The automated update of procuration services runs in the same transaction.',
      'A 404 when the profile or the role does not exist, or the profile does not hold the role.',
    ),
  })
  @ProfileIdParam()
  @RoleId()
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiProblemResponses(400, 404)
  async deleteProfileRole(
    @ProfileId() profileId: number,
    @Param('roleId', ParseInt32Pipe) roleId: number,
  ): Promise<void> {
    await this.profileRoles.delete(profileId, roleId);
  }
}
