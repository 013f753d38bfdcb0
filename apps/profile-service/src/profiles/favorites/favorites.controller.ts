import { Body, Delete, HttpCode, Param, Put } from '@nestjs/common';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { ParseInt32Pipe, UpsertedResponse, UpsertRoute } from '@portal/http-context';

import { PROFILE_WRITER } from '../../common/access';
import { ProfileId } from '../../common/profile-path';
import { UpsertFavoriteServiceDto } from './favorite-service.dto';
import { FavoriteServiceResponse, toFavoriteServiceResponse } from './favorite-service.response';
import { DeleteFavoriteServiceDocs, FavoritesDocs, UpsertFavoriteServiceDocs } from './favorites.openapi';
import { FavoritesService } from './favorites.service';

export const PROFILE_FAVORITES_PATH = 'profiles/:profileId/favorite-services';

const ServiceId = () => Param('serviceId', ParseInt32Pipe);

/**
 * `/profiles/{profileId}/favorite-services/{serviceId}` (contract 6): write only; a profile's
 * favorites are read with `GET /profiles/{profileId}/services?IsFavorite=true&Expand=FavoriteService`.
 */
@FavoritesDocs()
@RequireRoles(PROFILE_WRITER)
export class FavoritesController {
  constructor(private readonly favorites: FavoritesService) {}

  @Put(':serviceId')
  @UpsertFavoriteServiceDocs()
  @UpsertRoute(FavoriteServiceResponse)
  @Projected('favoriteService', { queryable: false })
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
  @DeleteFavoriteServiceDocs()
  async deleteFavoriteService(@ProfileId() profileId: number, @ServiceId() serviceId: number): Promise<void> {
    await this.favorites.delete(profileId, serviceId);
  }
}
