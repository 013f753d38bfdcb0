import type { CrudDocs } from '../common/crud/crud.openapi';

export const SERVICE_SETTINGS_DOCS: CrudDocs = {
  tag: 'Service settings',
  plural: 'service settings',
  rules: {
    filters:
      '`ServiceId`: the settings of this service; `Name`: the settings of this name (case-insensitive equality).',
    write:
      '`name` is unique within its service (case-insensitively): a taken name is a 400 on `name`. `serviceId` must name an existing service (a 400 otherwise).',
    deleteRefusedWhile: 'a profile stores a value for the setting',
  },
  examples: {
    id: 1,
    deleteId: { 'v10-0': 2, 'v9-1': 3 },
    create: {
      summary: 'A payment reminder by SMS for the tax payment (demo service 2)',
      value: {
        name: 'sms-reminder',
        displayName: 'setting.smsReminder',
        description: 'Erinnerung per SMS vor der Zahlungsfrist',
        serviceId: 2,
        isSecure: false,
        createdBy: 'beat.keller',
      },
    },
    update: {
      summary: 'Paperless tax documents (demo setting 1), described anew',
      value: {
        name: 'paperless',
        displayName: 'setting.paperless',
        description:
          'Steuerunterlagen nur elektronisch / documents fiscaux uniquement sous forme électronique',
        serviceId: 1,
        isSecure: false,
        updatedBy: 'beat.keller',
      },
    },
  },
};
