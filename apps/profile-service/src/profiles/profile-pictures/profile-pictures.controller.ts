import { Body, Delete, Get, HttpCode, Put } from '@nestjs/common';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { UpsertedResponse, UpsertRoute } from '@portal/http-context';
import { BodyLimit } from '@portal/service-runtime';

import { PROFILE_READERS, PROFILE_WRITER } from '../../common/access';
import { ProfileId } from '../../common/profile-path';
import { PICTURE_BODY_LIMIT, UpsertProfilePictureDto } from './profile-picture.dto';
import { ProfilePictureResponse, toProfilePictureResponse } from './profile-picture.response';
import {
  DeleteProfilePictureDocs,
  ProfilePicturesDocs,
  ReadProfilePictureDocs,
  UpsertProfilePictureDocs,
} from './profile-pictures.openapi';
import { ProfilePicturesService } from './profile-pictures.service';

export const PROFILE_PICTURE_PATH = 'profiles/:profileId/picture';

/** `/profiles/{profileId}/picture` (contract 6). */
@ProfilePicturesDocs()
@RequireRoles(...PROFILE_READERS)
export class ProfilePicturesController {
  constructor(private readonly pictures: ProfilePicturesService) {}

  @Get()
  @ReadProfilePictureDocs()
  @Projected('profilePicture')
  async readProfilePicture(@ProfileId() profileId: number): Promise<ProfilePictureResponse> {
    return toProfilePictureResponse(await this.pictures.get(profileId), { includeBytes: true });
  }

  @Put()
  @RequireRoles(PROFILE_WRITER)
  @BodyLimit(PICTURE_BODY_LIMIT)
  @UpsertProfilePictureDocs()
  @UpsertRoute(ProfilePictureResponse)
  @Projected('profilePicture', { queryable: false })
  async upsertProfilePicture(
    @ProfileId() profileId: number,
    @Body() body: UpsertProfilePictureDto,
  ): Promise<UpsertedResponse<ProfilePictureResponse>> {
    const upserted = await this.pictures.upsert(profileId, body);
    return UpsertedResponse.of(upserted, (picture) =>
      toProfilePictureResponse(picture, { includeBytes: false }),
    );
  }

  @Delete()
  @HttpCode(204)
  @RequireRoles(PROFILE_WRITER)
  @DeleteProfilePictureDocs()
  async deleteProfilePicture(@ProfileId() profileId: number): Promise<void> {
    await this.pictures.delete(profileId);
  }
}
