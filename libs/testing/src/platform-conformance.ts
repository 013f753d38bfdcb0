import { connect } from 'node:net';

import { DataSource } from 'typeorm';

import { CONTENT_SECURITY_POLICIES, type ServiceEnvironment } from '@portal/service-runtime';

import { expectOpenApiCommitted, type RunningTestApp, startTestApp } from './test-app';
import { TestClient, testToken } from './test-client';

/** Sends `request` as it is written on a connection of its own; what comes back until the close. */
function rawExchange(baseUrl: string, request: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(request));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
  });
}

interface ProblemBody {
  readonly status: number;
  readonly title: string;
  readonly correlationId: string;
  readonly errors?: Record<string, string[]>;
}

export interface PlatformUnderTest {
  readonly anonymous: TestClient;
  /** A caller with a valid token, whatever its roles. */
  readonly authenticated: TestClient;
  /** A caller allowed to POST to the options' `bodyRoute`. */
  readonly writer: TestClient;
}

/**
 * The environment the platform routes are tested in: the test client stands for the ingress
 * controller, whose X-Forwarded-Proto the service believes once TRUSTED_PROXIES names it (none by
 * default).
 */
export const PLATFORM_TEST_ENV: Readonly<Record<string, string>> = { TRUSTED_PROXIES: 'loopback' };

/**
 * What every service serves the same way (contract 1, 4, 5): health, metrics, docs, correlation
 * ids and 404 problems. Call inside a describe whose beforeAll starts the service.
 */
export function itServesThePlatformRoutes(
  service: () => PlatformUnderTest,
  options: {
    readonly openApiFile: string;
    readonly tenantPath: string;
    readonly expectedPaths: readonly string[];
    /** A POST route with a JSON body, for the checks every body route shares. */
    readonly bodyRoute: string;
  },
): void {
  it('reports liveness, readiness (the pod) and the health details (the database) without a token', async () => {
    expect((await service().anonymous.get('/health/live')).body).toEqual({ status: 'ok' });
    const ready = await service().anonymous.get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok' });
    const details = await service().anonymous.get('/health');
    expect(details.status).toBe(200);
    expect(details.body).toEqual({ status: 'ok', checks: { database: 'up' } });
  });

  it('exposes Prometheus metrics by route template and status', async () => {
    await service().anonymous.get('/health/live');
    const metrics = await service().anonymous.get<string>('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(metrics.body).toMatch(/http_requests_total\{[^}]*route="\/health\/live"[^}]*status="200"/);
    expect(metrics.body).toContain('http_request_duration_seconds_bucket');
  });

  it('sets X-Correlation-Id on every response: echoes a valid one, replaces an invalid one', async () => {
    const echoed = await service().anonymous.get('/health/live', {
      headers: { 'X-Correlation-Id': 'abc-123:x.y_z' },
    });
    expect(echoed.headers.get('x-correlation-id')).toBe('abc-123:x.y_z');
    const replaced = await service().anonymous.get('/health/live', {
      headers: { 'X-Correlation-Id': 'has spaces!' },
    });
    expect(replaced.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 404 problems for unknown routes and for another tenant', async () => {
    for (const url of [
      '/nowhere',
      `/other-tenant${options.tenantPath.replace(/^\/[^/]+/, '')}`,
      `${options.tenantPath}/no-such-resource`,
    ]) {
      const response = await service().authenticated.get<Record<string, unknown>>(url);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(response.body).toMatchObject({
        status: 404,
        correlationId: response.headers.get('x-correlation-id'),
      });
    }
  });

  it('says which tenant it serves when a path names another one', async () => {
    const version = options.tenantPath.split('/')[2];
    const response = await service().authenticated.get<ProblemBody & { detail: string }>(
      `/ge/${version}/anything?PageSize=5`,
    );
    expect(response.status).toBe(404);
    expect(response.body.detail).toBe(
      `This deployment serves the tenant 'demo' only: its paths start with /demo/${version}, not /ge/${version}.`,
    );
  });

  it('names its base path when a path lacks the tenant or writes the version otherwise', async () => {
    const version = options.tenantPath.split('/')[2];
    for (const [path, shown] of [
      [`/${version}/anything`, `/${version}`],
      ['/v10/anything?PageSize=1', '/v10'],
      ['/demo/v10/anything', '/demo/v10'],
    ]) {
      const response = await service().authenticated.get<ProblemBody & { detail: string }>(path);
      expect(response.status).toBe(404);
      expect(response.body.detail).toContain(`/demo/${version}`);
      expect(response.body.detail).toMatch(new RegExp(`, not ${shown.replace(/[/]/g, '\\/')}\\.$`));
      expect(response.body.detail).not.toMatch(/^Cannot GET/);
    }
  });

  it('answers a preflight from an origin not allowed with a 403 problem saying so', async () => {
    const refused = await service().anonymous.send<ProblemBody & { detail: string }>(
      'OPTIONS',
      `${options.tenantPath}/anything`,
      { headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' } },
    );
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({
      status: 403,
      detail: expect.stringContaining('https://evil.example') as unknown,
      correlationId: refused.headers.get('x-correlation-id'),
    });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('names the media type a body must have in a 415, and the line and column of malformed JSON', async () => {
    const text = await service().writer.post<ProblemBody & { detail: string }>(options.bodyRoute, undefined, {
      rawBody: 'name=x',
      contentType: 'text/plain',
    });
    expect(text.status).toBe(415);
    expect(text.body.detail).toBe(
      'The request body must be application/json (Content-Type: application/json), not text/plain.',
    );
    const malformed = await service().writer.post<ProblemBody & { detail: string }>(
      options.bodyRoute,
      undefined,
      {
        rawBody: '{\n  "name": "x",\n}',
      },
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatch(/^The body is not valid JSON at line 3, column 1: /);
  });

  it('answers a CORS preflight from an allowed origin on any route, without a token', async () => {
    for (const url of [`${options.tenantPath}/anything/42`, '/health/ready', '/docs-json']) {
      const preflight = await service().anonymous.send('OPTIONS', url, {
        headers: {
          Origin: 'http://localhost:5173',
          'Access-Control-Request-Method': 'PUT',
          'Access-Control-Request-Headers': 'authorization,content-type,x-correlation-id',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
      expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase().split(/,\s*/)).toEqual(
        expect.arrayContaining(['authorization', 'content-type', 'x-correlation-id']),
      );
    }
  });

  it('adds the CORS headers to responses for an allowed origin, errors included, and none for others', async () => {
    const allowed = await service().anonymous.get(`${options.tenantPath}/anything`, {
      headers: { Origin: 'http://127.0.0.1:8080' },
    });
    expect(allowed.status).toBe(404);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:8080');
    expect(allowed.headers.get('access-control-expose-headers')?.toLowerCase().split(/,\s*/)).toEqual(
      expect.arrayContaining([
        'x-correlation-id',
        'x-pagination-total-count',
        'x-pagination-next-page-link',
        'content-disposition',
        'deprecation',
        'x-render-missing',
        'retry-after',
        'ratelimit-remaining',
        'x-ratelimit-remaining',
      ]),
    );
    for (const origin of ['https://evil.example', 'http://localhost.evil.example:3000']) {
      const refused = await service().anonymous.send('OPTIONS', `${options.tenantPath}/anything`, {
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' },
      });
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
      const plain = await service().anonymous.get('/health/live', { headers: { Origin: origin } });
      expect(plain.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('refuses a body nested deeper than 64 levels with a 400 on $, before anything walks it', async () => {
    const deep = `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`;
    for (const client of [service().writer, service().anonymous]) {
      const response = await client.post<ProblemBody>(options.bodyRoute, undefined, {
        rawBody: deep,
      });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ $: ['The body is nested deeper than 64 levels.'] });
      expect(response.body.correlationId).toBe(response.headers.get('x-correlation-id'));
    }
  });

  it('refuses lone surrogates and NUL on the exact path, even in unknown properties', async () => {
    const response = await service().writer.post<ProblemBody>(options.bodyRoute, undefined, {
      rawBody:
        '{"unknownNote": "x\\ud800", "extra": [{"note": "ok"}, {"note": "\\udc00y"}, {"nul": "a\\u0000"}]}',
    });
    expect(response.status).toBe(400);
    // Under v10-0 the unknown properties are named too (contract 4), in the same answer.
    const unknown: unknown[] = /\/v10-0\//.test(options.bodyRoute)
      ? [expect.stringMatching(/unknown property/)]
      : [];
    expect(response.body.errors).toEqual({
      unknownNote: [expect.stringMatching(/surrogate/), ...unknown],
      ...(unknown.length > 0 ? { extra: unknown } : {}),
      'extra[1].note': [expect.stringMatching(/surrogate/)],
      'extra[2].nul': [expect.stringMatching(/NUL/)],
    });
  });

  it('answers request headers over 16 KiB with a 431 problem that carries a correlation id', async () => {
    const response = await service().anonymous.get<ProblemBody>('/health/live', {
      headers: { 'X-Padding': 'p'.repeat(20 * 1024) },
    });
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(response.body).toMatchObject({
      status: 431,
      title: 'Request Header Fields Too Large',
      correlationId: response.headers.get('x-correlation-id'),
    });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICIES.api);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('answers what the HTTP parser refuses with a 400 problem carrying the security headers', async () => {
    const raw = await rawExchange(
      service().anonymous.baseUrl,
      'GET /health/live HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n',
    );
    const [head, body] = raw.split('\r\n\r\n');
    const lines = head.split('\r\n').map((line) => line.toLowerCase());
    expect(lines[0]).toBe('http/1.1 400 bad request');
    expect(JSON.parse(body)).toMatchObject({ status: 400, detail: 'The request is not valid HTTP.' });
    expect(lines).toEqual(
      expect.arrayContaining([
        'x-content-type-options: nosniff',
        `content-security-policy: ${CONTENT_SECURITY_POLICIES.api.toLowerCase()}`,
        'cache-control: no-store',
        'referrer-policy: no-referrer',
      ]),
    );
  });

  it('sets security headers on every response: nosniff, a policy by what it is, no-store for the API', async () => {
    // Personal data in the query: the run's log scan (global teardown) shows it is not logged.
    const api = await service().authenticated.get(
      `${options.tenantPath}/no-such-resource?EmailContains=anna.muster%40example.ch&PersonAhvNumber=756.1234.5678.97`,
    );
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('referrer-policy')).toBe('no-referrer');
    expect(api.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICIES.api);
    expect(api.headers.get('cache-control')).toBe('no-store');
    // HSTS only where the request came over TLS (here: a trusted proxy says so).
    expect(api.headers.get('strict-transport-security')).toBeNull();
    const overTls = await service().authenticated.get(`${options.tenantPath}/no-such-resource`, {
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(overTls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');

    const refused = await service().anonymous.post(options.bodyRoute, { body: {} });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');

    const docs = await service().anonymous.get('/docs');
    expect(docs.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICIES.page);
    expect(docs.headers.get('cache-control')).not.toBe('no-store');
  });

  it('serves Swagger UI and an OpenAPI document equal to the committed one', async () => {
    expect((await service().anonymous.get('/docs')).status).toBe(200);
    const document = await service().anonymous.get<{ paths: Record<string, unknown> }>('/docs-json');
    expect(document.status).toBe(200);
    expect(Object.keys(document.body.paths)).toEqual(expect.arrayContaining([...options.expectedPaths]));
    expectOpenApiCommitted(document.body, options.openApiFile);
  });
}

/**
 * The whole platform suite for a service: started on a database of its own, the routes above,
 * and its own migration history table.
 */
export function describeServicePlatform<E extends ServiceEnvironment>(options: {
  readonly service: string;
  readonly environment: new () => E;
  readonly defaults: Record<string, string>;
  readonly createApp: Parameters<typeof startTestApp<E>>[0]['createApp'];
  /** Any role of the service: the 404 checks need a caller that passes authentication. */
  readonly role: string;
  /** A POST route with a JSON body, and a role that may call it. */
  readonly bodyRoute: string;
  readonly writeRole: string;
  readonly migrationsTable: string;
  readonly openApiFile: string;
  readonly expectedPaths: readonly string[];
}): void {
  describe(`${options.service} platform routes (HTTP, real PostgreSQL)`, () => {
    let running: RunningTestApp<E>;
    let anonymous: TestClient;
    let authenticated: TestClient;
    let writer: TestClient;

    beforeAll(async () => {
      running = await startTestApp({
        label: `${options.service.replace(/-service$/, '')}_platform`,
        environment: options.environment,
        defaults: options.defaults,
        env: PLATFORM_TEST_ENV,
        createApp: options.createApp,
      });
      anonymous = new TestClient(running.baseUrl);
      authenticated = anonymous.withToken(await testToken([options.role]));
      writer = anonymous.withToken(await testToken([options.writeRole]));
    });

    afterAll(async () => {
      await running?.close();
    });

    itServesThePlatformRoutes(() => ({ anonymous, authenticated, writer }), {
      openApiFile: options.openApiFile,
      tenantPath: '/demo/v10-0',
      expectedPaths: options.expectedPaths,
      bodyRoute: options.bodyRoute,
    });

    it('keeps its own migration history in its own table', async () => {
      const rows: unknown = await running.app
        .get(DataSource)
        .query(`SELECT count(*)::int AS applied FROM ${options.migrationsTable}`);
      expect(rows).toEqual([{ applied: expect.any(Number) as unknown }]);
    });
  });
}
