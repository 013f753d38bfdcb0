import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, IsNull } from 'typeorm';

import { NotFoundError } from '@portal/problem-details';

import { ServiceEntity } from '../../catalogue/services/entities/service.entity';
import { SERVICE_RESOURCE } from '../../catalogue/services/dto/service.response';
import { notFoundError } from '../../common/crud/resource-definition';
import { type Upserted, upsertLink } from '../../common/upsert';
import { findProfileOrFail } from '../profile-lock';
import type { UpsertFavoriteServiceDto } from './favorite-service.dto';
import { FavoriteServiceEntity } from './favorite-service.entity';

/**
 * A profile's own favorite services (no representative, no delegator): marked and unmarked through
 * `/profiles/{profileId}/favorite-services/{serviceId}`, read through the profile's services
 * (`IsFavorite`, `Expand=FavoriteService`). Favorites within a procuration are the procuration's.
 */
@Injectable()
export class FavoritesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  upsert(
    profileId: number,
    serviceId: number,
    body: UpsertFavoriteServiceDto,
  ): Promise<Upserted<FavoriteServiceEntity>> {
    return this.dataSource.transaction(async (manager) => {
      await findProfileOrFail(manager, profileId, 'share');
      await assertService(manager, serviceId);
      return upsertLink(
        manager,
        FavoriteServiceEntity,
        { profileId, serviceId, representativeProfileId: null, delegatorProfileId: null },
        { sortOrder: body.sortOrder ?? 0 },
        body.createdBy,
      );
    });
  }

  async delete(profileId: number, serviceId: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await findProfileOrFail(manager, profileId, 'share');
      await assertService(manager, serviceId);
      const result = await manager.delete(FavoriteServiceEntity, {
        profileId,
        serviceId,
        representativeProfileId: IsNull(),
        delegatorProfileId: IsNull(),
      });
      if (!result.affected) {
        throw new NotFoundError(
          `The service ${serviceId} is not a favorite of the profile ${profileId}.`,
          'FAVORITE_SERVICE.NOT_FOUND',
        );
      }
    });
  }
}

async function assertService(manager: EntityManager, serviceId: number): Promise<void> {
  if (!(await manager.existsBy(ServiceEntity, { id: serviceId })))
    throw notFoundError(SERVICE_RESOURCE, serviceId);
}
