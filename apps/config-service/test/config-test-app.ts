import { startTestApp, TestClient, testToken } from '@portal/testing';

import { createConfigApp } from '../src/config-app';
import { CONFIG_ENV_DEFAULTS, ConfigEnvironment } from '../src/config-environment';

/** config-service on a database of the suite's own, with clients for each kind of caller. */
export async function startConfigService(
  label: string,
  env: Record<string, string> = {},
  connectVia?: (databaseUrl: string) => string,
) {
  const running = await startTestApp({
    label,
    // Tests build their own scenes; the demo UI template has its own test.
    env: { SEED_DEMO_DATA: 'never', ...env },
    connectVia,
    environment: ConfigEnvironment,
    defaults: CONFIG_ENV_DEFAULTS,
    createApp: createConfigApp,
  });
  const client = new TestClient(running.baseUrl);
  return {
    ...running,
    anonymous: client,
    reader: client.withToken(await testToken(['ConfigApi_Read'])),
    writer: client.withToken(await testToken(['ConfigApi_Write'])),
    stranger: client.withToken(await testToken(['ProfileApi_Max'])),
  };
}

let sequence = 0;

/** A valid create body; every field can be overridden. */
export function uiTemplateBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  return {
    name: `template-${sequence}`,
    displayName: `Template ${sequence}`,
    description: 'Canton branding',
    svgCssFilter: 'invert(32%) sepia(93%)',
    colorPalette: {
      primaryColor: '#D52B1E',
      primaryColorText: '#FFFFFF',
      primaryColorPill: '#F5C6C2',
      secondaryColor: '#1F2937',
      secondaryColorLightOne: '#4B5563',
      secondaryColorLightTwo: '#9CA3AF',
      tertiaryColor: '#0055A4',
    },
    headerLogo: { source: 'https://cdn.example.ch/logo.svg', heightDesktop: 48, heightMobile: 32 },
    footerLogo: { source: '/assets/footer-logo.svg', heightDesktop: 40, heightMobile: 28 },
    links: [
      {
        name: 'privacy',
        displayName: 'footer.privacy',
        description: null,
        redirectUrl: 'https://www.example.ch/privacy',
        isNewTab: true,
      },
    ],
    socialNetworks: [
      {
        name: 'linkedin',
        displayName: 'LinkedIn',
        redirectUrl: 'https://www.linkedin.com/company/example',
        icon: 'linkedin',
      },
    ],
    senderIdentifiers: [`sender-${sequence}-a`, `sender-${sequence}-b`],
    createdBy: 'alice',
    ...overrides,
  };
}
