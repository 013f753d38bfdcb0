import type { CrudDocs } from '../../common/crud/crud.openapi';

export const ORG_IDENTIFICATION_LEVELS_DOCS: CrudDocs = {
  tag: 'Organization identification levels',
  plural: 'organization identification levels',
  rules: {
    filters:
      '`IsForServicesCatalog`: the levels that a service requires whose `isShownInCatalog` equals the value and whose theme is visible.',
    write:
      '`name` is unique case-insensitively: a taken name is a 400 on `name`. `levelOfTrust` is 0 or more (default 0); `elevationServiceId`, when set, names an existing service (400 otherwise).',
    deleteRefusedWhile: 'a service or an organization uses the level',
  },
  examples: {
    id: 2,
    deleteId: { 'v10-0': 4, 'v9-1': 5 },
    create: {
      summary: 'Verified against the commercial register, raised by a service',
      value: {
        name: 'CommercialRegisterVerified',
        displayName: 'orgIdentificationLevel.commercialRegisterVerified',
        description: 'Eintrag im Handelsregister des Kantons geprüft',
        levelOfTrust: 25,
        elevationServiceId: 9,
        createdBy: 'luca.bernasconi',
      },
    },
    update: {
      summary: 'The level UidRegistered (demo level 2), described anew',
      value: {
        name: 'UidRegistered',
        displayName: 'orgIdentificationLevel.uidRegistered',
        description: 'Im UID-Register des Bundesamts für Statistik gefunden (CHE-123.456.789)',
        levelOfTrust: 20,
        elevationServiceId: null,
        updatedBy: 'luca.bernasconi',
      },
    },
  },
};
