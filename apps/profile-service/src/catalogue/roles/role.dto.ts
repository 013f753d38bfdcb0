import { CreatedBy, UpdatedBy } from '@portal/http-context';

import { NamedFieldsDto, NamedResponse } from '../../common/named.dto';

export class CreateRoleDto extends NamedFieldsDto {
  @CreatedBy() readonly createdBy: string;
}

export class UpdateRoleDto extends NamedFieldsDto {
  @UpdatedBy() readonly updatedBy: string;
}

/** A role profiles hold; service roles grant services to its holders. */
export class RoleResponse extends NamedResponse {}
