import { CrudController } from '../../common/crud/crud.controller';
import {
  CreateOrgCategoryDto,
  ListOrgCategoriesQueryDto,
  OrgCategoryResponse,
  UpdateOrgCategoryDto,
} from './org-category.dto';
import { ORG_CATEGORY_RESOURCE, OrgCategoriesService } from './org-categories.service';

export class OrgCategoriesController extends CrudController({
  definition: ORG_CATEGORY_RESOURCE,
  service: OrgCategoriesService,
  entityKey: 'orgCategory',
  tag: 'Organization categories',
  plural: 'organization categories',
  response: OrgCategoryResponse,
  listQuery: ListOrgCategoriesQueryDto,
  createBody: CreateOrgCategoryDto,
  updateBody: UpdateOrgCategoryDto,
}) {}
