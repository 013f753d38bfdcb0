import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

import { AuditedResponse, auditOf } from '../../common/audited.response';
import { PICTURE_MEDIA_TYPES } from './profile-picture.entity';
import type { ProfilePictureEntity } from './profile-picture.entity';

/** A profile's picture (entity key `profilePicture`). */
export class ProfilePictureResponse extends AuditedResponse {
  @ApiProperty({ type: 'integer' }) readonly profileId: number;
  @ApiProperty({ format: 'uuid', description: 'Changes whenever the picture is written: a cache key.' })
  readonly uniqueId: string;
  @ApiProperty({ enum: PICTURE_MEDIA_TYPES, nullable: true }) readonly customImageType: string | null;
  @ApiPropertyOptional({
    type: String,
    format: 'byte',
    nullable: true,
    description:
      'The custom image, base64-encoded. Returned by `GET /profiles/{profileId}/picture`, and in profile ' +
      'expansions only with `IncludeCustomImageBytes=true`; never by the write.',
  })
  readonly customImageBytesEncoded?: string | null;
  @ApiProperty({ type: String, nullable: true }) readonly defaultImageUrl: string | null;
  @ApiProperty({ type: String, nullable: true }) readonly defaultSmallImageUrl: string | null;
}

/**
 * A picture as responses show it. The image bytes only when asked for (`includeBytes`, and loaded:
 * the column is not selected by default): the picture route always, profile expansions with
 * `IncludeCustomImageBytes=true`.
 */
export function toProfilePictureResponse(
  picture: ProfilePictureEntity,
  options: { includeBytes: boolean },
): ProfilePictureResponse {
  return {
    id: picture.id,
    profileId: picture.profileId,
    uniqueId: picture.uniqueId,
    customImageType: picture.customImageType,
    ...(options.includeBytes && {
      customImageBytesEncoded: picture.customImageBytes?.toString('base64') ?? null,
    }),
    defaultImageUrl: picture.defaultImageUrl,
    defaultSmallImageUrl: picture.defaultSmallImageUrl,
    ...auditOf(picture),
  };
}
