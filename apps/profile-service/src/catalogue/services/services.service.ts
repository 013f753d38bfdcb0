import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { CrudService } from '../../common/crud/crud.service';
import { RECORD, type ResourceDefinition } from '../../common/crud/resource-definition';
import {
  whereContainsIgnoringCase,
  whereEquals,
  whereEqualsIgnoringCase,
  whereIn,
} from '../../common/query-filters';
import type { ListServicesQueryDto } from './service.dto';
import { ServiceEntity } from './service.entity';

export const SERVICE_RESOURCE: ResourceDefinition<ServiceEntity, ListServicesQueryDto> = {
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
    whereIn(list, `${RECORD}.id`, query.Ids);
    whereEquals(list, `${RECORD}.serviceThemeId`, query.ServiceThemeId);
    whereEquals(list, `${RECORD}.externalId`, query.ExternalId);
    whereEqualsIgnoringCase(list, `${RECORD}.name`, query.Name);
    whereEquals(list, `${RECORD}.isShownInCatalog`, query.IsShownInCatalog);
    if (query.IsForProcurationManagementView === true) list.andWhere(`${RECORD}.isProcurationAvailable`);
    whereEquals(list, `${RECORD}.isNew`, query.IsNew);
    whereContainsIgnoringCase(list, `${RECORD}.url`, query.UrlContains);
    if (query.HasVisibleTheme !== undefined) {
      list.andWhere(
        `EXISTS (SELECT 1 FROM service_theme t WHERE t.id = ${RECORD}.service_theme_id AND t.is_visible = :hasVisibleTheme)`,
        { hasVisibleTheme: query.HasVisibleTheme },
      );
    }
    if (query.HasVisibleServiceRole !== undefined) {
      list.andWhere(
        `EXISTS (SELECT 1 FROM service_role r WHERE r.service_id = ${RECORD}.id AND r.is_visible = :hasVisibleServiceRole)`,
        { hasVisibleServiceRole: query.HasVisibleServiceRole },
      );
    }
  },
};

/**
 * Deletion takes the service's roles, clients, survey, favorites and procuration links with it;
 * it is refused while the service has settings or elevates an organization identification level.
 */
@Injectable()
export class ServicesService extends CrudService<ServiceEntity, ListServicesQueryDto> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, SERVICE_RESOURCE);
  }
}
