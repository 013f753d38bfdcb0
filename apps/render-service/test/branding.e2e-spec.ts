import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { startTestApp, TestClient, testToken } from '@portal/testing';

import { startConfigService, uiTemplateBody } from '../../config-service/test/config-test-app';
import { createRenderApp } from '../src/render-app';
import type { RenderTestSeams } from '../src/render-core.module';
import { RENDER_ENV_DEFAULTS, RenderEnvironment } from '../src/render-environment';
import { DEMO_BRANDED_LETTER, DEMO_BRANDING, DEMO_TEMPLATES } from '../src/templates/demo-templates';
import { closePdfExtractor, extractPdf } from './pdf-text';
import { LOGO_HOSTS, type LogoServer, PNG_BYTES, PNG_DATA_URI, startLogoServer } from './logo-server';
import { render, type RenderBody } from './render-test-app';

const UI_TEMPLATES = '/demo/v10-0/ui-templates';

interface ConfigRequest {
  readonly url: string;
  readonly ifNoneMatch?: string;
  status?: number;
}

/**
 * A pass-through in front of config-service that records what render-service asks and what it is
 * answered; once config-service is stopped, connections to it fail and so do the proxy's.
 */
async function startRecordingProxy(target: () => string): Promise<{
  url: string;
  requests: ConfigRequest[];
  close(): Promise<void>;
}> {
  const requests: ConfigRequest[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const ifNoneMatch = incoming.headers['if-none-match'];
    const record: ConfigRequest = { url: incoming.url ?? '', ...(ifNoneMatch ? { ifNoneMatch } : {}) };
    requests.push(record);
    const upstream = httpRequest(
      `${target()}${incoming.url ?? ''}`,
      { method: incoming.method, headers: { ...incoming.headers, host: new URL(target()).host } },
      (answer) => {
        record.status = answer.statusCode;
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    // config-service down: the connection fails, as it would without the proxy.
    upstream.once('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** render-service reading config-service's brandings at `configUrl`, its branding clock the test's. */
async function startBrandedRenderService(label: string, configUrl: string, seams: RenderTestSeams, env = {}) {
  const running = await startTestApp({
    label,
    environment: RenderEnvironment,
    defaults: RENDER_ENV_DEFAULTS,
    env: {
      RENDER_WORKERS: '1',
      RENDER_TIMEOUT_MS: '60000',
      RENDER_DEMO_TEMPLATES: 'true',
      CONFIG_SERVICE_URL: configUrl,
      ...env,
    },
    createApp: (context) => createRenderApp({ ...context, seams }),
  });
  return {
    ...running,
    renderer: new TestClient(running.baseUrl).withToken(await testToken(['RenderApi_Render'])),
  };
}

/** The README's branded letter request: the one shell example that names a branding. */
function readmeBrandedRequest(): RenderBody & { branding: string } {
  const readme = readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
  const bodies = [...readme.matchAll(/<<'JSON'\n([\s\S]*?)\nJSON\n/g)].map(
    (match) => JSON.parse(match[1]) as RenderBody & { branding?: string },
  );
  const branded = bodies.filter((body) => body.branding !== undefined);
  expect(branded).toHaveLength(1);
  return branded[0] as RenderBody & { branding: string };
}

const PALETTE_COLOUR = /\{\{branding\.colorPalette\.(\w+)\}\}/;

/**
 * The palette colours a template prints as text, each on its background: a CSS rule's `color` on
 * the same rule's `background-color`, or on the white page when the rule sets none.
 */
function printedColourPairs(template: string): { text: string; background: string }[] {
  const pairs: { text: string; background: string }[] = [];
  for (const [, declarations] of template.matchAll(/[^{}]+\{([^{}]*(?:\{\{[^{}]*\}\}[^{}]*)*)\}/g)) {
    const property = (name: string): string | undefined =>
      new RegExp(`(?:^|[;\\s])${name}\\s*:\\s*([^;]+)`).exec(declarations)?.[1];
    const text = PALETTE_COLOUR.exec(property('color') ?? '')?.[1];
    if (text === undefined) continue;
    const background = PALETTE_COLOUR.exec(property('background-color') ?? property('background') ?? '')?.[1];
    pairs.push({ text, background: background ?? 'white' });
  }
  return pairs;
}

const letter = (branding: string, outputFormat = 'html'): RenderBody & { branding: string } => ({
  inputFormat: 'html',
  outputFormat,
  templateName: DEMO_BRANDED_LETTER.name,
  data: DEMO_BRANDED_LETTER.data,
  rendererOptions: DEMO_BRANDED_LETTER.rendererOptions,
  branding,
});

describe('branded documents: config-service and render-service together (HTTP, real PostgreSQL)', () => {
  let config: Awaited<ReturnType<typeof startConfigService>>;
  let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
  let service: Awaited<ReturnType<typeof startBrandedRenderService>>;
  let now = Date.parse('2026-03-15T08:00:00Z');

  beforeAll(async () => {
    // config-service as `npm start` seeds it: the demo canton's UI template.
    config = await startConfigService('render_branding_config', { SEED_DEMO_DATA: 'auto' });
    proxy = await startRecordingProxy(() => config.baseUrl);
    service = await startBrandedRenderService('render_branding', proxy.url, { brandingNow: () => now });
  });

  afterAll(async () => {
    await service?.close();
    await proxy?.close();
    await config?.close();
    await closePdfExtractor();
  });

  const configReads = (name: string): ConfigRequest[] =>
    proxy.requests.filter(
      (request) => request.url === `/demo/v10-0/ui-templates/${encodeURIComponent(name)}/branding`,
    );

  it('renders the demo letter in the demo canton’s colours and logo, as the README’s curl asks', async () => {
    const body = readmeBrandedRequest();
    expect(body.branding).toBe(DEMO_BRANDING);
    const html = await render(service.renderer, { ...body, outputFormat: 'html' });
    expect(html.status).toBe(200);
    expect(html.text).toContain('.sender { background-color: #D52B1E; color: #FFFFFF;');
    expect(html.text).toContain('h2 { color: #D52B1E; }');
    expect(html.text).toMatch(/<img src="data:image\/svg\+xml;base64,[^"]+" width="220">/);
    expect(html.text).toContain('Impressum: https://www.demo.ch/impressum');
    const pdf = await render(service.renderer, body);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    // The coat of arms' wordmark (SVG text) on a line of its own, above the sender's bar.
    const text = (await extractPdf(pdf.bytes)).text;
    expect(text).toMatch(/^\s*Kanton Demo\s*$/m);
    expect(text).toContain('Ihre Wohnsitzbestätigung');
    // One read of config-service served all three renders.
    expect(configReads(DEMO_BRANDING)).toEqual([{ url: expect.any(String), status: 200 }]);
  });

  it("prints only colour pairs the branding's contrast report lists, each meeting AA for text", async () => {
    const branding = await config.anonymous.get<{
      accessibility: { pairs: { text: string; background: string; meetsAaNormalText: boolean }[] };
    }>(`/demo/v10-0/ui-templates/${DEMO_BRANDING}/branding`);
    expect(branding.status).toBe(200);
    const branded = DEMO_TEMPLATES.filter((template) =>
      template.template.includes('{{branding.colorPalette.'),
    );
    expect(branded.map((template) => template.name)).toContain(DEMO_BRANDED_LETTER.name);
    for (const template of branded) {
      const printed = printedColourPairs(template.template);
      expect(printed.length).toBeGreaterThan(0);
      for (const pair of printed) {
        const reported = branding.body.accessibility.pairs.find(
          (candidate) => candidate.text === pair.text && candidate.background === pair.background,
        );
        expect({ template: template.name, ...pair, reported: reported !== undefined }).toEqual({
          template: template.name,
          ...pair,
          reported: true,
        });
        expect(reported?.meetsAaNormalText).toBe(true);
      }
    }
    expect(printedColourPairs(DEMO_BRANDED_LETTER.template)).toEqual([
      { text: 'primaryColorText', background: 'primaryColor' },
      { text: 'primaryColor', background: 'white' },
      { text: 'secondaryColor', background: 'white' },
    ]);
  });

  it('revalidates after 60 s with a conditional GET that config-service answers 304, and sees a change', async () => {
    const before = configReads(DEMO_BRANDING).length;
    now += 59_000;
    expect((await render(service.renderer, letter(DEMO_BRANDING))).status).toBe(200);
    expect(configReads(DEMO_BRANDING)).toHaveLength(before);
    now += 1_000;
    const revalidated = await render(service.renderer, letter(DEMO_BRANDING));
    expect(revalidated.status).toBe(200);
    const [conditional] = configReads(DEMO_BRANDING).slice(before);
    expect(conditional).toEqual({
      url: expect.any(String),
      ifNoneMatch: expect.stringMatching(/^"/),
      status: 304,
    });

    // A template of its own, changed at config-service: the next revalidation reads the new colours.
    const logo = { source: PNG_DATA_URI, heightDesktop: 40, heightMobile: 30 };
    const created = await config.writer.post(
      UI_TEMPLATES,
      uiTemplateBody({ name: 'canton-changing', headerLogo: logo }),
    );
    expect(created.status).toBe(201);
    const first = await render(service.renderer, letter('canton-changing'));
    expect(first.text).toContain('background-color: #D52B1E');
    const palette = (created.body as { colorPalette: Record<string, string> }).colorPalette;
    const updated = await config.writer.put(`${UI_TEMPLATES}/canton-changing`, {
      ...uiTemplateBody({
        name: 'canton-changing',
        headerLogo: logo,
        colorPalette: { ...palette, primaryColor: '#005A9C' },
      }),
      updatedBy: 'bob',
    });
    expect(updated.status).toBe(200);
    // Still fresh: the old colour, without asking.
    expect((await render(service.renderer, letter('canton-changing'))).text).toContain(
      'background-color: #D52B1E',
    );
    now += 60_000;
    expect((await render(service.renderer, letter('canton-changing'))).text).toContain(
      'background-color: #005A9C',
    );
    expect(configReads('canton-changing').map((read) => read.status)).toEqual([200, 200]);
  });

  it('answers 422 on branding for a name config-service does not know', async () => {
    const response = await render(service.renderer, letter('no-such-canton'));
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(response.body.errors).toEqual({ branding: [expect.stringMatching(/no UI template/)] });
  });

  it('answers 400 on branding for a name no UI template can have', async () => {
    const response = await render(service.renderer, letter('a\u0007b'));
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors as object)).toEqual(['branding']);
  });

  it('renders with the last branding read once config-service is stopped, and 503 for one never read', async () => {
    await config.app.close();
    now += 120_000;
    const started = performance.now();
    const response = await render(service.renderer, letter(DEMO_BRANDING));
    expect(response.status).toBe(200);
    expect(response.text).toContain('background-color: #D52B1E');
    expect(performance.now() - started).toBeLessThan(2500);
    // It did ask (and failed), rather than trusting a stale copy blindly.
    expect(configReads(DEMO_BRANDING).at(-1)?.status).toBeUndefined();

    const never = await render(service.renderer, letter('canton-never-read'));
    expect(never.status).toBe(503);
    expect(Number(never.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(never.body.detail).toMatch(/config-service, which is unavailable/);
  });
});

describe('branding logos: only data: URIs and https on RENDER_IMAGE_HOSTS, bounded (HTTP, canary server)', () => {
  let config: Awaited<ReturnType<typeof startConfigService>>;
  let logos: LogoServer;
  let strict: Awaited<ReturnType<typeof startBrandedRenderService>>;
  let trusting: Awaited<ReturnType<typeof startBrandedRenderService>>;

  /** A UI template whose header logo is `source`; its name. */
  const brandingWith = async (name: string, source: string): Promise<string> => {
    const created = await config.writer.post(
      UI_TEMPLATES,
      uiTemplateBody({ name, headerLogo: { source, heightDesktop: 40, heightMobile: 30 } }),
    );
    expect(created.status).toBe(201);
    return name;
  };

  const logoRender = (branding: string): RenderBody & { branding: string } => ({
    inputFormat: 'html',
    outputFormat: 'html',
    templateData: '<img src="{{brandingLogo "header"}}">',
    data: {},
    branding,
  });

  beforeAll(async () => {
    config = await startConfigService('render_branding_logos_config');
    logos = await startLogoServer();
    logos.route('/logo.png', (_request, response) =>
      response.writeHead(200, { 'content-type': 'image/png' }).end(PNG_BYTES),
    );
    logos.route('/moved.png', (_request, response) =>
      response.writeHead(302, { location: `https://127.0.0.1:${logos.port}/logo.png` }).end(),
    );
    logos.route('/huge.png', (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(Buffer.concat([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024)]));
    });
    logos.route('/slow.png', (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.write(PNG_BYTES.subarray(0, 8));
    });
    const hosts = [...LOGO_HOSTS, 'localhost', '127.0.0.1'].map((host) => `${host}:${logos.port}`).join(',');
    // As deployed: the system's resolver and only public addresses.
    strict = await startBrandedRenderService(
      'render_branding_logos',
      config.baseUrl,
      {},
      { RENDER_IMAGE_HOSTS: hosts },
    );
    // The canary's certificate and loopback address trusted (tests only), for what happens after connecting.
    trusting = await startBrandedRenderService(
      'render_branding_logos_trusting',
      config.baseUrl,
      {
        logos: {
          ca: logos.ca,
          resolve: (hostname) => Promise.resolve(LOGO_HOSTS.includes(hostname as never) ? ['127.0.0.1'] : []),
          allowAddress: (address) => address === '127.0.0.1',
        },
      },
      { RENDER_IMAGE_HOSTS: hosts },
    );
  });

  afterAll(async () => {
    await strict?.close();
    await trusting?.close();
    await logos?.close();
    await config?.close();
  });

  beforeEach(() => {
    logos.requests.length = 0;
  });

  const expectLogoRefused = async (client: TestClient, branding: string, reason: RegExp): Promise<void> => {
    const response = await render(client, logoRender(branding));
    expect({ status: response.status, errors: response.body.errors }).toEqual({
      status: 422,
      errors: { 'branding.headerLogo.source': [expect.stringMatching(reason)] },
    });
  };

  it('places a data: URI logo, and an https logo of a listed host', async () => {
    const inline = await render(strict.renderer, logoRender(await brandingWith('logo-inline', PNG_DATA_URI)));
    expect(inline.status).toBe(200);
    expect(inline.text).toContain(`<img src="${PNG_DATA_URI.replace(/=/g, '&#x3D;')}">`);
    const fetched = await render(
      trusting.renderer,
      logoRender(await brandingWith('logo-https', logos.url('logos.test', '/logo.png'))),
    );
    expect(fetched.status).toBe(200);
    expect(fetched.text).toContain(`<img src="${PNG_DATA_URI.replace(/=/g, '&#x3D;')}">`);
    expect(logos.requests.map((request) => request.path)).toEqual(['/logo.png']);
  });

  it('refuses paths, http, unlisted hosts and names resolving to loopback, and the canary hears nothing', async () => {
    await expectLogoRefused(
      strict.renderer,
      await brandingWith('logo-path', '/assets/logo.png'),
      /neither a data: URI/,
    );
    await expectLogoRefused(
      strict.renderer,
      await brandingWith('logo-http', `http://logos.test:${logos.port}/logo.png`),
      /only over https/,
    );
    await expectLogoRefused(
      strict.renderer,
      await brandingWith('logo-unlisted', `https://unlisted.test:${logos.port}/logo.png`),
      /not a host logos are read from/,
    );
    // Listed, but localhost resolves to loopback, and 127.0.0.1 is loopback.
    await expectLogoRefused(
      strict.renderer,
      await brandingWith('logo-localhost', logos.url('localhost', '/logo.png')),
      /not public/,
    );
    await expectLogoRefused(
      strict.renderer,
      await brandingWith('logo-loopback', logos.url('127.0.0.1', '/logo.png')),
      /not public/,
    );
    expect(logos.requests).toEqual([]);
  });

  it('follows no redirect, stops at 1 MiB and at 2 s', async () => {
    await expectLogoRefused(
      trusting.renderer,
      await brandingWith('logo-redirect', logos.url('logos.test', '/moved.png')),
      /redirect \(302\)/,
    );
    await expectLogoRefused(
      trusting.renderer,
      await brandingWith('logo-huge', logos.url('logos.test', '/huge.png')),
      /larger than 1048576 bytes/,
    );
    const started = performance.now();
    await expectLogoRefused(
      trusting.renderer,
      await brandingWith('logo-slow', logos.url('logos.test', '/slow.png')),
      /not read within 2000 ms/,
    );
    expect(performance.now() - started).toBeLessThan(3500);
    // The redirect's target was never asked for.
    expect(logos.requests.map((request) => request.path)).toEqual(['/moved.png', '/huge.png', '/slow.png']);
  });
});
