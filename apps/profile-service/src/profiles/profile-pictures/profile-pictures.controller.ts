import { Body, Delete, Get, HttpCode, Put } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { ApiBodyExamples, UpsertedResponse, UpsertRoute } from '@portal/http-context';
import { ApiProblemResponses } from '@portal/problem-details';
import { BodyLimit } from '@portal/service-runtime';

import { PROFILE_READERS, PROFILE_WRITER } from '../../common/access';
import { NOT_FOUND, readProjection, sentences, writeProjection } from '../../common/operation-docs';
import { DEMO_SECOND_PROFILE, ProfileId, ProfileIdParam } from '../../common/profile-path';
import { PICTURE_BODY_LIMIT, UpsertProfilePictureDto } from './profile-picture.dto';
import { ProfilePictureResponse, toProfilePictureResponse } from './profile-picture.response';
import { ProfilePicturesService } from './profile-pictures.service';

export const PROFILE_PICTURE_PATH = 'profiles/:profileId/picture';

/** `/profiles/{profileId}/picture` (contract 6). */
@ApiTags('Profile pictures')
@ApiProblemResponses(401, 403)
@RequireRoles(...PROFILE_READERS)
export class ProfilePicturesController {
  constructor(private readonly pictures: ProfilePicturesService) {}

  @Get()
  @ApiOperation({
    summary: 'Read the picture of a profile, with its image bytes',
    description: sentences(
      'A 404 when the profile does not exist or has no picture.',
      readProjection('profilePicture'),
    ),
  })
  @ProfileIdParam(DEMO_SECOND_PROFILE)
  @ApiOkResponse({ type: ProfilePictureResponse })
  @Projected('profilePicture')
  @ApiProblemResponses(400, 404)
  async readProfilePicture(@ProfileId() profileId: number): Promise<ProfilePictureResponse> {
    return toProfilePictureResponse(await this.pictures.get(profileId), { includeBytes: true });
  }

  @Put()
  @RequireRoles(PROFILE_WRITER)
  @BodyLimit(PICTURE_BODY_LIMIT)
  @ApiOperation({
    summary: 'Set the picture of a profile',
    description: sentences(
      'An upsert: 201 when the profile had no picture, 200 when it is replaced.',
      'The custom image is checked by its content: a PNG, JPEG or WebP image of at most ' +
        '1 MiB (base64 in the body; bodies up to 1.5 MiB are read on this route) and 10000 pixels a side; anything ' +
        'else is a 400 on `customImageBytesEncoded`. A new `uniqueId` is given on every write. The response ' +
        'leaves the image bytes out.',
      NOT_FOUND,
      writeProjection('profilePicture'),
    ),
  })
  @ProfileIdParam(DEMO_SECOND_PROFILE)
  @ApiBodyExamples(UpsertProfilePictureDto, {
    customImage: {
      summary: 'Profile 1 gets a custom image (a PNG of 8 x 8 pixels)',
      value: {
        customImageBytesEncoded:
          'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAJklEQVR42mN48e4LVsQAZ+nlLgEidAmIKLIcIQnsRiErh0uTLgEAkq+EN7OyJUoAAAAASUVORK5CYII=',
        customImageType: 'image/png',
        createdBy: 'luca.bernasconi',
      },
    },
    defaultImage: {
      summary: 'Profile 1 shows the default picture of the portal',
      value: {
        defaultImageUrl: 'https://portal.demo.ch/images/profile-default.png',
        defaultSmallImageUrl: 'https://portal.demo.ch/images/profile-default-small.png',
        createdBy: 'luca.bernasconi',
      },
    },
  })
  @UpsertRoute(ProfilePictureResponse)
  @Projected('profilePicture', { queryable: false })
  @ApiProblemResponses(400, 404, 413, 415)
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
  @ApiOperation({ summary: 'Delete the picture of a profile', description: NOT_FOUND })
  @ProfileIdParam(DEMO_SECOND_PROFILE)
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiProblemResponses(400, 404)
  async deleteProfilePicture(@ProfileId() profileId: number): Promise<void> {
    await this.pictures.delete(profileId);
  }
}
