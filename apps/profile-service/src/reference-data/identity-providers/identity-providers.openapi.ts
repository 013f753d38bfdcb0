import type { CrudDocs } from '../../common/crud/crud.openapi';

export const IDENTITY_PROVIDERS_DOCS: CrudDocs = {
  tag: 'Identity providers',
  plural: 'identity providers',
  rules: {
    filters: '`IsEnabled`: enabled (true) or disabled (false) providers.',
    write:
      '`name` is unique case-insensitively (1..200 characters): a taken name is a 400 on `name`. At most one provider is the default: a second one is a 400 on `isDefault`.',
    deleteRefusedWhile: 'an identity uses the provider',
  },
  examples: {
    id: 2,
    deleteId: { 'v10-0': 4, 'v9-1': 5 },
    create: {
      summary: 'The Swiss e-ID, not yet enabled',
      value: {
        name: 'SwissEId',
        displayName: 'identityProvider.swissEId',
        typeName: 'Portal.Identity.Providers.SwissEId',
        isDefault: false,
        isEnabled: false,
        data: '{"issuer":"https://eid.admin.ch","scopes":["openid","profile"]}',
        createdBy: 'anna.meier',
      },
    },
    update: {
      summary: 'SwissID (demo provider 2), with a new authority',
      value: {
        name: 'SwissID',
        displayName: 'identityProvider.swissId',
        typeName: 'Portal.Identity.Providers.SwissId',
        isDefault: false,
        isEnabled: true,
        data: '{"authority":"https://login.swissid.ch","acrValues":"qoa2"}',
        updatedBy: 'anna.meier',
      },
    },
  },
};
