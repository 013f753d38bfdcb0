import { CrudController } from '../../common/crud/crud.controller';
import { NameFilterQueryDto } from '../../common/named.dto';
import { CreateRoleDto, RoleResponse, UpdateRoleDto } from './role.dto';
import { ROLE_RESOURCE, RolesService } from './roles.service';

export class RolesController extends CrudController({
  definition: ROLE_RESOURCE,
  service: RolesService,
  entityKey: 'role',
  tag: 'Roles',
  plural: 'roles',
  response: RoleResponse,
  listQuery: NameFilterQueryDto,
  createBody: CreateRoleDto,
  updateBody: UpdateRoleDto,
}) {}
