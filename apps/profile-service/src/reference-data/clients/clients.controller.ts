import { CrudController } from '../../common/crud/crud.controller';
import { NameFilterQueryDto } from '../../common/named.dto';
import { CreateClientDto, UpdateClientDto } from './client.dto';
import { ClientResponse, CLIENT_RESOURCE } from './client.response';
import { ClientsService } from './clients.service';

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
  rules: {
    filters: '`Name`: the client of this name (case-insensitive equality).',
    write: '`name` is unique case-insensitively: a taken name is a 400 on `name`.',
    deleteRefusedWhile: 'a service is offered by the client',
  },
  examples: {
    id: 1,
    deleteId: { 'v10-0': 3, 'v9-1': 4 },
    create: {
      summary: 'A self-service terminal at a residents’ office',
      value: {
        name: 'guichet-borne',
        displayName: 'client.guichetBorne',
        description: 'Borne en libre-service au guichet du contrôle des habitants',
        createdBy: 'chloe.dubois',
      },
    },
    update: {
      summary: 'The portal in the browser (demo client 1), described anew',
      value: {
        name: 'portal-web',
        displayName: 'client.portalWeb',
        description: 'Das Bürgerportal im Browser',
        updatedBy: 'anna.meier',
      },
    },
  },
}) {}
