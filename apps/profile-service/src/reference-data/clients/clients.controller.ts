import { CrudController } from '../../common/crud/crud.controller';
import { NameFilterQueryDto } from '../../common/named.dto';
import { CreateClientDto, UpdateClientDto } from './client.dto';
import { ClientResponse, CLIENT_RESOURCE } from './client.response';
import { ClientsService } from './clients.service';
import { CLIENTS_DOCS } from './clients.openapi';

export class ClientsController extends CrudController({
  definition: CLIENT_RESOURCE,
  service: ClientsService,
  entityKey: 'client',
  response: ClientResponse,
  listQuery: NameFilterQueryDto,
  createBody: CreateClientDto,
  updateBody: UpdateClientDto,
  docs: CLIENTS_DOCS,
}) {}
