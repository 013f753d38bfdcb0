import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

import { CreatedBy, OptionalText } from '@portal/http-context';

import { PICTURE_MEDIA_TYPES, type PictureMediaType } from './profile-picture.entity';

/** A custom image holds at most 1 MiB (contract 6). */
export const MAX_PICTURE_BYTES = 1024 * 1024;
/** The base64 text of the largest image: 4 characters per 3 bytes, padded. */
export const MAX_PICTURE_BASE64_LENGTH = 4 * Math.ceil(MAX_PICTURE_BYTES / 3);
/** The route takes the base64 image and the rest of the body: more than the service's 1 MiB. */
export const PICTURE_BODY_LIMIT = 1536 * 1024;

/** `PUT /profiles/{profileId}/picture`: replaces the picture. */
export class UpsertProfilePictureDto {
  @ApiPropertyOptional({
    description:
      'The custom image, base64-encoded (RFC 4648, with padding): a PNG, JPEG or WebP image of at most 1 MiB ' +
      'and 10000 pixels a side, checked by its content. Null or absent: no custom image.',
    type: String,
    format: 'byte',
    nullable: true,
    maxLength: MAX_PICTURE_BASE64_LENGTH,
  })
  @IsOptional()
  @MaxLength(MAX_PICTURE_BASE64_LENGTH, {
    message: `$property must be an image of at most 1 MiB (${MAX_PICTURE_BASE64_LENGTH} base64 characters)`,
  })
  @IsString()
  readonly customImageBytesEncoded?: string | null;

  @ApiPropertyOptional({
    description:
      'Media type of the custom image. Optional: the service reads it from the content; when given, it must match.',
    enum: PICTURE_MEDIA_TYPES,
    nullable: true,
  })
  @IsOptional()
  @IsIn(PICTURE_MEDIA_TYPES, { message: `$property must be one of ${PICTURE_MEDIA_TYPES.join(', ')}` })
  readonly customImageType?: PictureMediaType | null;

  @OptionalText(400, 'URL of the picture shown when there is no custom image.')
  readonly defaultImageUrl?: string | null;

  @OptionalText(400, 'URL of the small variant of the default picture.')
  readonly defaultSmallImageUrl?: string | null;

  @CreatedBy() readonly createdBy: string;
}
