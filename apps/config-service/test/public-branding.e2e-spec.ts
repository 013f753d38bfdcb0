import { testToken } from '@portal/testing';

import { startConfigService, uiTemplateBody } from './config-test-app';

type Service = Awaited<ReturnType<typeof startConfigService>>;
type Body = Record<string, any>;

const V10 = '/demo/v10-0/ui-templates';
const brandingOf = (name: string): string => `${V10}/${encodeURIComponent(name)}/branding`;
/** Not the allow-list's: only the public route answers it. */
const FOREIGN_ORIGIN = 'https://login.other-canton.example';

describe('config-service public branding (HTTP, real PostgreSQL)', () => {
  let service: Service;
  let template: Body;

  beforeAll(async () => {
    service = await startConfigService('config_public_branding', {
      CORS_ORIGINS: 'https://portal.example.ch',
    });
    const created = await service.writer.post<Body>(V10, uiTemplateBody({ name: 'Kanton Zürich/Login' }));
    expect(created.status).toBe(201);
    template = created.body;
  });

  afterAll(async () => {
    await service?.close();
  });

  it('answers without a token: the branding in the shapes of the template, no sender identifiers nor audit', async () => {
    const response = await service.anonymous.get<Body>(brandingOf(template.name));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(response.body).sort()).toEqual(
      [
        'accessibility',
        'colorPalette',
        'displayName',
        'footerLogo',
        'headerLogo',
        'links',
        'name',
        'socialNetworks',
        'svgCssFilter',
      ].sort(),
    );
    for (const key of [
      'name',
      'displayName',
      'svgCssFilter',
      'colorPalette',
      'accessibility',
      'headerLogo',
      'footerLogo',
      'links',
      'socialNetworks',
    ])
      expect(response.body[key]).toEqual(template[key]);
    expect(response.text).not.toMatch(/sender-|createdBy|alice|createStamp|"id"/);
  });

  it('is cacheable by anyone for 5 minutes, with a strong ETag that is a hash of the body', async () => {
    const response = await service.anonymous.get(brandingOf(template.name));
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    // The same bytes, the same tag; HEAD too.
    const again = await service.anonymous.get(brandingOf(template.name));
    expect(again.text).toBe(response.text);
    expect(again.headers.get('etag')).toBe(etag);
    const head = await service.anonymous.head(brandingOf(template.name));
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    expect(response.headers.get('vary')).toBeNull();
  });

  it('answers 304 without a body to If-None-Match naming the current tag (list, weak, *)', async () => {
    const etag = (await service.anonymous.get(brandingOf(template.name))).headers.get('etag') as string;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"stale", ${etag}`, '*']) {
      const response = await service.anonymous.get(brandingOf(template.name), {
        headers: { 'if-none-match': ifNoneMatch },
      });
      expect(response.status).toBe(304);
      expect(response.text).toBe('');
      expect(response.headers.get('etag')).toBe(etag);
      expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    }
    const stale = await service.anonymous.get(brandingOf(template.name), {
      headers: { 'if-none-match': '"stale"' },
    });
    expect(stale.status).toBe(200);
  });

  it('ignores a token, even a bad one: the route is public', async () => {
    const response = await service.anonymous.withToken('not-a-jwt').get(brandingOf(template.name));
    expect(response.status).toBe(200);
  });

  it('answers 404 with a problem for an unknown name, also with If-None-Match: *, and is not under v9-1', async () => {
    for (const headers of [{}, { 'if-none-match': '*' }] as Record<string, string>[]) {
      const response = await service.anonymous.get<Body>(brandingOf('no-such-template'), { headers });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(response.body).toMatchObject({
        status: 404,
        detail: "No UI template is named 'no-such-template'.",
      });
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
    const v9 = await service.anonymous.get(
      `/demo/v9-1/ui-templates/${encodeURIComponent(template.name)}/branding`,
    );
    expect(v9.status).toBe(404);
  });

  it('changes the ETag with a write that changes the branding, and keeps it when the branding is the same', async () => {
    const before = (await service.anonymous.get(brandingOf(template.name))).headers.get('etag') as string;
    const { name: _name, createdBy: _createdBy, ...fields } = uiTemplateBody();
    const update = (overrides: Body) =>
      service.writer.put(`${V10}/${encodeURIComponent(template.name)}`, {
        ...fields,
        ...overrides,
        updatedBy: 'bob',
      });

    const palette = { ...template.colorPalette, primaryColor: '#A51E14' };
    expect((await update({ colorPalette: palette })).status).toBe(200);
    const changed = await service.anonymous.get<Body>(brandingOf(template.name), {
      headers: { 'if-none-match': before },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.colorPalette.primaryColor).toBe('#A51E14');
    const after = changed.headers.get('etag') as string;
    expect(after).not.toBe(before);

    // Only sender identifiers and audit fields change: the branding, and its tag, stay.
    expect((await update({ colorPalette: palette, senderIdentifiers: ['another-sender'] })).status).toBe(200);
    const same = await service.anonymous.get(brandingOf(template.name), {
      headers: { 'if-none-match': after },
    });
    expect(same.status).toBe(304);
  });

  describe('CORS', () => {
    it('lets any origin read it, the ETag exposed, without Vary: Origin', async () => {
      const response = await service.anonymous.get(brandingOf(template.name), {
        headers: { origin: FOREIGN_ORIGIN },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
      const exposed = (response.headers.get('access-control-expose-headers') ?? '')
        .toLowerCase()
        .split(/,\s*/);
      expect(exposed).toEqual(expect.arrayContaining(['etag', 'x-correlation-id', 'ratelimit-remaining']));
      expect(response.headers.get('vary')).toBeNull();
    });

    it('answers the preflight of any origin, If-None-Match allowed', async () => {
      const response = await service.anonymous.send('OPTIONS', brandingOf(template.name), {
        headers: {
          origin: FOREIGN_ORIGIN,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'if-none-match',
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
      expect(response.headers.get('access-control-allow-headers')).toMatch(/^If-None-Match, /);
      // Another method on the same path is CORS_ORIGINS's to answer: refused for this origin.
      const write = await service.anonymous.send('OPTIONS', brandingOf(template.name), {
        headers: { origin: FOREIGN_ORIGIN, 'access-control-request-method': 'DELETE' },
      });
      expect(write.status).toBe(403);
      expect(write.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('leaves every other route to CORS_ORIGINS: the same origin is refused on the template read', async () => {
      const path = `${V10}/${encodeURIComponent(template.name)}`;
      const read = await service.reader.get(path, { headers: { origin: FOREIGN_ORIGIN } });
      expect(read.status).toBe(200);
      expect(read.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await service.anonymous.send('OPTIONS', path, {
        headers: { origin: FOREIGN_ORIGIN, 'access-control-request-method': 'GET' },
      });
      expect(preflight.status).toBe(403);
      // The allowed origin is still answered with its own name, not *.
      const allowed = await service.reader.get(path, { headers: { origin: 'https://portal.example.ch' } });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://portal.example.ch');
    });
  });
});

describe('config-service public branding: rate limits by client address', () => {
  let service: Service;

  beforeAll(async () => {
    service = await startConfigService('config_public_branding_rates', {
      RATE_LIMIT_PER_MINUTE: '3',
      RATE_LIMIT_BURST: '100',
      // The test client stands for the ingress controller (believed by none by default).
      TRUSTED_PROXIES: 'loopback',
    });
    expect((await service.writer.post(V10, uiTemplateBody({ name: 'limited' }))).status).toBe(201);
  });

  afterAll(async () => {
    await service?.close();
  });

  it('counts anonymous callers by address, whatever token they send, and each address apart', async () => {
    // The service trusts its proxy (TRUSTED_PROXIES), so X-Forwarded-For names the client's address.
    const from = (address: string, token?: string) =>
      service.anonymous.withToken(token ?? null).get(brandingOf('limited'), {
        headers: { 'x-forwarded-for': address },
      });
    const tokens = await Promise.all(
      ['a', 'b', 'c'].map((sub) => testToken(['ConfigApi_Read'], { subject: sub })),
    );
    for (const token of tokens) expect((await from('198.51.100.7', token)).status).toBe(200);
    const refused = await from('198.51.100.7', await testToken(['ConfigApi_Read'], { subject: 'd' }));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect((await from('198.51.100.8')).status).toBe(200);
  });
});
