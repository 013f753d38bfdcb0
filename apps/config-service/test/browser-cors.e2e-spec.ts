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

describeInBrowser('config-service called from a page on another origin (headless Chromium)', (browser) => {
  let service: Service;
  let allowedPage: PageServer;
  let refusedPage: PageServer;
  let listUrl: string;
  let token: string;

  beforeAll(async () => {
    // Pages on 127.0.0.1 are allowed; pages on localhost are another origin, not on the list.
    service = await startConfigService('config_browser_cors', { CORS_ORIGINS: 'http://127.0.0.1:*' });
    expect((await service.writer.post('/demo/v10-0/ui-templates', uiTemplateBody())).status).toBe(201);
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
