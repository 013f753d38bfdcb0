import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { NotFoundError, ValidationProblemError } from '@portal/problem-details';

import { type Upserted, upsertLink } from '../../common/upsert';
import { findProfileOrFail } from '../profile-lock';
import { ProfilePictureEntity } from './profile-picture.entity';
import type { PictureMediaType } from './profile-picture.entity';
import { inspectImage } from './image-content';
import { MAX_PICTURE_BYTES, type UpsertProfilePictureDto } from './profile-picture.dto';

const IMAGE = 'customImageBytesEncoded';

/** The custom image of a write, decoded and checked by its content; 400s name the property. */
export function decodePicture(
  body: Pick<UpsertProfilePictureDto, 'customImageBytesEncoded' | 'customImageType'>,
): { bytes: Buffer; mediaType: PictureMediaType } | null {
  const encoded = body.customImageBytesEncoded;
  if (encoded === undefined || encoded === null) {
    if (body.customImageType !== undefined && body.customImageType !== null) {
      throw ValidationProblemError.of(
        'customImageType',
        'customImageType needs an image in customImageBytesEncoded',
        'PROFILE_PICTURE.TYPE_WITHOUT_IMAGE',
      );
    }
    return null;
  }
  const bytes = Buffer.from(encoded, 'base64');
  // Node skips what is not base64; only a canonical round trip proves the text was base64.
  if (bytes.toString('base64') !== encoded) {
    throw ValidationProblemError.of(
      IMAGE,
      `${IMAGE} must be base64 (RFC 4648: A-Z, a-z, 0-9, + and /, padded with =)`,
      'PROFILE_PICTURE.NOT_BASE64',
    );
  }
  if (bytes.length > MAX_PICTURE_BYTES) {
    throw ValidationProblemError.of(
      IMAGE,
      `${IMAGE} holds ${bytes.length} bytes; a picture may have at most ${MAX_PICTURE_BYTES} (1 MiB)`,
      'PROFILE_PICTURE.TOO_LARGE',
    );
  }
  const inspection = inspectImage(bytes);
  if (!inspection.ok)
    throw ValidationProblemError.of(IMAGE, `${IMAGE} ${inspection.reason}`, 'PROFILE_PICTURE.NOT_AN_IMAGE');
  if (
    body.customImageType !== undefined &&
    body.customImageType !== null &&
    body.customImageType !== inspection.mediaType
  ) {
    throw ValidationProblemError.of(
      'customImageType',
      `customImageType is ${body.customImageType}, but the image is ${inspection.mediaType}`,
      'PROFILE_PICTURE.TYPE_MISMATCH',
    );
  }
  return { bytes, mediaType: inspection.mediaType };
}

/** A profile's picture (`/profiles/{profileId}/picture`): at most one, replaced by each write. */
@Injectable()
export class ProfilePicturesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** With the image bytes. */
  async get(profileId: number): Promise<ProfilePictureEntity> {
    await findProfileOrFail(this.dataSource.manager, profileId);
    const picture = await this.dataSource
      .getRepository(ProfilePictureEntity)
      .createQueryBuilder('picture')
      .addSelect('picture.customImageBytes')
      .where('picture.profileId = :profileId', { profileId })
      .getOne();
    if (!picture) throw noPicture(profileId);
    return picture;
  }

  /** Without the image bytes: the caller has just sent them. */
  async upsert(profileId: number, body: UpsertProfilePictureDto): Promise<Upserted<ProfilePictureEntity>> {
    const image = decodePicture(body);
    return this.dataSource.transaction(async (manager) => {
      await findProfileOrFail(manager, profileId, 'share');
      return upsertLink(
        manager,
        ProfilePictureEntity,
        { profileId },
        {
          uniqueId: randomUUID(),
          customImageType: image?.mediaType ?? null,
          customImageBytes: image?.bytes ?? null,
          defaultImageUrl: body.defaultImageUrl ?? null,
          defaultSmallImageUrl: body.defaultSmallImageUrl ?? null,
        },
        body.createdBy,
      );
    });
  }

  async delete(profileId: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await findProfileOrFail(manager, profileId, 'share');
      const result = await manager.delete(ProfilePictureEntity, { profileId });
      if (!result.affected) throw noPicture(profileId);
    });
  }
}

const noPicture = (profileId: number): NotFoundError =>
  new NotFoundError(`The profile ${profileId} has no picture.`, 'PROFILE_PICTURE.NOT_FOUND');
