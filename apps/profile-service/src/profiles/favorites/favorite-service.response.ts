import { ApiProperty } from '@nestjs/swagger';

import { AuditedResponse, auditOf } from '../../common/audited.response';
import type { FavoriteServiceEntity } from './favorite-service.entity';

/**
 * A service a profile marked as favorite (entity key `favoriteService`); with a representative
 * (and delegator) a favorite within that procuration, else the profile's own.
 */
export class FavoriteServiceResponse extends AuditedResponse {
  @ApiProperty({ type: 'integer' }) readonly profileId: number;
  @ApiProperty({ type: 'integer', nullable: true }) readonly representativeProfileId: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) readonly delegatorProfileId: number | null;
  @ApiProperty({ type: 'integer' }) readonly serviceId: number;
  @ApiProperty({ type: 'integer', description: 'Ascending display order among the favorites.' })
  readonly sortOrder: number;
}

export function toFavoriteServiceResponse(favorite: FavoriteServiceEntity): FavoriteServiceResponse {
  return {
    id: favorite.id,
    profileId: favorite.profileId,
    representativeProfileId: favorite.representativeProfileId,
    delegatorProfileId: favorite.delegatorProfileId,
    serviceId: favorite.serviceId,
    sortOrder: favorite.sortOrder,
    ...auditOf(favorite),
  };
}
