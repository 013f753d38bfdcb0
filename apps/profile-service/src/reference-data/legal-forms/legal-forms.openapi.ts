import type { CrudDocs } from '../../common/crud/crud.openapi';

export const LEGAL_FORMS_DOCS: CrudDocs = {
  tag: 'Legal forms',
  plural: 'legal forms',
  rules: {
    filters: '`Code`: the legal form of this code (case-insensitive equality).',
    write:
      '`name` is unique case-insensitively: a taken name is a 400 on `name`. `code`, when set, is unique case-insensitively too (a 400 on `code`).',
    deleteRefusedWhile: 'an organization has the legal form',
  },
  examples: {
    id: 1,
    deleteId: { 'v10-0': 11, 'v9-1': 12 },
    create: {
      summary: 'A Swiss branch of a foreign company (BFS code 0111)',
      value: {
        name: 'ForeignBranch',
        displayName: 'legalForm.foreignBranch',
        code: '0111',
        description: 'Zweigniederlassung einer ausländischen Gesellschaft / succursale étrangère',
        isOrgDeletableByOwner: false,
        createdBy: 'luca.bernasconi',
      },
    },
    update: {
      summary: 'The sole proprietorship (demo legal form 1), with its Italian name',
      value: {
        name: 'SoleProprietorship',
        displayName: 'legalForm.soleProprietorship',
        code: '0101',
        description: 'Einzelunternehmen / entreprise individuelle / impresa individuale',
        isOrgDeletableByOwner: true,
        updatedBy: 'luca.bernasconi',
      },
    },
  },
};
