import { CrudController } from '../../common/crud/crud.controller';
import { NameFilterQueryDto } from '../../common/named.dto';
import { CreateRoleDto, UpdateRoleDto } from './role.dto';
import { RoleResponse, ROLE_RESOURCE } from './role.response';
import { RolesService } from './roles.service';
import { ROLES_DOCS } from './roles.openapi';

export class RolesController extends CrudController({
  definition: ROLE_RESOURCE,
  service: RolesService,
  entityKey: 'role',
  response: RoleResponse,
  listQuery: NameFilterQueryDto,
  createBody: CreateRoleDto,
  updateBody: UpdateRoleDto,
  docs: ROLES_DOCS,
}) {}
