import type { CrudDocs } from '../../common/crud/crud.openapi';

export const SERVICES_DOCS: CrudDocs = {
  tag: 'Services',
  plural: 'services',
  rules: {
    filters:
      '`Ids` (repeated or comma-separated); `ServiceThemeId`; `ExternalId` (exact); `Name` (case-insensitive equality); ' +
      '`IsShownInCatalog`; `IsForProcurationManagementView=true` keeps services with `isProcurationAvailable`; `IsNew`; ' +
      '`UrlContains` (case- and accent-insensitive substring); `HasVisibleTheme`; `HasVisibleServiceRole` (granted by a service role of that visibility).',
    write:
      '`name` is unique case-insensitively: a taken name is a 400 on `name`. `externalId`, when set, is unique (a 400 on `externalId`). The identification levels and the theme must exist (a 400 on the property).',
    deleteRefusedWhile:
      'the service has settings, elevates an organization identification level, is a favorite of a profile or is carried by a procuration',
    deleteNote: 'Its service roles, clients and survey go with it.',
  },
  examples: {
    id: 1,
    deleteId: { 'v10-0': 10, 'v9-1': 11 },
    create: {
      summary: 'Registering a dog with the municipality',
      value: {
        externalId: 'RES-003',
        name: 'dog-registration',
        displayName: 'service.dogRegistration',
        identificationLevelId: 2,
        orgIdentificationLevelId: 1,
        serviceThemeId: 2,
        iconPath: '/icons/dog-registration.svg',
        cssClass: 'tile-residence',
        url: 'https://services.demo.ch/residence/dog-registration',
        urlTarget: 'Self',
        trackerProjectId: 'RES',
        isProcurationAvailable: false,
        isInMaintenance: false,
        isShownInCatalog: true,
        isExternal: false,
        isAccessible: true,
        isResponsive: true,
        isNew: true,
        isNavigationShown: true,
        isSupportAvailable: true,
        isProfileManagerAvailable: false,
        subThemeKey: 'animals',
        daysUntilReminder: 30,
        createdBy: 'beat.keller',
      },
    },
    update: {
      summary: 'The tax return (demo service 1), in maintenance for the new tax year',
      value: {
        externalId: 'TAX-001',
        name: 'tax-return',
        displayName: 'service.taxReturn',
        identificationLevelId: 3,
        orgIdentificationLevelId: 2,
        serviceThemeId: 1,
        iconPath: '/icons/tax-return.svg',
        cssClass: null,
        url: 'https://services.demo.ch/taxes/return',
        urlTarget: 'Blank',
        trackerProjectId: 'TAX',
        isProcurationAvailable: true,
        isInMaintenance: true,
        isShownInCatalog: true,
        isExternal: false,
        isAccessible: true,
        isResponsive: true,
        isNew: false,
        isNavigationShown: true,
        isSupportAvailable: true,
        isProfileManagerAvailable: false,
        subThemeKey: null,
        daysUntilReminder: 14,
        updatedBy: 'beat.keller',
      },
    },
  },
};
