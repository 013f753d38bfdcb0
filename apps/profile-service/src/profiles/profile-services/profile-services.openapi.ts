import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';

import { ApiProblemResponses } from '@portal/problem-details';

import { IdParam, ResourceDocs } from '../../common/operation-docs';
import { ProfileIdParam } from '../../common/profile-path';
import { ProfileServiceResponse } from './profile-service.response';

export const ProfileServicesDocs = (): ClassDecorator => ResourceDocs('Services of a profile');

export const ListProfileServicesDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({
      summary: 'List the services a profile reaches',
      description:
        'A profile reaches a service when it holds a role, in force since its `validityStartStamp`, that a ' +
        'service role grants. OrderBy takes the service properties and `serviceTheme.sortOrder`, ' +
        '`serviceTheme.name`, `serviceTheme.displayName`.',
    }),
    ProfileIdParam(),
    ApiProblemResponses(400, 404),
  );

export const ReadProfileServiceDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({ summary: 'Read a service the profile reaches (404 when it does not reach it)' }),
    ProfileIdParam(),
    IdParam('serviceId', 1),
    ApiOkResponse({ type: ProfileServiceResponse }),
    ApiProblemResponses(400, 404),
  );
