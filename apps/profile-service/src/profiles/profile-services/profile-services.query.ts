import type { EntityManager, SelectQueryBuilder } from 'typeorm';

import type { OrderByWhitelist } from '@portal/pagination';

import { ServiceEntity } from '../../catalogue/services/entities/service.entity';
import { whereServiceFilters, SERVICE_RESOURCE } from '../../catalogue/services/dto/service.response';
import { orderByWhitelistOf } from '../../common/crud/resource-definition';
import { whereProfileReaches } from '../../service-reach/reach';
import type { ListProfileServicesQueryDto, ProfileServiceExpansion } from './profile-service.dto';

export const SERVICE = 'service';
const THEME = 'serviceTheme';

/**
 * OrderBy of a profile's services: the service's properties, and its theme's order and names
 * (`serviceTheme.sortOrder`), as a catalogue shows them.
 */
export const PROFILE_SERVICE_ORDER: OrderByWhitelist = {
  ...Object.fromEntries(
    Object.keys(orderByWhitelistOf(SERVICE_RESOURCE)).map((property) => [property, `${SERVICE}.${property}`]),
  ),
  'serviceTheme.sortOrder': `${THEME}.sortOrder`,
  'serviceTheme.name': `${THEME}.name`,
  'serviceTheme.displayName': `${THEME}.displayName`,
};

/**
 * The services a profile reaches, narrowed by ServiceListFilters (interfaces 4.3), with the
 * many-to-one expansions joined. Pages, order and the one-to-many expansions are the caller's.
 */
export function profileServicesQuery(
  manager: EntityManager,
  profileId: number,
  filters: Omit<ListProfileServicesQueryDto, 'Expand' | 'PageNumber' | 'PageSize'>,
  expand: ReadonlySet<ProfileServiceExpansion>,
): SelectQueryBuilder<ServiceEntity> {
  const query = manager.getRepository(ServiceEntity).createQueryBuilder(SERVICE);
  whereProfileReaches(query, `${SERVICE}.id`, profileId, {
    visibleServiceRole: filters.HasVisibleServiceRole,
  });

  // Many-to-one: one row per service, so pages stay exact. The theme also serves OrderBy.
  if (expand.has('ServiceTheme') || /serviceTheme\./i.test(filters.OrderBy ?? ''))
    query.leftJoinAndSelect(`${SERVICE}.serviceTheme`, THEME);
  if (expand.has('IdentificationLevel'))
    query.leftJoinAndSelect(`${SERVICE}.identificationLevel`, 'identificationLevel');
  if (expand.has('OrgIdentificationLevel'))
    query.leftJoinAndSelect(`${SERVICE}.orgIdentificationLevel`, 'orgIdentificationLevel');

  whereServiceFilters(query, SERVICE, filters);
  if (filters.IsFavorite !== undefined) {
    query.andWhere(
      `${filters.IsFavorite ? '' : 'NOT '}EXISTS (
         SELECT 1 FROM favorite_service own_favorite
          WHERE own_favorite.service_id = ${SERVICE}.id AND own_favorite.profile_id = :favoriteOfProfileId
            AND own_favorite.representative_profile_id IS NULL AND own_favorite.delegator_profile_id IS NULL)`,
      { favoriteOfProfileId: profileId },
    );
  }
  return query;
}
