import type { CrudDocs } from '../../common/crud/crud.openapi';

export const ORG_CATEGORIES_DOCS: CrudDocs = {
  tag: 'Organization categories',
  plural: 'organization categories',
  rules: {
    filters:
      '`Code`: the category of this code (case-insensitive equality); `IsVisible`: categories shown (true) or not (false) in the registration form.',
    write:
      '`name` is unique case-insensitively: a taken name is a 400 on `name`. `code`, when set, is unique case-insensitively too (a 400 on `code`). Deletion reminders are 0 or more days, `daysUntilDeletion` more than 0.',
    deleteRefusedWhile: 'an organization belongs to the category',
    deleteNote: 'Its role links go with it.',
  },
  examples: {
    id: 1,
    deleteId: { 'v10-0': 6, 'v9-1': 7 },
    create: {
      summary: 'Churches and parishes',
      value: {
        name: 'Church',
        displayName: 'orgCategory.church',
        code: 'CHURCH',
        description: 'Landeskirchen und Kirchgemeinden / Églises et paroisses',
        isVisible: true,
        isOrgDeletableByOwner: false,
        profilePictureUrl: '/images/categories/church.png',
        smallProfilePictureUrl: '/images/categories/church-small.png',
        daysUntilFirstDeletionReminder: null,
        daysUntilSecondDeletionReminder: null,
        daysUntilDeletion: null,
        createdBy: 'luca.bernasconi',
      },
    },
    update: {
      summary: 'Companies (demo category 1), with longer deletion delays',
      value: {
        name: 'Company',
        displayName: 'orgCategory.company',
        code: 'COMPANY',
        description: 'Companies registered in the commercial register',
        isVisible: true,
        isOrgDeletableByOwner: true,
        profilePictureUrl: '/images/categories/company.png',
        smallProfilePictureUrl: '/images/categories/company-small.png',
        daysUntilFirstDeletionReminder: 60,
        daysUntilSecondDeletionReminder: 90,
        daysUntilDeletion: 120,
        updatedBy: 'luca.bernasconi',
      },
    },
  },
};
