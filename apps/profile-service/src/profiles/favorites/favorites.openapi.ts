import { applyDecorators } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation } from '@nestjs/swagger';

import { ApiBodyExamples } from '@portal/http-context';
import { ApiProblemResponses } from '@portal/problem-details';

import {
  IdParam,
  NOT_FOUND,
  ResourceDocs,
  sentences,
  UPSERT,
  writeProjection,
} from '../../common/operation-docs';
import { ProfileIdParam } from '../../common/profile-path';
import { UpsertFavoriteServiceDto } from './favorite-service.dto';

export const FavoritesDocs = (): ClassDecorator => ResourceDocs('Favorite services');

/** The demo catalogue's service change-of-address. */
const ServiceIdParam = (): MethodDecorator => IdParam('serviceId', 3);

export const UpsertFavoriteServiceDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({
      summary: "Mark a service as one of the profile's favorites, or change its order",
      description: sentences(
        UPSERT,
        'Any service of the catalogue may be marked; the profile sees it among its services once one of its ' +
          'roles grants it.',
        NOT_FOUND,
        writeProjection('favoriteService'),
      ),
    }),
    ProfileIdParam(),
    ServiceIdParam(),
    ApiBodyExamples(UpsertFavoriteServiceDto, {
      first: {
        summary: 'Profile 1 puts change of address (demo service 3) first among its favorites',
        value: { sortOrder: 1, createdBy: 'luca.bernasconi' },
      },
    }),
    ApiProblemResponses(400, 404, 413, 415),
  );

export const DeleteFavoriteServiceDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({ summary: "Remove a service from the profile's favorites", description: NOT_FOUND }),
    ProfileIdParam(),
    ServiceIdParam(),
    ApiNoContentResponse({ description: 'Deleted.' }),
    ApiProblemResponses(400, 404),
  );
