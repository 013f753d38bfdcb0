import { CrudController } from '../../common/crud/crud.controller';
import { NameFilterQueryDto } from '../../common/named.dto';
import { ClientResponse, CreateClientDto, UpdateClientDto } from './client.dto';
import { CLIENT_RESOURCE, ClientsService } from './clients.service';

export class ClientsController extends CrudController({
  definition: CLIENT_RESOURCE,
  service: ClientsService,
  entityKey: 'client',
  tag: 'Clients',
  plural: 'clients',
  response: ClientResponse,
  listQuery: NameFilterQueryDto,
  createBody: CreateClientDto,
  updateBody: UpdateClientDto,
}) {}
