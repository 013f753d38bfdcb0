import { IdParam, ListDocs, ReadDocs, ResourceDocs } from '../../common/operation-docs';
import { ProfileIdParam } from '../../common/profile-path';
import { ProfileServiceResponse } from './profile-service.response';

export const ProfileServicesDocs = (): ClassDecorator => ResourceDocs('Services of a profile');

export const ListProfileServicesDocs = (): MethodDecorator =>
  ListDocs(
    {
      summary: 'List the services a profile reaches',
      description:
        'A profile reaches a service when it holds a role, in force since its `validityStartStamp`, that a ' +
        'service role grants. OrderBy takes the service properties and `serviceTheme.sortOrder`, ' +
        '`serviceTheme.name`, `serviceTheme.displayName`.',
    },
    ProfileIdParam(),
  );

export const ReadProfileServiceDocs = (): MethodDecorator =>
  ReadDocs(
    { summary: 'Read a service the profile reaches (404 when it does not reach it)' },
    ProfileServiceResponse,
    ProfileIdParam(),
    IdParam('serviceId', 1),
  );
