import { CrudController } from '../../common/crud/crud.controller';
import { CreateOrgCategoryDto, ListOrgCategoriesQueryDto, UpdateOrgCategoryDto } from './org-category.dto';
import { OrgCategoryResponse, ORG_CATEGORY_RESOURCE } from './org-category.response';
import { OrgCategoriesService } from './org-categories.service';
import { ORG_CATEGORIES_DOCS } from './org-categories.openapi';

export class OrgCategoriesController extends CrudController({
  definition: ORG_CATEGORY_RESOURCE,
  service: OrgCategoriesService,
  entityKey: 'orgCategory',
  response: OrgCategoryResponse,
  listQuery: ListOrgCategoriesQueryDto,
  createBody: CreateOrgCategoryDto,
  updateBody: UpdateOrgCategoryDto,
  docs: ORG_CATEGORIES_DOCS,
}) {}
