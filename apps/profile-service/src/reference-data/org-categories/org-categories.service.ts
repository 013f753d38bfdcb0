import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { CrudService } from '../../common/crud/crud.service';
import { RECORD, type ResourceDefinition } from '../../common/crud/resource-definition';
import { whereEquals, whereEqualsIgnoringCase } from '../../common/query-filters';
import type { ListOrgCategoriesQueryDto } from './org-category.dto';
import { OrgCategoryEntity } from './org-category.entity';

export const ORG_CATEGORY_RESOURCE = {
  entity: OrgCategoryEntity,
  noun: 'organization category',
  code: 'ORG_CATEGORY',
  idName: 'orgCategoryId',
  fields: {
    name: undefined,
    displayName: undefined,
    code: null,
    description: null,
    isVisible: true,
    isOrgDeletableByOwner: true,
    profilePictureUrl: null,
    smallProfilePictureUrl: null,
    daysUntilFirstDeletionReminder: null,
    daysUntilSecondDeletionReminder: null,
    daysUntilDeletion: null,
  },
  filter: (list, query) => {
    whereEqualsIgnoringCase(list, `${RECORD}.code`, query.Code);
    whereEquals(list, `${RECORD}.isVisible`, query.IsVisible);
  },
} satisfies ResourceDefinition<OrgCategoryEntity, ListOrgCategoriesQueryDto>;

/** Deletion is refused while an organization uses the category (interfaces 2.2); its role links go with it. */
@Injectable()
export class OrgCategoriesService extends CrudService<OrgCategoryEntity, ListOrgCategoriesQueryDto> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, ORG_CATEGORY_RESOURCE);
  }
}
