import { describeInBrowser, type PageServer, servePage, testToken } from '@portal/testing';

import { startConfigService, uiTemplateBody } from './config-test-app';

type Service = Awaited<ReturnType<typeof startConfigService>>;

interface FetchOutcome {
  readonly status?: number;
  readonly total?: string | null;
  readonly correlationId?: string | null;
  readonly error?: string;
}

// What a frontend on its own origin does: fetch a list with a bearer token and read the headers.
const FETCH_LIST = async ([url, token]: [string, string]): Promise<FetchOutcome> => {
  try {
    const response = await fetch(url, {
      headers: { Authorization: `Bearer ${token}`, 'X-Correlation-Id': 'browser-test-1' },
    });
    return {
      status: response.status,
      total: response.headers.get('X-Pagination-Total-Count'),
      correlationId: response.headers.get('X-Correlation-Id'),
    };
  } catch (error) {
    return { error: String(error) };
  }
};

interface BrandingOutcome {
  readonly status?: number;
  readonly etag?: string | null;
  readonly name?: string;
  readonly revalidated?: number;
  readonly error?: string;
}

// What a login page does before anyone signs in: read the branding, then revalidate it by its ETag.
const FETCH_BRANDING = async (url: string): Promise<BrandingOutcome> => {
  try {
    // Run in the page.
    const first = await fetch(url, { cache: 'no-store' });
    const etag = first.headers.get('ETag');
    const body = (await first.json()) as { name: string };
    // A header of the page's own: the browser sends a preflight first, and passes the 304 on.
    const second = await fetch(url, {
      cache: 'no-store',
      headers: { 'If-None-Match': etag ?? '' },
    });
    return { status: first.status, etag, name: body.name, revalidated: second.status };
  } catch (error) {
    return { error: String(error) };
  }
};

describeInBrowser('config-service called from a page on another origin (headless Chromium)', (browser) => {
  let service: Service;
  let allowedPage: PageServer;
  let refusedPage: PageServer;
  let listUrl: string;
  let token: string;
  let brandingUrl: string;

  beforeAll(async () => {
    // Pages on 127.0.0.1 are allowed; pages on localhost are another origin, not on the list.
    service = await startConfigService('config_browser_cors', { CORS_ORIGINS: 'http://127.0.0.1:*' });
    const created = await service.writer.post<{ name: string }>('/demo/v10-0/ui-templates', uiTemplateBody());
    expect(created.status).toBe(201);
    brandingUrl = `${service.baseUrl}/demo/v10-0/ui-templates/${encodeURIComponent(created.body.name)}/branding`;
    allowedPage = await servePage('<!doctype html><title>frontend</title>', '127.0.0.1');
    refusedPage = await servePage('<!doctype html><title>elsewhere</title>', 'localhost');
    listUrl = `${service.baseUrl}/demo/v10-0/ui-templates?PageSize=1`;
    token = await testToken(['ConfigApi_Read']);
  });

  afterAll(async () => {
    await allowedPage?.close();
    await refusedPage?.close();
    await service?.close();
  });

  it('lets an allowed page call a list route with a token and read the exposed headers', async () => {
    const page = await browser().newPage();
    try {
      await page.goto(allowedPage.origin);
      const outcome = await page.evaluate(FETCH_LIST, [listUrl, token] as [string, string]);
      expect(outcome).toEqual({ status: 200, total: '1', correlationId: 'browser-test-1' });
    } finally {
      await page.close();
    }
  });

  it('leaves a page on an origin not allowed with a failed fetch', async () => {
    const page = await browser().newPage();
    try {
      await page.goto(refusedPage.origin);
      const outcome = await page.evaluate(FETCH_LIST, [listUrl, token] as [string, string]);
      expect(outcome.error).toMatch(/Failed to fetch/);
    } finally {
      await page.close();
    }
  });

  it('lets a page on any origin, even one CORS_ORIGINS does not list, read the public branding and revalidate it', async () => {
    const page = await browser().newPage();
    try {
      await page.goto(refusedPage.origin);
      const outcome = await page.evaluate(FETCH_BRANDING, brandingUrl);
      expect(outcome).toEqual({
        status: 200,
        etag: expect.stringMatching(/^"[A-Za-z0-9_-]{22}"$/),
        name: expect.stringMatching(/^template-/),
        revalidated: 304,
      });
    } finally {
      await page.close();
    }
  });

  it('renders Swagger UI under its content security policy, without a violation', async () => {
    const page = await browser().newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) violations.push(message.text());
    });
    try {
      await page.goto(`${service.baseUrl}/docs`);
      await page.waitForSelector('.swagger-ui .info .title', { timeout: 10_000 });
      // The operations are listed: the OpenAPI document was fetched under connect-src 'self'.
      await page.waitForSelector('.opblock', { timeout: 10_000 });
      expect(violations).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
