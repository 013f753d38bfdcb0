import { NamedResponse } from '../../common/named.response';
import { RECORD, type ResourceDefinition } from '../../common/crud/resource-definition';
import type { NameFilterQueryDto } from '../../common/named.dto';
import { whereEqualsIgnoringCase } from '../../common/query-filters';
import { ClientEntity } from './client.entity';

/** An application that calls the portal (contract 6). */
export class ClientResponse extends NamedResponse {}

export const CLIENT_RESOURCE = {
  entity: ClientEntity,
  noun: 'client',
  code: 'CLIENT',
  idName: 'clientId',
  fields: { name: undefined, displayName: undefined, description: null },
  filter: (list, query) => whereEqualsIgnoringCase(list, `${RECORD}.name`, query.Name),
} satisfies ResourceDefinition<ClientEntity, NameFilterQueryDto>;
