import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { CrudService } from '../../common/crud/crud.service';
import type { ListOrgCategoriesQueryDto } from './org-category.dto';
import { OrgCategoryEntity } from './org-category.entity';
import { ORG_CATEGORY_RESOURCE } from './org-category.response';

/** Deletion is refused while an organization uses the category (interfaces 2.2); its role links go with it. */
@Injectable()
export class OrgCategoriesService extends CrudService<OrgCategoryEntity, ListOrgCategoriesQueryDto> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, ORG_CATEGORY_RESOURCE);
  }
}
