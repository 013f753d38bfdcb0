import {
  DeleteDocs,
  IdParam,
  NOT_FOUND,
  ResourceDocs,
  sentences,
  UPSERT,
  WriteDocs,
  writeProjection,
} from '../../common/operation-docs';
import { ProfileIdParam } from '../../common/profile-path';
import { UpsertFavoriteServiceDto } from './favorite-service.dto';

export const FavoritesDocs = (): ClassDecorator => ResourceDocs('Favorite services');

/** The demo catalogue's service change-of-address. */
const ServiceIdParam = (): MethodDecorator => IdParam('serviceId', 3);

export const UpsertFavoriteServiceDocs = (): MethodDecorator =>
  WriteDocs(
    {
      summary: "Mark a service as one of the profile's favorites, or change its order",
      description: sentences(
        UPSERT,
        'Any service of the catalogue may be marked; the profile sees it among its services once one of its ' +
          'roles grants it.',
        NOT_FOUND,
        writeProjection('favoriteService'),
      ),
    },
    UpsertFavoriteServiceDto,
    {
      first: {
        summary: 'Profile 1 puts change of address (demo service 3) first among its favorites',
        value: { sortOrder: 1, createdBy: 'luca.bernasconi' },
      },
    },
    ProfileIdParam(),
    ServiceIdParam(),
  );

export const DeleteFavoriteServiceDocs = (): MethodDecorator =>
  DeleteDocs(
    { summary: "Remove a service from the profile's favorites", description: NOT_FOUND },
    ProfileIdParam(),
    ServiceIdParam(),
  );
