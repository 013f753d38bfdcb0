import {
  DeleteDocs,
  NOT_FOUND,
  ReadDocs,
  readProjection,
  ResourceDocs,
  sentences,
  WriteDocs,
  writeProjection,
} from '../../common/operation-docs';
import { DEMO_SECOND_PROFILE, ProfileIdParam } from '../../common/profile-path';
import { UpsertProfilePictureDto } from './profile-picture.dto';
import { ProfilePictureResponse } from './profile-picture.response';

export const ProfilePicturesDocs = (): ClassDecorator => ResourceDocs('Profile pictures');

export const ReadProfilePictureDocs = (): MethodDecorator =>
  ReadDocs(
    {
      summary: 'Read the picture of a profile, with its image bytes',
      description: sentences(
        'A 404 when the profile does not exist or has no picture.',
        readProjection('profilePicture'),
      ),
    },
    ProfilePictureResponse,
    ProfileIdParam(DEMO_SECOND_PROFILE),
  );

export const UpsertProfilePictureDocs = (): MethodDecorator =>
  WriteDocs(
    {
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
    },
    UpsertProfilePictureDto,
    {
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
    },
    ProfileIdParam(DEMO_SECOND_PROFILE),
  );

export const DeleteProfilePictureDocs = (): MethodDecorator =>
  DeleteDocs(
    { summary: 'Delete the picture of a profile', description: NOT_FOUND },
    ProfileIdParam(DEMO_SECOND_PROFILE),
  );
