import type { CrudDocs } from '../../common/crud/crud.openapi';

export const CLIENTS_DOCS: CrudDocs = {
  tag: 'Clients',
  plural: 'clients',
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
};
