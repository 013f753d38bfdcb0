import { Body, Delete, Get, Head, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { ParseInt32Pipe } from '@portal/http-context';
import { type Page, PaginatedList } from '@portal/pagination';
import { ApiProblemResponses } from '@portal/problem-details';

import { PROFILE_READERS, PROFILE_WRITER } from '../common/access';
import { expansionsOf, ListProfilesQueryDto, ReadProfileQueryDto } from './dto/profile-query.dto';
import { ProfileResponse } from './dto/profile.response';
import { CreateProfileDto, UpdateProfileDto } from './dto/profile-write.dto';
import { toProfileResponse } from './profile.mapper';
import { ProfilesService } from './profiles.service';

const LIST_DESCRIPTION =
  'Every filter of ProfilesListFilters, combined with AND; OrderBy over the profile and, dotted, its person ' +
  '(person.lastname) and organization (organization.name); the exact total in X-Pagination-Total-Count.';

/** `/profiles[/{profileId}]` (contract 6), mounted in both versions. */
@ApiTags('Profiles')
@ApiProblemResponses(401, 403)
@RequireRoles(...PROFILE_READERS)
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  // Declared before the GET, so that it replaces the HEAD Fastify would derive from it.
  @Head()
  @ApiOperation({
    summary: 'Count profiles: the pagination headers of the list, no body',
    description: LIST_DESCRIPTION,
  })
  @PaginatedList(ProfileResponse)
  @ApiProblemResponses(400)
  async countProfiles(@Query() query: ListProfilesQueryDto): Promise<Page<ProfileResponse>> {
    return (await this.profiles.list(query, true)).map(toProfileResponse);
  }

  @Get()
  @ApiOperation({ summary: 'List profiles', description: LIST_DESCRIPTION })
  @PaginatedList(ProfileResponse)
  @Projected('profile')
  @ApiProblemResponses(400)
  async listProfiles(@Query() query: ListProfilesQueryDto): Promise<Page<ProfileResponse>> {
    return (await this.profiles.list(query, query.HeadersOnly ?? false)).map(toProfileResponse);
  }

  @Post()
  @RequireRoles(PROFILE_WRITER)
  @ApiOperation({
    summary: 'Create a person or an organization profile',
    description:
      'Exactly one of person (with its account) and organization (with its signatories), written in one ' +
      'transaction. A person profile receives the citizen role, an organization profile the roles of its category.',
  })
  @ApiCreatedResponse({
    type: ProfileResponse,
    description: 'With person.account or organization.signatories.',
  })
  @Projected('profile', { queryable: false })
  @ApiProblemResponses(400, 413, 415)
  async createProfile(@Body() body: CreateProfileDto): Promise<ProfileResponse> {
    return toProfileResponse(await this.profiles.create(body));
  }

  @Get(':profileId')
  @ApiOperation({ summary: 'Read a profile' })
  @ApiOkResponse({ type: ProfileResponse })
  @Projected('profile')
  @ApiProblemResponses(400, 404)
  async readProfile(
    @Param('profileId', ParseInt32Pipe) profileId: number,
    @Query() query: ReadProfileQueryDto,
  ): Promise<ProfileResponse> {
    const record = await this.profiles.get(profileId, {
      expand: expansionsOf(query.Expand),
      includeCustomImageBytes: query.IncludeCustomImageBytes ?? false,
    });
    return toProfileResponse(record);
  }

  @Put(':profileId')
  @RequireRoles(PROFILE_WRITER)
  @ApiOperation({
    summary: 'Update a profile',
    description:
      'A property left out keeps its value; null clears a nullable one. hasLoggedIn: true counts a sign-in ' +
      '(loginCount + 1, lastLoginStamp now unless given, inactivityState Active).',
  })
  @ApiOkResponse({ type: ProfileResponse, description: 'With person.account or organization.signatories.' })
  @Projected('profile', { queryable: false })
  @ApiProblemResponses(400, 404, 413, 415)
  async updateProfile(
    @Param('profileId', ParseInt32Pipe) profileId: number,
    @Body() body: UpdateProfileDto,
  ): Promise<ProfileResponse> {
    return toProfileResponse(await this.profiles.update(profileId, body));
  }

  @Delete(':profileId')
  @HttpCode(204)
  @RequireRoles(PROFILE_WRITER)
  @ApiOperation({
    summary: 'Delete a profile and what belongs to it',
    description:
      'Its account or organization, identities, roles, setting values, favorites, picture, and the procurations ' +
      'where it is principal, representative or delegator.',
  })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiProblemResponses(400, 404)
  async deleteProfile(@Param('profileId', ParseInt32Pipe) profileId: number): Promise<void> {
    await this.profiles.delete(profileId);
  }
}
