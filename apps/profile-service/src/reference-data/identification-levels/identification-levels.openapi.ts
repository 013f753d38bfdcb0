import type { CrudDocs } from '../../common/crud/crud.openapi';

export const IDENTIFICATION_LEVELS_DOCS: CrudDocs = {
  tag: 'Identification levels',
  plural: 'identification levels',
  rules: {
    filters:
      '`IsForServicesCatalog`: the levels that a service requires whose `isShownInCatalog` equals the value and whose theme is visible.',
    write:
      '`name` is unique case-insensitively: a taken name is a 400 on `name`. `levelOfTrust` is 0 or more (default 0).',
    deleteRefusedWhile: 'a service or an identity uses the level',
  },
  examples: {
    id: 2,
    deleteId: { 'v10-0': 5, 'v9-1': 6 },
    create: {
      summary: 'Identified through a Swiss bank',
      value: {
        name: 'BankIdentified',
        displayName: 'identificationLevel.bankIdentified',
        description: 'Identität durch eine Schweizer Bank bestätigt',
        levelOfTrust: 25,
        createdBy: 'anna.meier',
      },
    },
    update: {
      summary: 'The level Basic (demo level 2), with a higher level of trust',
      value: {
        name: 'Basic',
        displayName: 'identificationLevel.basic',
        description: 'E-mail address and mobile number (+41) verified',
        levelOfTrust: 15,
        updatedBy: 'anna.meier',
      },
    },
  },
};
