import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { AuditedEntity } from '@portal/database';

import type { ProfileEntity } from '../entities/profile.entity';

/** The image types a profile picture may be (contract 6). */
export const PICTURE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type PictureMediaType = (typeof PICTURE_MEDIA_TYPES)[number];

export const PROFILE_PICTURE_PROFILE_UNIQUE = 'uq_profile_picture_profile';
export const PROFILE_PICTURE_UNIQUE_ID_UNIQUE = 'uq_profile_picture_unique_id';
export const PROFILE_PICTURE_PROFILE_FK = 'fk_profile_picture_profile';

/** A profile's picture: a custom image (PNG, JPEG or WebP, at most 1 MiB) or default URLs. */
@Entity('profile_picture')
@Index(PROFILE_PICTURE_PROFILE_UNIQUE, ['profileId'], { unique: true })
@Index(PROFILE_PICTURE_UNIQUE_ID_UNIQUE, ['uniqueId'], { unique: true })
export class ProfilePictureEntity extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'pk_profile_picture' })
  id: number;

  @Column({ name: 'profile_id', type: 'integer' })
  profileId: number;

  @ManyToOne('ProfileEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'profile_id', foreignKeyConstraintName: PROFILE_PICTURE_PROFILE_FK })
  profile?: ProfileEntity;

  @Column({ name: 'unique_id', type: 'uuid' })
  uniqueId: string;

  /** Media type of the custom image (`image/png`, `image/jpeg`, `image/webp`). */
  @Column({ name: 'custom_image_type', type: 'varchar', length: 50, nullable: true })
  customImageType: string | null;

  /** Returned base64-encoded as `customImageBytesEncoded`, only when asked for. */
  @Column({ name: 'custom_image_bytes', type: 'bytea', nullable: true, select: false })
  customImageBytes: Buffer | null;

  @Column({ name: 'default_image_url', type: 'varchar', length: 400, nullable: true })
  defaultImageUrl: string | null;

  @Column({ name: 'default_small_image_url', type: 'varchar', length: 400, nullable: true })
  defaultSmallImageUrl: string | null;
}
