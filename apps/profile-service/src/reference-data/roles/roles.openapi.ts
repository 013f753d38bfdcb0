import type { CrudDocs } from '../../common/crud/crud.openapi';

export const ROLES_DOCS: CrudDocs = {
  tag: 'Roles',
  plural: 'roles',
  rules: {
    filters: '`Name`: the role of this name (case-insensitive equality).',
    write: '`name` is unique case-insensitively: a taken name is a 400 on `name`.',
    update:
      'The citizen role (`CITIZEN_ROLE_NAME`, default `Citizen`) may be relabelled but not renamed (a 400 on `name`).',
    deleteRefusedWhile:
      'a profile holds the role, or an organization category or a service role refers to it',
    deleteNote: 'The citizen role is never deleted (a 400 on `roleId`).',
  },
  examples: {
    id: 2,
    deleteId: { 'v10-0': 5, 'v9-1': 6 },
    create: {
      summary: 'The role of fiduciaries and tax advisers',
      value: {
        name: 'TaxAdviser',
        displayName: 'role.taxAdviser',
        description: 'Treuhänder und Steuerberaterinnen, die für Kundinnen und Kunden handeln',
        createdBy: 'anna.meier',
      },
    },
    update: {
      summary: 'The role Business (demo role 2), described anew',
      value: {
        name: 'Business',
        displayName: 'role.business',
        description: 'Held by companies and sole proprietors',
        updatedBy: 'anna.meier',
      },
    },
  },
};
