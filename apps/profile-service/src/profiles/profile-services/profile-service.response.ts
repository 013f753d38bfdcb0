import { ApiPropertyOptional } from '@nestjs/swagger';

import {
  ServiceClientResponse,
  SurveyResponse,
  SERVICE_CLIENT_RESOURCE,
  SURVEY_RESOURCE,
} from '../../catalogue/services/dto/service-relations.response';
import { ServiceResponse, SERVICE_RESOURCE } from '../../catalogue/services/dto/service.response';
import {
  ServiceThemeResponse,
  SERVICE_THEME_RESOURCE,
} from '../../catalogue/service-themes/service-theme.response';
import { FavoriteServiceResponse, toFavoriteServiceResponse } from '../favorites/favorite-service.response';
import {
  ProcurationServiceResponse,
  type ProcurationServiceLink,
  toProcurationServiceResponse,
} from '../../service-reach/procuration-service.response';
import { ProfileRoleResponse, toProfileRoleResponse } from '../profile-roles/profile-role.response';
import {
  IdentificationLevelResponse,
  IDENTIFICATION_LEVEL_RESOURCE,
} from '../../reference-data/identification-levels/identification-level.response';
import {
  OrgIdentificationLevelResponse,
  ORG_IDENTIFICATION_LEVEL_RESOURCE,
} from '../../reference-data/org-identification-levels/org-identification-level.response';
import type { ServiceClientEntity } from '../../catalogue/services/entities/service-client.entity';
import type { ServiceEntity } from '../../catalogue/services/entities/service.entity';
import type { SurveyEntity } from '../../catalogue/services/entities/survey.entity';
import { toResponse } from '../../common/crud/resource-definition';
import type { FavoriteServiceEntity } from '../favorites/favorite-service.entity';
import type { ProfileRoleEntity } from '../profile-roles/profile-role.entity';
import type { ProfileServiceExpansion } from './profile-service.dto';

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

/** The one-to-many parts of a page of services, loaded once per page and keyed by service id. */
export interface ServiceParts {
  readonly profileRoles: ReadonlyMap<number, readonly ProfileRoleEntity[]>;
  readonly serviceClients: ReadonlyMap<number, readonly ServiceClientEntity[]>;
  readonly surveys: ReadonlyMap<number, SurveyEntity>;
  readonly favorites: ReadonlyMap<number, FavoriteServiceEntity>;
  /** Read through a procuration: its link to each service. */
  readonly procurationServices?: ReadonlyMap<number, ProcurationServiceLink>;
}

/** A service as a profile's routes show it: the service, then each expansion asked for. */
export function toProfileServiceResponse(
  service: ServiceEntity,
  expand: ReadonlySet<ProfileServiceExpansion | 'ProcurationService'>,
  parts: ServiceParts,
): ProfileServiceResponse {
  const response: ProfileServiceResponse = toResponse(SERVICE_RESOURCE, service);
  return {
    ...response,
    ...(expand.has('ServiceTheme') &&
      service.serviceTheme && {
        serviceTheme: toResponse(SERVICE_THEME_RESOURCE, service.serviceTheme),
      }),
    ...(expand.has('IdentificationLevel') &&
      service.identificationLevel && {
        identificationLevel: toResponse(IDENTIFICATION_LEVEL_RESOURCE, service.identificationLevel),
      }),
    ...(expand.has('OrgIdentificationLevel') &&
      service.orgIdentificationLevel && {
        orgIdentificationLevel: toResponse(ORG_IDENTIFICATION_LEVEL_RESOURCE, service.orgIdentificationLevel),
      }),
    ...(expand.has('ProfileRoles') && {
      profileRoles: (parts.profileRoles.get(service.id) ?? []).map(toProfileRoleResponse),
    }),
    ...(expand.has('ServiceClients') && {
      serviceClients: (parts.serviceClients.get(service.id) ?? []).map((client) =>
        toResponse(SERVICE_CLIENT_RESOURCE, client),
      ),
    }),
    ...(expand.has('Survey') && {
      survey: mapOrNull(parts.surveys.get(service.id), (survey) => toResponse(SURVEY_RESOURCE, survey)),
    }),
    ...(expand.has('FavoriteService') && {
      favoriteService: mapOrNull(parts.favorites.get(service.id), toFavoriteServiceResponse),
    }),
    ...(expand.has('ProcurationService') &&
      parts.procurationServices?.has(service.id) && {
        procurationService: toProcurationServiceResponse(
          parts.procurationServices.get(service.id) as ProcurationServiceLink,
        ),
      }),
  };
}

const mapOrNull = <T, R>(value: T | undefined, map: (value: T) => R): R | null =>
  value === undefined ? null : map(value);

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
