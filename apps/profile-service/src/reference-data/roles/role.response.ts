import { NamedResponse } from '../../common/named.response';
import { RECORD, type ResourceDefinition } from '../../common/crud/resource-definition';
import type { NameFilterQueryDto } from '../../common/named.dto';
import { whereEqualsIgnoringCase } from '../../common/query-filters';
import { RoleEntity } from './role.entity';

/** A role profiles hold; service roles grant services to its holders. */
export class RoleResponse extends NamedResponse {}

export const ROLE_RESOURCE = {
  entity: RoleEntity,
  noun: 'role',
  code: 'ROLE',
  idName: 'roleId',
  fields: { name: undefined, displayName: undefined, description: null },
  filter: (list, query) => whereEqualsIgnoringCase(list, `${RECORD}.name`, query.Name),
} satisfies ResourceDefinition<RoleEntity, NameFilterQueryDto>;
