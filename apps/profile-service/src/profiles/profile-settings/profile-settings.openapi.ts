import {
  DeleteDocs,
  IdParam,
  ListDocs,
  NOT_FOUND,
  ORDER_BY,
  PAGING,
  ReadDocs,
  readProjection,
  ResourceDocs,
  sentences,
  UPSERT,
  WriteDocs,
  writeProjection,
} from '../../common/operation-docs';
import { DEMO_SECOND_PROFILE, ProfileIdParam } from '../../common/profile-path';
import { UpsertServiceSettingValueDto } from './profile-setting.dto';
import { ProfileServiceSettingResponse } from './profile-setting.response';

export const ProfileSettingsDocs = (): ClassDecorator => ResourceDocs('Service settings of a profile');

/** The demo catalogue's setting paperless of the service tax-return. */
const SettingIdParam = (): MethodDecorator => IdParam('settingId', 1);

export const ListProfileServiceSettingsDocs = (): MethodDecorator =>
  ListDocs(
    {
      summary: 'List the service settings a profile has a value for, with the value',
      description: sentences(
        'The value of a secure setting is returned at access level 9 only. Filters `ServiceId` and `Name` as on `/service-settings`.',
        PAGING,
        ORDER_BY,
        NOT_FOUND,
        readProjection('serviceSetting'),
      ),
    },
    ProfileIdParam(),
  );

export const ReadProfileServiceSettingDocs = (): MethodDecorator =>
  ReadDocs(
    {
      summary: "Read a service setting with the profile's value (404 when it has none)",
      description: sentences(
        'The value of a secure setting is returned at access level 9 only.',
        readProjection('serviceSetting'),
      ),
    },
    ProfileServiceSettingResponse,
    ProfileIdParam(DEMO_SECOND_PROFILE),
    SettingIdParam(),
  );

export const UpsertProfileServiceSettingValueDocs = (): MethodDecorator =>
  WriteDocs(
    {
      summary: "Set the profile's value of a service setting",
      description: sentences(
        UPSERT,
        'A value is any text of at most 4000 characters; a secure setting stores it encrypted (AES-256-GCM) and ' +
          'returns it at access level 9 only.',
        NOT_FOUND,
        writeProjection('serviceSettingValue'),
      ),
    },
    UpsertServiceSettingValueDto,
    {
      paperless: {
        summary: 'Profile 1 receives its tax documents only electronically (demo setting 1, paperless)',
        value: { value: 'true', createdBy: 'luca.bernasconi' },
      },
    },
    ProfileIdParam(DEMO_SECOND_PROFILE),
    SettingIdParam(),
  );

export const DeleteProfileServiceSettingValueDocs = (): MethodDecorator =>
  DeleteDocs(
    { summary: "Delete the profile's value of a service setting", description: NOT_FOUND },
    ProfileIdParam(DEMO_SECOND_PROFILE),
    SettingIdParam(),
  );
