import { SERVICE_CLIENT_RESOURCE, SURVEY_RESOURCE } from '../catalogue/services/service-relations.service';
import type { ServiceClientEntity } from '../catalogue/services/entities/service-client.entity';
import type { ServiceEntity } from '../catalogue/services/entities/service.entity';
import { SERVICE_RESOURCE } from '../catalogue/services/services.service';
import { SERVICE_THEME_RESOURCE } from '../catalogue/service-themes/service-themes.service';
import type { SurveyEntity } from '../catalogue/services/entities/survey.entity';
import { toResponse } from '../common/crud/resource-definition';
import type { FavoriteServiceEntity } from '../favorites/favorite-service.entity';
import { toFavoriteServiceResponse } from '../favorites/favorite-service.response';
import type { ProfileRoleEntity } from '../profile-roles/profile-role.entity';
import { toProfileRoleResponse } from '../profile-roles/profile-role.mapper';
import {
  type ProcurationServiceLink,
  toProcurationServiceResponse,
} from '../service-reach/procuration-service.response';
import { IDENTIFICATION_LEVEL_RESOURCE } from '../reference-data/identification-levels/identification-levels.service';
import { ORG_IDENTIFICATION_LEVEL_RESOURCE } from '../reference-data/org-identification-levels/org-identification-levels.service';
import type { ProfileServiceExpansion, ProfileServiceResponse } from './profile-service.dto';

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
