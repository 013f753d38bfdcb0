import { ServiceClientResponse, SurveyResponse } from '../catalogue/services/service-relations.dto';
import { SERVICE_CLIENT_RESOURCE, SURVEY_RESOURCE } from '../catalogue/services/service-relations.service';
import type { ServiceClientEntity } from '../catalogue/services/service-client.entity';
import { ServiceResponse } from '../catalogue/services/service.dto';
import type { ServiceEntity } from '../catalogue/services/service.entity';
import { SERVICE_RESOURCE } from '../catalogue/services/services.service';
import { ServiceThemeResponse } from '../catalogue/service-themes/service-theme.dto';
import { SERVICE_THEME_RESOURCE } from '../catalogue/service-themes/service-themes.service';
import type { SurveyEntity } from '../catalogue/services/survey.entity';
import { toResponseOf } from '../common/crud/resource-definition';
import type { FavoriteServiceEntity } from '../favorites/favorite-service.entity';
import { toFavoriteServiceResponse } from '../favorites/favorite-service.response';
import type { ProcurationServiceEntity } from '../procurations/procuration-service.entity';
import { toProcurationServiceResponse } from '../procurations/procuration-service.response';
import type { ProfileRoleEntity } from '../profile-roles/profile-role.entity';
import { toProfileRoleResponse } from '../profile-roles/profile-role.mapper';
import { IdentificationLevelResponse } from '../reference-data/identification-levels/identification-level.dto';
import { IDENTIFICATION_LEVEL_RESOURCE } from '../reference-data/identification-levels/identification-levels.service';
import { OrgIdentificationLevelResponse } from '../reference-data/org-identification-levels/org-identification-level.dto';
import { ORG_IDENTIFICATION_LEVEL_RESOURCE } from '../reference-data/org-identification-levels/org-identification-levels.service';
import type { ProfileServiceExpansion, ProfileServiceResponse } from './profile-service.dto';

/** The one-to-many parts of a page of services, loaded once per page and keyed by service id. */
export interface ServiceParts {
  readonly profileRoles: ReadonlyMap<number, readonly ProfileRoleEntity[]>;
  readonly serviceClients: ReadonlyMap<number, readonly ServiceClientEntity[]>;
  readonly surveys: ReadonlyMap<number, SurveyEntity>;
  readonly favorites: ReadonlyMap<number, FavoriteServiceEntity>;
  /** Read through a procuration: its link to each service. */
  readonly procurationServices?: ReadonlyMap<number, ProcurationServiceEntity>;
}

/** A service as a profile's routes show it: the service, then each expansion asked for. */
export function toProfileServiceResponse(
  service: ServiceEntity,
  expand: ReadonlySet<ProfileServiceExpansion | 'ProcurationService'>,
  parts: ServiceParts,
): ProfileServiceResponse {
  const response: ProfileServiceResponse = toResponseOf(SERVICE_RESOURCE, service, ServiceResponse);
  return {
    ...response,
    ...(expand.has('ServiceTheme') &&
      service.serviceTheme && {
        serviceTheme: toResponseOf(SERVICE_THEME_RESOURCE, service.serviceTheme, ServiceThemeResponse),
      }),
    ...(expand.has('IdentificationLevel') &&
      service.identificationLevel && {
        identificationLevel: toResponseOf(
          IDENTIFICATION_LEVEL_RESOURCE,
          service.identificationLevel,
          IdentificationLevelResponse,
        ),
      }),
    ...(expand.has('OrgIdentificationLevel') &&
      service.orgIdentificationLevel && {
        orgIdentificationLevel: toResponseOf(
          ORG_IDENTIFICATION_LEVEL_RESOURCE,
          service.orgIdentificationLevel,
          OrgIdentificationLevelResponse,
        ),
      }),
    ...(expand.has('ProfileRoles') && {
      profileRoles: (parts.profileRoles.get(service.id) ?? []).map(toProfileRoleResponse),
    }),
    ...(expand.has('ServiceClients') && {
      serviceClients: (parts.serviceClients.get(service.id) ?? []).map((client) =>
        toResponseOf(SERVICE_CLIENT_RESOURCE, client, ServiceClientResponse),
      ),
    }),
    ...(expand.has('Survey') && {
      survey: mapOrNull(parts.surveys.get(service.id), (survey) =>
        toResponseOf(SURVEY_RESOURCE, survey, SurveyResponse),
      ),
    }),
    ...(expand.has('FavoriteService') && {
      favoriteService: mapOrNull(parts.favorites.get(service.id), toFavoriteServiceResponse),
    }),
    ...(expand.has('ProcurationService') &&
      parts.procurationServices?.has(service.id) && {
        procurationService: toProcurationServiceResponse(
          parts.procurationServices.get(service.id) as ProcurationServiceEntity,
        ),
      }),
  };
}

const mapOrNull = <T, R>(value: T | undefined, map: (value: T) => R): R | null =>
  value === undefined ? null : map(value);
