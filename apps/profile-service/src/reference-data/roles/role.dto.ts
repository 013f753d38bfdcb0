import { NamedFieldsDto, NamedResponse } from '../../common/named.dto';
import { writeBodies } from '../../common/write-bodies';

export const [CreateRoleDto, UpdateRoleDto] = writeBodies(NamedFieldsDto, 'Role');

/** A role profiles hold; service roles grant services to its holders. */
export class RoleResponse extends NamedResponse {}
