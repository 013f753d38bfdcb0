import type { CrudDocs } from '../../common/crud/crud.openapi';

export const SERVICE_THEMES_DOCS: CrudDocs = {
  tag: 'Service themes',
  plural: 'service themes',
  rules: {
    filters: '`IsVisible`: visible (true) or hidden (false) themes.',
    write: '`name` is unique case-insensitively: a taken name is a 400 on `name`.',
    deleteRefusedWhile: 'a service belongs to the theme',
  },
  examples: {
    id: 1,
    deleteId: { 'v10-0': 6, 'v9-1': 7 },
    create: {
      summary: 'Health and social affairs',
      value: {
        name: 'Health',
        displayName: 'serviceTheme.health',
        description: 'Gesundheit und Soziales / Santé et social',
        isVisible: true,
        sortOrder: 5,
        createdBy: 'chloe.dubois',
      },
    },
    update: {
      summary: 'Taxes (demo theme 1), with a description',
      value: {
        name: 'Taxes',
        displayName: 'serviceTheme.taxes',
        description: 'Steuern / Impôts / Imposte',
        isVisible: true,
        sortOrder: 1,
        updatedBy: 'chloe.dubois',
      },
    },
  },
};
