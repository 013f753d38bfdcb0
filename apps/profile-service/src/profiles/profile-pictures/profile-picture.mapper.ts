import { auditOf } from '../../common/audited.response';
import type { ProfilePictureEntity } from './profile-picture.entity';
import type { ProfilePictureResponse } from './profile-picture.dto';

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
