import { NamedFieldsDto, NamedResponse } from '../../common/named.dto';
import { writeBodies } from '../../common/write-bodies';

export const [CreateClientDto, UpdateClientDto] = writeBodies(NamedFieldsDto, 'Client');

/** An application that calls the portal (contract 6). */
export class ClientResponse extends NamedResponse {}
