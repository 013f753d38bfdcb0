import type { BodyExample } from '@portal/http-context';
import type { VersionExampleValues } from '@portal/service-runtime';

import type { DemoUiTemplate } from './demo/demo-ui-templates';

/** The template the create example makes. */
export const EXAMPLE_UI_TEMPLATE_NAME = 'kanton-zuerich';
/** The template the update example updates: kept for it in the demo data, named by no other example. */
export const EXAMPLE_UPDATED_UI_TEMPLATE_NAME = 'kanton-zuerich-test';
/** The template the delete example deletes: kept for it in the demo data, named by no other example. */
export const EXAMPLE_DELETED_UI_TEMPLATE_NAME = 'kanton-zuerich-alt';

/** The sender identifiers of the updated template (each identifies one template only). */
const UPDATED_SENDER_IDENTIFIERS = ['KantonZHTest', 'test.portal@zh.ch'];

const COLOR_PALETTE = {
  primaryColor: '#0070B4',
  primaryColorText: '#FFFFFF',
  primaryColorPill: '#005A94',
  secondaryColor: '#1A1A1A',
  secondaryColorLightOne: '#5C5C5C',
  secondaryColorLightTwo: '#EDEDED',
  tertiaryColor: '#D93C1A',
};

const FIELDS = {
  displayName: 'uiTemplate.kantonZuerich',
  description: 'Erscheinungsbild des Kantons Zürich im Bürgerportal',
  svgCssFilter: 'invert(27%) sepia(93%) saturate(1352%) hue-rotate(183deg) brightness(92%) contrast(101%)',
  colorPalette: COLOR_PALETTE,
  headerLogo: {
    source: 'https://www.zh.ch/assets/branding/logo-kanton-zuerich.svg',
    heightDesktop: 56,
    heightMobile: 40,
  },
  footerLogo: {
    source: '/assets/branding/kanton-zuerich/logo-footer.svg',
    heightDesktop: 40,
    heightMobile: 32,
  },
  links: [
    {
      name: 'impressum',
      displayName: 'footer.impressum',
      description: 'Impressum des Kantons Zürich',
      redirectUrl: 'https://www.zh.ch/de/impressum.html',
      isNewTab: true,
    },
    {
      name: 'datenschutz',
      displayName: 'footer.datenschutz',
      description: null,
      redirectUrl: 'https://www.zh.ch/de/datenschutz.html',
      isNewTab: true,
    },
    {
      name: 'kontakt',
      displayName: 'footer.kontakt',
      description: 'Telefonischer Support, Mo–Fr 8–17 Uhr',
      redirectUrl: 'tel:+41 43 259 11 11',
      isNewTab: false,
    },
  ],
  socialNetworks: [
    {
      name: 'linkedin',
      displayName: 'social.linkedin',
      description: null,
      redirectUrl: 'https://www.linkedin.com/company/kanton-zuerich',
      icon: '/assets/icons/linkedin.svg',
    },
  ],
  senderIdentifiers: ['KantonZH', 'portal@zh.ch'],
};

export const CREATE_UI_TEMPLATE_EXAMPLES: Record<string, BodyExample> = {
  canton: {
    summary: 'The branding of a canton',
    value: { name: EXAMPLE_UI_TEMPLATE_NAME, ...FIELDS, createdBy: 'anna.meier' },
  },
};

export const UPDATE_UI_TEMPLATE_EXAMPLES: Record<string, BodyExample> = {
  canton: {
    summary: 'A new palette and a French footer link; the sender identifiers stay',
    value: {
      ...FIELDS,
      colorPalette: { ...COLOR_PALETTE, primaryColor: '#005A94', tertiaryColor: '#B8321A' },
      links: [
        ...FIELDS.links,
        {
          name: 'protection-des-donnees',
          displayName: 'footer.protectionDesDonnees',
          description: 'Version française',
          redirectUrl: 'https://www.zh.ch/fr/protection-des-donnees.html',
          isNewTab: true,
        },
      ],
      senderIdentifiers: UPDATED_SENDER_IDENTIFIERS,
      updatedBy: 'luca.bernasconi',
    },
  },
};

/**
 * The examples' values under v9-1 (applyVersionExamples): both versions share the database, so
 * the v9-1 examples create, update and delete templates of their own.
 */
export const CONFIG_VERSION_EXAMPLES: VersionExampleValues = {
  'v9-1': {
    [EXAMPLE_UI_TEMPLATE_NAME]: 'kanton-bern',
    KantonZH: 'KantonBE',
    'portal@zh.ch': 'portal@be.ch',
    [EXAMPLE_UPDATED_UI_TEMPLATE_NAME]: 'kanton-bern-test',
    KantonZHTest: 'KantonBETest',
    'test.portal@zh.ch': 'test.portal@be.ch',
    [EXAMPLE_DELETED_UI_TEMPLATE_NAME]: 'kanton-bern-alt',
  },
};

const inV9 = (value: string): string => CONFIG_VERSION_EXAMPLES['v9-1'][value] ?? value;

/**
 * The templates the update and delete examples of each version address, loaded with the demo data
 * (SEED_DEMO_DATA) so that every example runs on a fresh start in any order.
 */
export const EXAMPLE_KEPT_UI_TEMPLATES: readonly DemoUiTemplate[] = [
  { ...FIELDS, name: EXAMPLE_UPDATED_UI_TEMPLATE_NAME, senderIdentifiers: UPDATED_SENDER_IDENTIFIERS },
  { ...FIELDS, name: EXAMPLE_DELETED_UI_TEMPLATE_NAME, senderIdentifiers: [] },
  {
    ...FIELDS,
    name: inV9(EXAMPLE_UPDATED_UI_TEMPLATE_NAME),
    senderIdentifiers: UPDATED_SENDER_IDENTIFIERS.map(inV9),
  },
  { ...FIELDS, name: inV9(EXAMPLE_DELETED_UI_TEMPLATE_NAME), senderIdentifiers: [] },
];
