import type { UiTemplateFieldsDto } from '../dto/ui-template-write.dto';
import type { ColorPalette } from '../ui-template.entity';

/** A demo template as a create body without `createdBy` (the seeder records `demo-data`). */
export type DemoUiTemplate = Omit<UiTemplateFieldsDto, 'senderIdentifiers'> & {
  readonly name: string;
  readonly senderIdentifiers: string[];
};

/** The coat of arms of the fictitious canton the demo data of every service describes (`demo.ch`). */
const coatOfArms = (wordmarkColour: string): string =>
  '<svg xmlns="http://www.w3.org/2000/svg" width="220" height="48" viewBox="0 0 220 48">' +
  '<path d="M4 4h34v22c0 10-8 16-17 20C12 42 4 36 4 26z" fill="#D52B1E"/>' +
  '<path d="M18 12h6v7h7v6h-7v7h-6v-7h-7v-6h7z" fill="#FFFFFF"/>' +
  `<text x="50" y="31" font-family="Arial, Helvetica, sans-serif" font-size="19" font-weight="700" fill="${wordmarkColour}">Kanton Demo</text>` +
  '</svg>';

const svgDataUri = (svg: string): string =>
  `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;

/** The demo canton's palette: every pair it implies meets WCAG 2.2 AA (contract 9). */
export const DEMO_COLOR_PALETTE: ColorPalette = {
  primaryColor: '#D52B1E',
  primaryColorText: '#FFFFFF',
  primaryColorPill: '#A51E14',
  secondaryColor: '#1F2937',
  secondaryColorLightOne: '#E5E7EB',
  secondaryColorLightTwo: '#F3F4F6',
  tertiaryColor: '#005A9C',
};

/**
 * What `npm start` puts in an empty config database (SEED_DEMO_DATA): the branding of the demo
 * canton's portal. The header logo is a data URI, so any frontend shows it without assets; the
 * footer logo is a path the frontend serves itself. Display names are translation terms.
 */
export const DEMO_UI_TEMPLATES: readonly DemoUiTemplate[] = [
  {
    name: 'canton-demo',
    displayName: 'uiTemplate.cantonDemo',
    description: 'Branding of the demo canton portal (loaded by SEED_DEMO_DATA)',
    svgCssFilter: 'brightness(0) invert(1)',
    colorPalette: DEMO_COLOR_PALETTE,
    headerLogo: { source: svgDataUri(coatOfArms('#1F2937')), heightDesktop: 48, heightMobile: 36 },
    footerLogo: { source: 'assets/logos/canton-demo-footer.svg', heightDesktop: 40, heightMobile: 32 },
    links: [
      {
        name: 'legal-notice',
        displayName: 'footer.legalNotice',
        description: 'Impressum',
        redirectUrl: 'https://www.demo.ch/impressum',
        isNewTab: false,
      },
      {
        name: 'privacy',
        displayName: 'footer.privacy',
        description: 'Datenschutzerklärung des Portals',
        redirectUrl: 'https://www.demo.ch/datenschutz',
        isNewTab: false,
      },
      {
        name: 'accessibility',
        displayName: 'footer.accessibility',
        description: null,
        redirectUrl: '/accessibility',
        isNewTab: false,
      },
      {
        name: 'contact',
        displayName: 'footer.contact',
        description: 'Portal help desk',
        redirectUrl: 'mailto:portal@demo.ch',
        isNewTab: false,
      },
      {
        name: 'hotline',
        displayName: 'footer.hotline',
        description: 'Mon-Fri 08:00-17:00',
        redirectUrl: 'tel:+41 58 123 45 67',
        isNewTab: false,
      },
    ],
    socialNetworks: [
      {
        name: 'linkedin',
        displayName: 'social.linkedin',
        description: null,
        redirectUrl: 'https://www.linkedin.com/company/kanton-demo',
        icon: 'linkedin',
      },
      {
        name: 'instagram',
        displayName: 'social.instagram',
        description: null,
        redirectUrl: 'https://www.instagram.com/kanton.demo',
        icon: 'instagram',
      },
      {
        name: 'youtube',
        displayName: 'social.youtube',
        description: null,
        redirectUrl: 'https://www.youtube.com/@kantondemo',
        icon: 'youtube',
      },
    ],
    senderIdentifiers: ['portal.demo.ch', 'steuerverwaltung.demo.ch', 'strassenverkehrsamt.demo.ch'],
  },
];
