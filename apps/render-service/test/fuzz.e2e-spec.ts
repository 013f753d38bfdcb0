import path from 'node:path';

import { describeOpenApiFuzz } from '@portal/testing';

import type { BrandingAnswer, BrandingSource } from '../src/branding/config-branding-source';
import { createRenderApp } from '../src/render-app';
import { RENDER_ENV_DEFAULTS, RenderEnvironment } from '../src/render-environment';

/**
 * config-service as the fuzz meets it: every name but those ending in `-unknown` is a UI template
 * with a data: URI header logo and a path as footer logo (which a template cannot place: 422).
 */
const brandingSource: BrandingSource = {
  read: (name): Promise<BrandingAnswer> =>
    Promise.resolve(
      name.endsWith('-unknown')
        ? { kind: 'unknown' }
        : {
            kind: 'branding',
            etag: '"fuzz"',
            branding: {
              name,
              displayName: 'uiTemplate.fuzz',
              svgCssFilter: null,
              colorPalette: { primaryColor: '#D52B1E', primaryColorText: '#FFFFFF' },
              headerLogo: {
                source:
                  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
              },
              footerLogo: { source: 'assets/footer.svg' },
              links: [],
              socialNetworks: [],
            },
          },
    ),
};

describeOpenApiFuzz({
  service: 'render-service',
  environment: RenderEnvironment,
  defaults: RENDER_ENV_DEFAULTS,
  // A deadline no render comes near on a loaded machine: the fuzz looks for 5xx, not slowness.
  env: { RENDER_WORKERS: '2', RENDER_TIMEOUT_MS: '60000' },
  // config-service is not running beside the fuzz: a 503 for a branding never read would be right,
  // but the fuzz is about what the request holds.
  createApp: (context) => createRenderApp({ ...context, seams: { brandingSource } }),
  openApiFile: path.join(__dirname, '..', 'openapi.json'),
  roles: ['RenderApi_Render', 'RenderApi_Templates'],
});
