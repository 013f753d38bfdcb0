import { ApiProperty } from '@nestjs/swagger';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

import { AuditedResponse } from '../../../common/audited.response';
import { URL_TARGETS, type UrlTarget } from '../../../common/domain-enums';
import { RECORD, type ResourceDefinition } from '../../../common/crud/resource-definition';
import {
  whereEqualsIgnoringCase,
  whereContainsIgnoringCase,
  whereEquals,
  whereIn,
} from '../../../common/query-filters';
import type { ListServicesQueryDto, ServiceFiltersQueryDto } from './service.dto';
import { ServiceEntity } from '../entities/service.entity';

export class ServiceResponse extends AuditedResponse {
  @ApiProperty({ type: String, nullable: true }) readonly externalId: string | null;
  @ApiProperty() readonly name: string;
  @ApiProperty() readonly displayName: string;
  @ApiProperty({ type: 'integer' }) readonly identificationLevelId: number;
  @ApiProperty({ type: 'integer' }) readonly orgIdentificationLevelId: number;
  @ApiProperty({ type: 'integer' }) readonly serviceThemeId: number;
  @ApiProperty({ type: String, nullable: true }) readonly iconPath: string | null;
  @ApiProperty({ type: String, nullable: true }) readonly cssClass: string | null;
  @ApiProperty({ type: String, nullable: true }) readonly url: string | null;
  @ApiProperty({ enum: URL_TARGETS }) readonly urlTarget: UrlTarget;
  @ApiProperty({ type: String, nullable: true }) readonly trackerProjectId: string | null;
  @ApiProperty() readonly isProcurationAvailable: boolean;
  @ApiProperty() readonly isInMaintenance: boolean;
  @ApiProperty() readonly isShownInCatalog: boolean;
  @ApiProperty() readonly isExternal: boolean;
  @ApiProperty() readonly isAccessible: boolean;
  @ApiProperty() readonly isResponsive: boolean;
  @ApiProperty() readonly isNew: boolean;
  @ApiProperty() readonly isNavigationShown: boolean;
  @ApiProperty() readonly isSupportAvailable: boolean;
  @ApiProperty() readonly isProfileManagerAvailable: boolean;
  @ApiProperty({ type: String, nullable: true }) readonly subThemeKey: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) readonly daysUntilReminder: number | null;
}

export const SERVICE_RESOURCE = {
  entity: ServiceEntity,
  noun: 'service',
  code: 'SERVICE',
  idName: 'serviceId',
  fields: {
    externalId: null,
    name: undefined,
    displayName: undefined,
    identificationLevelId: undefined,
    orgIdentificationLevelId: undefined,
    serviceThemeId: undefined,
    iconPath: null,
    cssClass: null,
    url: null,
    urlTarget: 'Self',
    trackerProjectId: null,
    isProcurationAvailable: false,
    isInMaintenance: false,
    isShownInCatalog: true,
    isExternal: false,
    isAccessible: false,
    isResponsive: false,
    isNew: false,
    isNavigationShown: true,
    isSupportAvailable: false,
    isProfileManagerAvailable: false,
    subThemeKey: null,
    daysUntilReminder: null,
  },
  filter: (list, query) => {
    whereServiceFilters(list, RECORD, query);
    whereEqualsIgnoringCase(list, `${RECORD}.name`, query.Name);
    if (query.HasVisibleServiceRole !== undefined) {
      list.andWhere(
        `EXISTS (SELECT 1 FROM service_role r WHERE r.service_id = ${RECORD}.id AND r.is_visible = :hasVisibleServiceRole)`,
        { hasVisibleServiceRole: query.HasVisibleServiceRole },
      );
    }
  },
} satisfies ResourceDefinition<ServiceEntity, ListServicesQueryDto>;

/** The ServiceListFilters every list of services takes, on the services of `alias`. */
export function whereServiceFilters<T extends ObjectLiteral>(
  list: SelectQueryBuilder<T>,
  alias: string,
  filters: Omit<ServiceFiltersQueryDto, 'PageNumber' | 'PageSize'>,
): void {
  whereIn(list, `${alias}.id`, filters.Ids);
  whereEquals(list, `${alias}.serviceThemeId`, filters.ServiceThemeId);
  whereEquals(list, `${alias}.externalId`, filters.ExternalId);
  whereEquals(list, `${alias}.isShownInCatalog`, filters.IsShownInCatalog);
  if (filters.IsForProcurationManagementView === true) list.andWhere(`${alias}.isProcurationAvailable`);
  whereEquals(list, `${alias}.isNew`, filters.IsNew);
  whereContainsIgnoringCase(list, `${alias}.url`, filters.UrlContains);
  if (filters.HasVisibleTheme !== undefined) {
    list.andWhere(
      `EXISTS (SELECT 1 FROM service_theme visible_theme
                WHERE visible_theme.id = ${alias}.service_theme_id AND visible_theme.is_visible = :hasVisibleTheme)`,
      { hasVisibleTheme: filters.HasVisibleTheme },
    );
  }
}
