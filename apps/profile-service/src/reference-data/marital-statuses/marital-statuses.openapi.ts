import type { CrudDocs } from '../../common/crud/crud.openapi';

export const MARITAL_STATUSES_DOCS: CrudDocs = {
  tag: 'Marital statuses',
  plural: 'marital statuses',
  rules: {
    filters: '`IsEnabled`: statuses usable (true) or not usable (false) by citizens.',
    write: '`name` is unique case-insensitively: a taken name is a 400 on `name`.',
    deleteRefusedWhile: 'a person has the status',
  },
  examples: {
    id: 2,
    deleteId: { 'v10-0': 9, 'v9-1': 10 },
    create: {
      summary: 'A partnership dissolved by death',
      value: {
        name: 'PartnershipDissolvedByDeath',
        displayName: 'maritalStatus.partnershipDissolvedByDeath',
        isEnabled: true,
        sortOrder: 9,
        createdBy: 'chloe.dubois',
      },
    },
    update: {
      summary: 'Married (demo status 2), shown first',
      value: {
        name: 'Married',
        displayName: 'maritalStatus.married',
        isEnabled: true,
        sortOrder: 1,
        updatedBy: 'chloe.dubois',
      },
    },
  },
};
