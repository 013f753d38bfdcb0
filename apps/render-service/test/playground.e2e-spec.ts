import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Page } from 'playwright-core';

import { CONTENT_SECURITY_POLICIES } from '@portal/service-runtime';
import { describeInBrowser, testToken } from '@portal/testing';

import { DEMO_UI_TEMPLATES } from '../../config-service/src/ui-templates/demo/demo-ui-templates';
import { HELPER_REFERENCE } from '../src/engine/template/helper-reference';
import { RenderPool } from '../src/pool/render-pool';
import { DEMO_BRANDED_LETTER, DEMO_BRANDING, DEMO_INVOICE } from '../src/templates/demo-templates';
import { closePdfExtractor, extractPdf } from './pdf-text';
import { type RenderService, startRenderService, TEMPLATES } from './render-test-app';
import { unzip } from './zip-entries';

type Body = Record<string, any>;

/** A production environment needs a database URL and a secret of its own (contract 1). */
const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://unused@127.0.0.1:5432/unused',
  AUTH_JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
  RENDER_WORKERS: '1',
};

describe('render-service: GET /playground (HTTP)', () => {
  let service: RenderService;

  beforeAll(async () => {
    service = await startRenderService('render_playground_http');
  });

  afterAll(async () => {
    await service?.close();
  });

  it('serves the page, its script and style sheet without a token, outside the tenant prefix', async () => {
    const page = await service.anonymous.get('/playground');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // The runtime's policy for pages: script from 'self' only, so no inline script could run.
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICIES.page);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self';");
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    // The API base is the tenant's; the page has no inline script or event handler.
    expect(page.text).toContain('<meta name="render-api-base" content="/demo/v10-0" />');
    expect(page.text).toContain('<script src="/playground/playground.js" defer></script>');
    expect(page.text).not.toMatch(/<script>|<script [^>]*>[^<]|\son[a-z]+=/i);

    const script = await service.anonymous.get('/playground/playground.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.text).toContain('fetch(apiUrl(path), init)');
    const style = await service.anonymous.get('/playground/playground.css');
    expect(style.status).toBe(200);
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');

    // Revalidation by ETag.
    const etag = script.headers.get('etag') as string;
    const again = await service.anonymous.get('/playground/playground.js', {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    // A list, and the weak form of the tag, as caches send them (RFC 9110 13.1.2).
    const listed = await service.anonymous.get('/playground/playground.js', {
      headers: { 'if-none-match': `"other", W/${etag}` },
    });
    expect(listed.status).toBe(304);
    // Only there: under the tenant prefix is no such route.
    expect((await service.anonymous.get('/demo/v10-0/playground')).status).toBe(404);
  });

  it('is off in production unless RENDER_PLAYGROUND=on, and on elsewhere unless RENDER_PLAYGROUND=off', async () => {
    const cases: Array<[Record<string, string>, number]> = [
      [PRODUCTION, 404],
      [{ ...PRODUCTION, RENDER_PLAYGROUND: 'on' }, 200],
      [{ RENDER_PLAYGROUND: 'off', RENDER_WORKERS: '1' }, 404],
    ];
    for (const [env, expected] of cases) {
      const other = await startRenderService('render_playground_switch', env);
      try {
        expect((await other.anonymous.get('/playground')).status).toBe(expected);
        expect((await other.anonymous.get('/playground/playground.js')).status).toBe(expected);
        expect((await other.anonymous.get('/health/live')).status).toBe(200);
      } finally {
        await other.close();
      }
    }
  });
});

describeInBrowser('render-service playground in headless Chromium', (browser) => {
  let service: RenderService;
  let fullToken: string;
  let renderOnlyToken: string;

  /** config-service's branding route as far as the playground needs it: the demo canton's, with an ETag. */
  let config: Server;
  const brandingReads: string[] = [];

  beforeAll(async () => {
    const demo = DEMO_UI_TEMPLATES.find((template) => template.name === DEMO_BRANDING);
    config = createServer((request, response) => {
      brandingReads.push(request.url ?? '');
      if (request.url !== `/demo/v10-0/ui-templates/${DEMO_BRANDING}/branding`)
        return void response.writeHead(404).end();
      response
        .writeHead(200, { 'content-type': 'application/json', etag: '"demo-1"' })
        .end(JSON.stringify(demo));
    });
    await new Promise<void>((resolve) => config.listen(0, '127.0.0.1', resolve));
    service = await startRenderService('render_playground_browser', {
      RENDER_DEMO_TEMPLATES: 'true',
      CONFIG_SERVICE_URL: `http://127.0.0.1:${(config.address() as AddressInfo).port}`,
    });
    fullToken = await testToken(['RenderApi_Render', 'RenderApi_Templates']);
    renderOnlyToken = await testToken(['RenderApi_Render']);
  });

  afterAll(async () => {
    await service?.close();
    await new Promise((resolve) => config?.close(resolve));
    await closePdfExtractor();
  });

  /** Opens the playground, collecting what the console reports (a CSP violation, say). */
  async function openPlayground(
    context: { locale?: string } = {},
  ): Promise<{ page: Page; console: string[] }> {
    // A context of its own, so that a second page of the same origin can read the preview's blob.
    const page = await (await browser().newContext(context)).newPage();
    const console: string[] = [];
    page.on('console', (message) => {
      // Chromium logs every response of 400 or more; the tests look at those through the page.
      const expected = /Failed to load resource: the server responded with a status of 4\d\d/;
      if ((message.type() === 'error' || message.type() === 'warning') && !expected.test(message.text()))
        console.push(message.text());
    });
    page.on('pageerror', (error) => console.push(String(error)));
    await page.goto(`${service.baseUrl}/playground`);
    return { page, console };
  }

  const statusOf = (page: Page): Promise<string> => page.locator('#status').innerText();

  /** Waits until the status line (or another element) says what `pattern` matches. */
  const waitForText = (page: Page, pattern: RegExp, selector = '#status'): Promise<void> =>
    page.locator(selector).filter({ hasText: pattern }).waitFor();

  /**
   * What a blob: URL of the page holds. The playground's policy lets it connect to its own origin
   * only (not to blob: URLs), so another page of that origin, and of the same browser context,
   * reads it with content security policies bypassed for it alone. Rejects once it is revoked.
   */
  async function blobAt(page: Page, url: string) {
    const reader = await page.context().newPage();
    try {
      await (await page.context().newCDPSession(reader)).send('Page.setBypassCSP', { enabled: true });
      await reader.goto(`${service.baseUrl}/health/live`);
      const shown = await reader.evaluate(async (blobUrl) => {
        const blob = await (await fetch(blobUrl)).blob();
        return { type: blob.type, bytes: Array.from(new Uint8Array(await blob.arrayBuffer())) };
      }, url);
      return { type: shown.type, bytes: Uint8Array.from(shown.bytes) };
    } finally {
      await reader.close();
    }
  }

  /** The document the preview shows, fetched back from its blob: URL. */
  async function previewed(page: Page, frame: '#pdf-preview' | '#text-preview') {
    expect(await page.locator(frame).isVisible()).toBe(true);
    const src = (await page.locator(frame).getAttribute('src')) ?? '';
    return { src, ...(await blobAt(page, src)) };
  }

  it('renders the demo invoice with its sample data to a PDF, then shows a broken template’s 422 at its line', async () => {
    const { page, console } = await openPlayground();
    try {
      await page.fill('#token', fullToken);
      // The list comes from GET /templates with the pasted token.
      await page.waitForSelector('#template-select option[value="demo-invoice"]', { state: 'attached' });
      await page.selectOption('#template-select', 'demo-invoice');
      // The data is the template's sample data, and the preview a PDF of the saved version.
      await page.waitForFunction(() =>
        (globalThis as any).document.querySelector('#data').value.includes('Gemeinde Müllheim'),
      );
      expect(JSON.parse(await page.inputValue('#data'))).toEqual(DEMO_INVOICE.data);
      expect(await page.inputValue('#input-format')).toBe('json');
      await waitForText(page, /demo-invoice@1 → application\/pdf/);
      const pdf = await previewed(page, '#pdf-preview');
      expect(pdf.src).toMatch(/^blob:http:\/\/127\.0\.0\.1:\d+\//);
      expect(pdf.type).toBe('application/pdf');
      expect(Buffer.from(pdf.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      const text = (await extractPdf(pdf.bytes)).text;
      expect(text).toContain('Gemeinde Müllheim');
      expect(text).toContain('Rechnung 2026-0042');
      expect(await page.locator('#mode').innerText()).toBe('renders the saved demo-invoice@1');

      // Break a line: an expression that is never closed. The edit renders inline, debounced.
      const lines = (await page.inputValue('#template')).split('\n');
      const broken = lines.findIndex((line) => line.includes('{{default titleSize 14}}'));
      const line = String(broken + 1);
      expect(broken).toBeGreaterThan(2);
      lines[broken] = lines[broken].replace('{{default titleSize 14}}', '{{default titleSize 14');
      await page.fill('#template', lines.join('\n'));
      expect(await page.locator('#mode').innerText()).toBe(
        'renders your edit of demo-invoice (inline, not saved)',
      );
      const marker = page.locator('#template-problem');
      await marker.waitFor({ state: 'visible' });
      expect(await marker.getAttribute('data-line')).toBe(line);
      expect(await marker.innerText()).toMatch(
        new RegExp(`Line ${line}, column \\d+: The template does not compile at line ${line}, column`),
      );
      expect(await page.locator('#problem h2').innerText()).toBe('422 Unprocessable Content');
      expect(await page.locator('#template-gutter span.error').getAttribute('data-line')).toBe(line);
      expect(await statusOf(page)).toMatch(/^The render failed: 422/);
      // The last good document stays, dimmed.
      expect(await page.locator('#pdf-preview').getAttribute('class')).toBe('stale');
      // Beside its line: just below it in the editor, not elsewhere.
      const lineBox = await page.locator(`#template-gutter span[data-line="${line}"]`).boundingBox();
      const markerBox = await marker.boundingBox();
      expect(lineBox && markerBox).toBeTruthy();
      expect(markerBox!.y).toBeGreaterThanOrEqual(lineBox!.y + lineBox!.height - 1);
      expect(markerBox!.y).toBeLessThan(lineBox!.y + 2 * lineBox!.height);

      // Mending it clears the problem and renders again.
      lines[broken] = lines[broken].replace('{{default titleSize 14', '{{default titleSize 18}}');
      await page.fill('#template', lines.join('\n'));
      await waitForText(page, /inline@sha256:[0-9a-f]{16} → application\/pdf/);
      expect(await page.locator('#problem').isHidden()).toBe(true);
      expect(await marker.isHidden()).toBe(true);
      expect(await page.locator('#pdf-preview').getAttribute('class')).toBe('');
      expect((await previewed(page, '#pdf-preview')).type).toBe('application/pdf');

      // Data that is not JSON: a 422 beside the preview, no line to point at.
      await page.fill('#data', '{"number": ');
      await waitForText(page, /The render failed: 422/);
      expect(await page.locator('#problem').innerText()).toMatch(/422/);
      expect(await marker.isHidden()).toBe(true);

      // The token stays in memory: not in storage, cookies, the URL or the document.
      const traces = await page.evaluate(() => {
        const window = globalThis as any;
        return {
          local: window.localStorage.length,
          session: window.sessionStorage.length,
          cookie: window.document.cookie,
          url: window.location.href,
          html: window.document.documentElement.outerHTML,
        };
      });
      expect(traces).toMatchObject({ local: 0, session: 0, cookie: '' });
      expect(traces.url).not.toContain(fullToken);
      expect(traces.html).not.toContain(fullToken);
      expect(console).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('shows HTML output in a sandboxed frame', async () => {
    const { page, console } = await openPlayground();
    try {
      await page.fill('#token', fullToken);
      await page.waitForSelector('#template-select option[value="demo-letter"]', { state: 'attached' });
      await page.selectOption('#template-select', 'demo-letter');
      await waitForText(page, /demo-letter@1 → application\/pdf/);
      await page.selectOption('#output-format', 'html');
      await waitForText(page, /demo-letter@1 → text\/html/);
      const html = await previewed(page, '#text-preview');
      expect(html.type).toBe('text/html; charset=utf-8');
      expect(await page.locator('#text-preview').getAttribute('sandbox')).toBe('');
      expect(await page.locator('#pdf-preview').isHidden()).toBe(true);
      const frame = page.frameLocator('#text-preview');
      expect(await frame.locator('p.subject').innerText()).toBe('Votre demande de permis de séjour');
      expect(console).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('renders a branded template with the branding its picker names', async () => {
    const { page, console } = await openPlayground();
    try {
      await page.fill('#token', fullToken);
      await page.waitForSelector(`#template-select option[value="${DEMO_BRANDED_LETTER.name}"]`, {
        state: 'attached',
      });
      expect(await page.inputValue('#branding')).toBe('');
      // Picking a template that reads a branding offers the demo canton's.
      await page.selectOption('#template-select', DEMO_BRANDED_LETTER.name);
      await page.selectOption('#output-format', 'html');
      await waitForText(page, /demo-branded-letter@1 → text\/html/);
      expect(await page.inputValue('#branding')).toBe(DEMO_BRANDING);
      const frame = page.frameLocator('#text-preview');
      expect(
        await frame
          .locator('.sender')
          .evaluate((node) => (globalThis as any).getComputedStyle(node).backgroundColor),
      ).toBe('rgb(213, 43, 30)');
      expect(brandingReads).toEqual([`/demo/v10-0/ui-templates/${DEMO_BRANDING}/branding`]);
      // Another name: config-service knows none such, and the field is marked.
      await page.fill('#branding', 'no-such-canton');
      await waitForText(page, /The render failed: 422/);
      expect(await page.locator('#problem li').innerText()).toMatch(/^branding: no UI template/);
      expect(await page.locator('#branding').getAttribute('class')).toContain('invalid');
      expect(console).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('lets a token without RenderApi_Templates write and render its own template', async () => {
    const { page, console } = await openPlayground();
    try {
      await page.fill('#token', renderOnlyToken);
      await waitForText(page, /may not list saved templates/, '#templates-note');
      expect(await page.locator('#template-select option').count()).toBe(1);
      // The starter template renders with the starter data.
      await waitForText(page, /inline@sha256:[0-9a-f]{16} → application\/pdf/);
      const text = (await extractPdf((await previewed(page, '#pdf-preview')).bytes)).text;
      expect(text).toContain('Grüezi Zoë');
      expect(console).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('names the values the data lacks and the CSS the PDF ignores, and shows a strict render’s 422 at the missing value’s line', async () => {
    const { page, console } = await openPlayground();
    try {
      await page.fill('#token', renderOnlyToken);
      await waitForText(page, /inline@sha256:[0-9a-f]{16} → application\/pdf/);
      expect(await page.locator('#notes').isHidden()).toBe(true);
      await page.selectOption('#input-format', 'html');
      await page.fill('#data', '{"name": "Zoë"}');
      await page.fill(
        '#template',
        [
          '<style>p { letter-spacing: 4px; }</style>',
          '<p>Grüezi {{name}}</p>',
          '<p>{{recipent.name}}, {{Straße}}</p>',
        ].join('\n'),
      );
      // X-Render-Missing (percent-encoded in the header) and X-Render-Warnings, beside the document.
      // Edits render as they are typed: wait for the render of the final template, not an earlier one.
      await waitForText(page, /No value in the data for: recipent\.name, Straße/, '#notes');
      expect(await page.locator('#notes p.missing').innerText()).toBe(
        'No value in the data for: recipent.name, Straße',
      );
      expect(await page.locator('#notes ul.warnings li').allInnerTexts()).toEqual([
        'CSS letter-spacing is not supported in PDF (on p)',
      ]);
      expect(await statusOf(page)).toMatch(/→ application\/pdf/);
      expect((await extractPdf((await previewed(page, '#pdf-preview')).bytes)).text).toContain('Grüezi Zoë');

      // strict: the same render is a 422 pointing at the first missing value, line 3.
      await page.fill('#options', '{"strict": true}');
      const marker = page.locator('#template-problem');
      await marker.waitFor({ state: 'visible' });
      expect(await marker.getAttribute('data-line')).toBe('3');
      expect(await marker.innerText()).toMatch(
        /Line 3, column 6: The data has no value for these 2 paths of the template \(rendererOptions\.strict\)/,
      );
      expect(await statusOf(page)).toMatch(/^The render failed: 422/);
      expect(await page.locator('#notes').isHidden()).toBe(true);

      // With every value there, no notes but the CSS warning.
      await page.fill(
        '#data',
        '{"name": "Zoë", "recipent": {"name": "Frau Muster"}, "Straße": "Bahnhofstrasse 1"}',
      );
      await waitForText(page, /Not honoured/, '#notes');
      expect(await page.locator('#notes p.missing').count()).toBe(0);
      expect(await marker.isHidden()).toBe(true);
      expect(console).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('saves the template with its data as sample data', async () => {
    const { page, console } = await openPlayground();
    try {
      await page.fill('#token', fullToken);
      await page.waitForSelector('#template-select option[value="demo-invoice"]', { state: 'attached' });
      await page.fill('#data', '{"name": "Chloé", "lines": [{"quantity": 3, "unitPrice": 2}]}');
      await page.fill('#save-name', 'playground-saved');
      await page.click('#save');
      await waitForText(page, /Saved playground-saved@1 with its sample data/, '#save-status');
      expect(await page.inputValue('#template-select')).toBe('playground-saved');
      // Then the saved version renders; the save's outcome stays beside its button.
      await waitForText(page, /playground-saved@1 → application\/pdf/);
      expect(await page.locator('#save-status').innerText()).toMatch(/^Saved playground-saved@1/);
      const saved = await service.editor.get<Body>(`${TEMPLATES}/playground-saved`);
      expect(saved.body).toMatchObject({
        version: 1,
        inputFormat: 'json',
        sampleData: { name: 'Chloé', lines: [{ quantity: 3, unitPrice: 2 }] },
      });
      expect(saved.body['data']).toContain('Grüezi {{name}}');

      // Sample data that is not JSON is refused, and the problem names it.
      await page.fill('#data', 'not json');
      await page.click('#save');
      await waitForText(page, /Not saved: 400/, '#save-status');
      // The edit's render was due 500 ms after it: the save dropped it, so its problem (on `data`)
      // does not replace the save's.
      await page.waitForTimeout(1_000);
      expect(await page.locator('#problem li').innerText()).toMatch(
        /^sampleData: sampleData is not valid JSON text/,
      );
      expect(await page.locator('#data').getAttribute('class')).toContain('invalid');
      expect((await service.editor.get<Body>(`${TEMPLATES}/playground-saved`)).body['latestVersion']).toBe(1);
      expect(console).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
  /**
   * The text of the document the preview frame shows once it is `expected` (renders are
   * debounced, and an earlier one may land first), or the last one shown after 10 s.
   */
  async function previewedText(
    page: Page,
    frame: '#pdf-preview' | '#text-preview',
    expected: string,
  ): Promise<string> {
    let text = '';
    for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
      if (await page.locator(frame).isVisible()) {
        // A newer render may revoke the blob: URL just read; the next round reads its successor.
        const bytes = await previewed(page, frame).then(
          (shown) => shown.bytes,
          () => null,
        );
        if (bytes)
          text =
            frame === '#pdf-preview'
              ? (await extractPdf(bytes)).runs
                  .flat()
                  .map((run) => run.text)
                  .join('')
              : Buffer.from(bytes).toString('utf8');
        if (text === expected) break;
      }
      await page.waitForTimeout(200);
    }
    return text;
  }

  it('renders in de-CH, not the browser’s language, unless another locale is picked; fr-CH as Intl writes it, in the PDF too', async () => {
    const { page, console } = await openPlayground({ locale: 'en-US' });
    try {
      expect(await page.evaluate(() => (globalThis as any).navigator.language)).toBe('en-US');
      expect(await page.inputValue('#locale')).toBe('de-CH');
      await page.fill('#token', renderOnlyToken);
      await waitForText(page, /→ application\/pdf/);
      await page.selectOption('#input-format', 'txt');
      await page.selectOption('#output-format', 'txt');
      await page.fill('#data', '{"day": "2026-03-05", "total": 12345.5, "rate": 0.081}');
      await page.fill('#template', '{{formatDate day "long"}} | {{chf total}} | {{formatPercent rate}}');
      const german = "5. März 2026 | CHF\u00a012'345.50 | 8.1%";
      expect(await previewedText(page, '#text-preview', german)).toBe(german);

      await page.selectOption('#locale', 'fr-CH');
      const french = ['5 mars 2026', "12'345.50\u00a0CHF", '8,1%'].join(' | ');
      expect(french).toContain(
        new Intl.NumberFormat('fr-CH', { style: 'currency', currency: 'CHF' }).format(12345.5),
      );
      expect(await previewedText(page, '#text-preview', french)).toBe(french);

      // The same as a PDF: its text is Intl's, the no-break space included.
      await page.selectOption('#output-format', 'pdf');
      expect(await previewedText(page, '#pdf-preview', french)).toBe(french);
      expect(await page.locator('#notes').isHidden()).toBe(true);
      expect(console).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('clears the save name when another template is picked', async () => {
    const { page, console } = await openPlayground();
    try {
      await page.fill('#token', fullToken);
      await page.waitForSelector('#template-select option[value="demo-invoice"]', { state: 'attached' });
      await page.fill('#save-name', 'my-own-letter');
      await page.selectOption('#template-select', 'demo-invoice');
      expect(await page.inputValue('#save-name')).toBe('');
      await waitForText(page, /demo-invoice@1 → application\/pdf/);
      // Still empty once the picked template is loaded: a save names its template on purpose.
      expect(await page.inputValue('#save-name')).toBe('');
      expect(await page.getAttribute('#save-name', 'placeholder')).toBe(
        'template name (demo-invoice for a new version of it)',
      );
      await page.fill('#save-name', 'demo-invoice-copy');
      await page.selectOption('#template-select', '');
      expect(await page.inputValue('#save-name')).toBe('');
      await page.click('#save');
      await waitForText(page, /Name the template to save it/, '#save-status');
      expect(console).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('shows the helper reference, each helper with an example', async () => {
    const { page, console } = await openPlayground();
    try {
      await page.click('#helper-reference summary');
      const entries = page.locator('#helper-reference section.helper');
      expect(await entries.count()).toBe(HELPER_REFERENCE.length);
      const chf = page.locator('#helper-reference section.helper[data-helpers="chf"]');
      expect(await chf.locator('h3').innerText()).toBe('chf value [symbol=false]');
      expect(await chf.locator('dd').first().innerText()).toBe('{{chf total}}');
      expect(await chf.innerText()).toContain("-12'345.50\u00a0CHF");
      expect(console).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  /** The job requests the page sends from now on: `POST` and each `GET` of a job or its result. */
  function jobRequests(page: Page): string[] {
    const sent: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/demo/v10-0/render-jobs')) sent.push(`${request.method()} ${pathname}`);
    });
    return sent;
  }

  /** Clicks the result's link and answers the file the browser downloads: its name and bytes. */
  async function download(page: Page) {
    const [file] = await Promise.all([page.waitForEvent('download'), page.click('#job-download')]);
    return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
  }

  it('says beside the locale menu when the template’s lang or the renderer options override it', async () => {
    const { page, console } = await openPlayground();
    try {
      await page.fill('#token', renderOnlyToken);
      await waitForText(page, /inline@sha256:[0-9a-f]{16} → application\/pdf/);
      expect(await page.inputValue('#locale')).toBe('de-CH');
      await page.selectOption('#input-format', 'html');
      await page.selectOption('#output-format', 'html');
      await page.fill('#data', '{"d": "2026-03-15"}');
      const note = page.locator('#locale-note');
      await page.fill('#template', '<html lang="fr"><body><p>{{formatDate d "long"}}</p></body></html>');
      await note.filter({ hasText: "fr-CH: the template's lang overrides de-CH" }).waitFor();
      expect(await page.locator('#locale.overridden').count()).toBe(1);
      // The template's own language is the menu's: nothing to say.
      await page.fill('#template', '<html lang="de"><body><p>{{formatDate d "long"}}</p></body></html>');
      await waitForText(page, /inline@sha256:[0-9a-f]{16} → text\/html/);
      await note.waitFor({ state: 'hidden' });
      // The renderer options' locale goes before both.
      await page.fill('#options', '{"locale": "it-CH"}');
      await note.filter({ hasText: "it-CH: the renderer options' locale overrides de-CH" }).waitFor();
      // Without a lang nor an options locale, the menu decides.
      await page.fill('#options', '');
      await page.fill('#template', '<p>{{formatDate d "long"}}</p>');
      await page.selectOption('#locale', 'fr-CH');
      await waitForText(page, /inline@sha256:[0-9a-f]{16} → text\/html/);
      await note.waitFor({ state: 'hidden' });
      expect(console).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('starts a job of the data’s copies as a zip, follows it to succeeded and downloads its PDFs; a merged job gives one PDF', async () => {
    const { page, console } = await openPlayground();
    try {
      const sent = jobRequests(page);
      await page.fill('#token', renderOnlyToken);
      await waitForText(page, /inline@sha256:[0-9a-f]{16} → application\/pdf/);
      await page.click('#job summary');
      // Three copies of the data editor's object, for the author to vary.
      const data = JSON.parse(await page.inputValue('#data'));
      const copies = JSON.parse(
        await page.getByLabel('Items (JSON array: the data of each document)').inputValue(),
      );
      expect(copies).toEqual([data, data, data]);
      const names = ['Anna', 'Beat', 'Carla'];
      await page.fill('#job-items', JSON.stringify(names.map((name) => ({ ...data, name }))));
      await page.getByLabel('File names').fill('brief-{{name}}');
      expect(await page.getByLabel('Result').inputValue()).toBe('zip');
      expect(await page.getAttribute('#job-status', 'role')).toBe('status');
      // By keyboard: the button takes Enter.
      await page.getByRole('button', { name: 'Start a job' }).focus();
      await page.keyboard.press('Enter');
      await waitForText(page, /^Job succeeded \(3 done, 0 failed\)$/, '#job-status');
      await page.locator('#job-download').waitFor();
      expect(sent[0]).toBe('POST /demo/v10-0/render-jobs');
      const id = sent[1]?.split('/').at(-1) ?? '';
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      // Followed by GET once a second, then its result fetched once, with the token.
      const polls = sent.slice(1, -1);
      expect(polls).toEqual(polls.map(() => `GET /demo/v10-0/render-jobs/${id}`));
      expect(sent.at(-1)).toBe(`GET /demo/v10-0/render-jobs/${id}/result`);
      expect(await page.locator('#job-download').innerText()).toMatch(
        new RegExp(`^Download render-job-${id}\\.zip \\(\\d+(\\.\\d)? (KiB|bytes)\\)$`),
      );
      expect(await page.locator('#job-failures').isHidden()).toBe(true);

      const zip = await download(page);
      expect(zip.name).toBe(`render-job-${id}.zip`);
      const entries = await unzip(zip.bytes);
      expect(entries.map((entry) => entry.name)).toEqual(names.map((name) => `brief-${name}.pdf`));
      for (const [index, entry] of entries.entries()) {
        expect(entry.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect((await extractPdf(entry.bytes)).text).toContain(`Grüezi ${names[index]}`);
      }

      // The same items merged: one PDF, a page each in their order; the zip's blob: URL is revoked.
      const zipUrl = (await page.getAttribute('#job-download', 'href')) as string;
      await page.getByLabel('Result').selectOption('merged');
      await page.click('#job-start');
      await page
        .locator('#job-download')
        .filter({ hasText: /\.pdf / })
        .waitFor();
      expect(await page.locator('#job-status').innerText()).toBe('Job succeeded (3 done, 0 failed)');
      const merged = await download(page);
      expect(merged.name).toMatch(/^render-job-[0-9a-f-]{36}\.pdf$/);
      expect(merged.name).not.toContain(id);
      const pages = (await extractPdf(merged.bytes)).pages;
      expect(pages).toHaveLength(3);
      pages.forEach((text, index) => expect(text).toContain(`Grüezi ${names[index]}`));
      await expect(blobAt(page, zipUrl)).rejects.toThrow(/Failed to fetch/);
      expect(console).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 90_000);

  it('lists the items that failed with their problems, as text, and shows a refused job’s 400 beside its fields', async () => {
    const { page, console } = await openPlayground();
    try {
      const sent = jobRequests(page);
      await page.fill('#token', renderOnlyToken);
      await waitForText(page, /inline@sha256:[0-9a-f]{16} → application\/pdf/);
      await page.click('#job summary');
      await page.selectOption('#input-format', 'txt');
      await page.fill('#template', 'Rechnung {{[<i>nr</i>]}} für {{name}}');
      await page.fill('#options', '{"strict": true}');
      await page.fill('#data', '{"name": "Anna", "<i>nr</i>": "1"}');
      // The items are copies of the data until edited: the second lacks the number.
      expect(JSON.parse(await page.inputValue('#job-items'))).toHaveLength(3);
      await page.fill(
        '#job-items',
        '[{"name": "Anna", "<i>nr</i>": "1"}, {"name": "Beat"}, {"name": "Carla", "<i>nr</i>": "3"}]',
      );
      await page.click('#job-start');
      await waitForText(page, /^Job succeeded \(2 done, 1 failed\)$/, '#job-status');
      const failures = page.locator('#job-failures');
      expect(await failures.locator('h2').innerText()).toBe('1 item failed');
      expect(await failures.locator('li').allInnerTexts()).toEqual([
        'items[1]: The data has no value for this path of the template (rendererOptions.strict): <i>nr</i>; the first at line 1, column 12.',
      ]);
      // The author's characters are text, never markup.
      expect(await failures.locator('i').count()).toBe(0);
      await page.locator('#job-download').waitFor();

      // Items that are not JSON are not sent.
      const posts = () => sent.filter((request) => request.startsWith('POST')).length;
      expect(posts()).toBe(1);
      await page.fill('#job-items', '[{"name": ');
      await page.click('#job-start');
      await waitForText(page, /^The items are not JSON: /, '#job-status');
      expect(await page.getAttribute('#job-items', 'class')).toContain('invalid');
      expect(posts()).toBe(1);

      // Items that are not an array: a 400 on items, shown beside the button and at the field.
      await page.fill('#job-items', '{"name": "Anna"}');
      await page.click('#job-start');
      await waitForText(page, /^The job was not started: 400 · One or more validation errors/, '#job-status');
      expect(posts()).toBe(2);
      const problem = page.locator('#job-problem');
      expect(await problem.locator('h2').innerText()).toBe('400 One or more validation errors occurred.');
      expect(await problem.locator('p.detail').innerText()).toBe('The request is invalid; see errors.');
      expect(await problem.locator('li').allInnerTexts()).toEqual([
        expect.stringMatching(/^items: items must /),
      ]);
      expect(await page.getAttribute('#job-items', 'class')).toContain('invalid');

      // An item that is not an object and a file name that does not compile: each path with its message.
      await page.fill('#job-items', '[{"name": "Anna"}, "Beat"]');
      expect(await page.getAttribute('#job-items', 'class')).not.toContain('invalid');
      await page.fill('#job-file-name', '{{#if}}');
      await page.click('#job-start');
      await problem.locator('li').nth(1).waitFor();
      expect(posts()).toBe(3);
      expect(await problem.locator('li').allInnerTexts()).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^items\[1\]: \S/),
          expect.stringMatching(/^fileName: fileName is not a Handlebars template that compiles/),
        ]),
      );
      expect(await page.getAttribute('#job-items', 'class')).toContain('invalid');
      expect(await page.getAttribute('#job-file-name', 'class')).toContain('invalid');
      // The last job's outcome is gone.
      expect(await failures.isHidden()).toBe(true);
      expect(await page.locator('#job-download').isHidden()).toBe(true);
      expect(console).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 90_000);

  it('stops following a job when another template is picked', async () => {
    const { page, console } = await openPlayground();
    const pool = service.app.get(RenderPool);
    const latches: Array<ReturnType<RenderPool['hold']>> = [];
    try {
      const sent = jobRequests(page);
      await page.fill('#token', fullToken);
      await page.waitForSelector('#template-select option[value="demo-invoice"]', { state: 'attached' });
      await waitForText(page, /inline@sha256:[0-9a-f]{16} → application\/pdf/);
      await page.click('#job summary');
      // The job's check is held in a worker; then the next latch holds its items, as long renders
      // would, while the first lets the check go on (a task is held by the latch it was handed with).
      latches.push(pool.hold());
      await page.click('#job-start');
      await latches[0].arrived(1);
      latches.push(pool.hold());
      latches[0].release();
      await latches[1].arrived(1);
      await waitForText(page, /^Job (queued|running 0 of 3)$/, '#job-status');
      await page.selectOption('#template-select', 'demo-invoice');
      await waitForText(page, /^No longer following the job: another template was picked\.$/, '#job-status');
      const reads = sent.length;
      latches[1].release();
      await waitForText(page, /demo-invoice@1 → application\/pdf/);
      // Its items copy the picked template's sample data now.
      expect(JSON.parse(await page.inputValue('#job-items'))).toEqual([
        DEMO_INVOICE.data,
        DEMO_INVOICE.data,
        DEMO_INVOICE.data,
      ]);
      await page.waitForTimeout(2_500);
      expect(sent.slice(reads)).toEqual([]);
      expect(console).toEqual([]);
    } finally {
      for (const latch of latches) latch.release();
      await page.context().close();
    }
  }, 60_000);
});
