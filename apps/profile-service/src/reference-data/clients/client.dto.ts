import { NamedFieldsDto } from '../../common/named.dto';
import { writeBodies } from '../../common/write-bodies';

export const [CreateClientDto, UpdateClientDto] = writeBodies(NamedFieldsDto, 'Client');
