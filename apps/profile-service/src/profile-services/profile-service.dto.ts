import { ApiPropertyOptional } from '@nestjs/swagger';

import { ServiceClientResponse, SurveyResponse } from '../catalogue/services/dto/service-relations.dto';
import { ServiceFiltersQueryDto, ServiceResponse } from '../catalogue/services/dto/service.dto';
import { ServiceThemeResponse } from '../catalogue/service-themes/service-theme.dto';
import { ExpandFilter } from '../common/expand';
import { BooleanFilter } from '../common/query-filters';
import { FavoriteServiceResponse } from '../favorites/favorite-service.response';
import { ProcurationServiceResponse } from '../service-reach/procuration-service.response';
import { ProfileRoleResponse } from '../profile-roles/profile-role.dto';
import { IdentificationLevelResponse } from '../reference-data/identification-levels/identification-level.dto';
import { OrgIdentificationLevelResponse } from '../reference-data/org-identification-levels/org-identification-level.dto';

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

/** A service a profile reaches, with the expansions asked for (entity key `service`). */
export class ProfileServiceResponse extends ServiceResponse {
  @ApiPropertyOptional({ type: ServiceThemeResponse, description: 'With Expand=ServiceTheme.' })
  readonly serviceTheme?: ServiceThemeResponse;

  @ApiPropertyOptional({ type: IdentificationLevelResponse, description: 'With Expand=IdentificationLevel.' })
  readonly identificationLevel?: IdentificationLevelResponse;

  @ApiPropertyOptional({
    type: OrgIdentificationLevelResponse,
    description: 'With Expand=OrgIdentificationLevel.',
  })
  readonly orgIdentificationLevel?: OrgIdentificationLevelResponse;

  @ApiPropertyOptional({
    type: [ProfileRoleResponse],
    description: 'With Expand=ProfileRoles: the roles of the profile, in force now, that grant the service.',
  })
  readonly profileRoles?: ProfileRoleResponse[];

  @ApiPropertyOptional({ type: [ServiceClientResponse], description: 'With Expand=ServiceClients.' })
  readonly serviceClients?: ServiceClientResponse[];

  @ApiPropertyOptional({ type: SurveyResponse, nullable: true, description: 'With Expand=Survey.' })
  readonly survey?: SurveyResponse | null;

  @ApiPropertyOptional({
    type: FavoriteServiceResponse,
    nullable: true,
    description: "With Expand=FavoriteService: the profile's own favorite mark, or null.",
  })
  readonly favoriteService?: FavoriteServiceResponse | null;

  @ApiPropertyOptional({
    type: ProcurationServiceResponse,
    description:
      "With Expand=ProcurationService, read through a procuration: the procuration's link to the service.",
  })
  readonly procurationService?: ProcurationServiceResponse;
}

/** The nested objects of a service and the entity key that projects each (contract 3). */
export const SERVICE_RELATIONS = {
  serviceTheme: 'serviceTheme',
  identificationLevel: 'identificationLevel',
  orgIdentificationLevel: 'orgIdentificationLevel',
  profileRoles: 'profileRole',
  serviceClients: 'serviceClient',
  survey: 'survey',
  favoriteService: 'favoriteService',
  procurationService: 'procurationService',
} as const satisfies Partial<Record<keyof ProfileServiceResponse, string>>;
