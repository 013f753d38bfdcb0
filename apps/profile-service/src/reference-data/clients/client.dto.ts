import { CreatedBy, UpdatedBy } from '@portal/http-context';

import { NamedFieldsDto, NamedResponse } from '../../common/named.dto';

export class CreateClientDto extends NamedFieldsDto {
  @CreatedBy() readonly createdBy: string;
}

export class UpdateClientDto extends NamedFieldsDto {
  @UpdatedBy() readonly updatedBy: string;
}

/** An application that calls the portal (contract 6). */
export class ClientResponse extends NamedResponse {}
