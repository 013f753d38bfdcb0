import { Body, Delete, HttpCode, Param, Put } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { ApiBodyExamples, ParseInt32Pipe, UpsertedResponse, UpsertRoute } from '@portal/http-context';
import { ApiProblemResponses } from '@portal/problem-details';

import { PROFILE_WRITER } from '../../common/access';
import { IdParam, NOT_FOUND, sentences, UPSERT, writeProjection } from '../../common/operation-docs';
import { ProfileId, ProfileIdParam } from '../../common/profile-path';
import { UpsertFavoriteServiceDto } from './favorite-service.dto';
import { FavoriteServiceResponse, toFavoriteServiceResponse } from './favorite-service.response';
import { FavoritesService } from './favorites.service';

export const PROFILE_FAVORITES_PATH = 'profiles/:profileId/favorite-services';

const ServiceId = () => Param('serviceId', ParseInt32Pipe);
/** The demo catalogue's service change-of-address. */
const ServiceIdParam = (): MethodDecorator => IdParam('serviceId', 3);

/**
 * `/profiles/{profileId}/favorite-services/{serviceId}` (contract 6): write only; a profile's
 * favorites are read with `GET /profiles/{profileId}/services?IsFavorite=true&Expand=FavoriteService`.
 */
@ApiTags('Favorite services')
@ApiProblemResponses(401, 403)
@RequireRoles(PROFILE_WRITER)
export class FavoritesController {
  constructor(private readonly favorites: FavoritesService) {}

  @Put(':serviceId')
  @ApiOperation({
    summary: "Mark a service as one of the profile's favorites, or change its order",
    description: sentences(
      UPSERT,
      'Any service of the catalogue may be marked; the profile sees it among its services once one of its ' +
        'roles grants it.',
      NOT_FOUND,
      writeProjection('favoriteService'),
    ),
  })
  @ProfileIdParam()
  @ServiceIdParam()
  @ApiBodyExamples(UpsertFavoriteServiceDto, {
    first: {
      summary: 'Profile 1 puts change of address (demo service 3) first among its favorites',
      value: { sortOrder: 1, createdBy: 'luca.bernasconi' },
    },
  })
  @UpsertRoute(FavoriteServiceResponse)
  @Projected('favoriteService', { queryable: false })
  @ApiProblemResponses(400, 404, 413, 415)
  async upsertFavoriteService(
    @ProfileId() profileId: number,
    @ServiceId() serviceId: number,
    @Body() body: UpsertFavoriteServiceDto,
  ): Promise<UpsertedResponse<FavoriteServiceResponse>> {
    const upserted = await this.favorites.upsert(profileId, serviceId, body);
    return UpsertedResponse.of(upserted, toFavoriteServiceResponse);
  }

  @Delete(':serviceId')
  @HttpCode(204)
  @ApiOperation({ summary: "Remove a service from the profile's favorites", description: NOT_FOUND })
  @ProfileIdParam()
  @ServiceIdParam()
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiProblemResponses(400, 404)
  async deleteFavoriteService(@ProfileId() profileId: number, @ServiceId() serviceId: number): Promise<void> {
    await this.favorites.delete(profileId, serviceId);
  }
}
