import { ServiceFiltersQueryDto } from '../../catalogue/services/dto/service.dto';
import { ExpandFilter } from '../../common/expand';
import { BooleanFilter } from '../../common/query-filters';

export const PROFILE_SERVICE_EXPANSIONS = [
  'ServiceTheme',
  'IdentificationLevel',
  'OrgIdentificationLevel',
  'ProfileRoles',
  'ServiceClients',
  'Survey',
  'FavoriteService',
] as const;
export type ProfileServiceExpansion = (typeof PROFILE_SERVICE_EXPANSIONS)[number];

/** `GET /profiles/{profileId}/services/{serviceId}`: the expansions of the list. */
export class ReadProfileServiceQueryDto {
  @ExpandFilter(PROFILE_SERVICE_EXPANSIONS, 'Nested objects to include.')
  readonly Expand?: ProfileServiceExpansion[];
}

/** ServiceListFilters (interfaces 4.3) of `GET /profiles/{profileId}/services`. */
export class ListProfileServicesQueryDto extends ServiceFiltersQueryDto {
  @BooleanFilter(
    'Only services the profile reaches through a service role of this visibility (a role it holds grants the service visibly, or invisibly).',
  )
  readonly HasVisibleServiceRole?: boolean;

  @BooleanFilter("Only the profile's favorites (true), or the others (false).")
  readonly IsFavorite?: boolean;

  @ExpandFilter(PROFILE_SERVICE_EXPANSIONS, 'Nested objects to include.')
  readonly Expand?: ProfileServiceExpansion[];
}
