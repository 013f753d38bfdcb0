import { NamedFieldsDto } from '../../common/named.dto';
import { writeBodies } from '../../common/write-bodies';

export const [CreateRoleDto, UpdateRoleDto] = writeBodies(NamedFieldsDto, 'Role');
