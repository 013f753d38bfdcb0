import { Body, Delete, Get, Head, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { createdInCollection } from '@portal/http-context';
import { type Page, PaginatedList, type StreamedPage } from '@portal/pagination';

import { PROFILE_READERS, PROFILE_WRITER } from '../common/access';
import { ProfileId } from '../common/profile-path';
import { expansionsOf, ListProfilesQueryDto, ReadProfileQueryDto } from './dto/profile-query.dto';
import { ProfileResponse, toProfileResponse } from './dto/profile.response';
import { CreateProfileDto, UpdateProfileDto } from './dto/profile-write.dto';
import {
  CountProfilesDocs,
  CreateProfileDocs,
  DeleteProfileDocs,
  ListProfilesDocs,
  ProfilesDocs,
  ReadProfileDocs,
  UpdateProfileDocs,
} from './profiles.openapi';
import { ProfilesService } from './profiles.service';

/** `/profiles[/{profileId}]` (contract 6), mounted in both versions. */
@ProfilesDocs()
@RequireRoles(...PROFILE_READERS)
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  // Declared before the GET, so that it replaces the HEAD Fastify would derive from it.
  @Head()
  @CountProfilesDocs()
  @PaginatedList(ProfileResponse, { orderByExample: 'createStamp desc,id' })
  async countProfiles(
    @Query() query: ListProfilesQueryDto,
  ): Promise<Page<ProfileResponse> | StreamedPage<ProfileResponse>> {
    return (await this.profiles.list(query, true)).map(toProfileResponse);
  }

  @Get()
  @ListProfilesDocs()
  // Projected inside the pagination, so that a streamed page is projected batch by batch.
  @Projected('profile')
  @PaginatedList(ProfileResponse, { orderByExample: 'createStamp desc,id' })
  async listProfiles(
    @Query() query: ListProfilesQueryDto,
  ): Promise<Page<ProfileResponse> | StreamedPage<ProfileResponse>> {
    return (await this.profiles.list(query, query.HeadersOnly ?? false)).map(toProfileResponse);
  }

  @Post()
  @RequireRoles(PROFILE_WRITER)
  @CreateProfileDocs()
  @Projected('profile', { queryable: false })
  async createProfile(
    @Body() body: CreateProfileDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ProfileResponse> {
    const profile = await this.profiles.create(body);
    createdInCollection(reply, profile.profile.id);
    return toProfileResponse(profile);
  }

  @Get(':profileId')
  @ReadProfileDocs()
  @Projected('profile')
  async readProfile(
    @ProfileId() profileId: number,
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
  @UpdateProfileDocs()
  @Projected('profile', { queryable: false })
  async updateProfile(
    @ProfileId() profileId: number,
    @Body() body: UpdateProfileDto,
  ): Promise<ProfileResponse> {
    return toProfileResponse(await this.profiles.update(profileId, body));
  }

  @Delete(':profileId')
  @HttpCode(204)
  @RequireRoles(PROFILE_WRITER)
  @DeleteProfileDocs()
  async deleteProfile(@ProfileId() profileId: number): Promise<void> {
    await this.profiles.delete(profileId);
  }
}
