import Fastify, { type FastifyInstance } from 'fastify';

import { CONTENT_SECURITY_POLICIES, helmetHeaders, registerSecurityHeaders } from './security-headers';

describe(helmetHeaders.name, () => {
  it("records helmet's headers once, by lower-case name, without the two set per response", () => {
    const headers = helmetHeaders();
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'x-frame-options': 'SAMEORIGIN',
    });
    expect(headers).not.toHaveProperty('content-security-policy');
    expect(headers).not.toHaveProperty('strict-transport-security');
    expect(Object.isFrozen(headers)).toBe(true);
  });
});

describe(registerSecurityHeaders.name, () => {
  let fastify: FastifyInstance;

  beforeAll(async () => {
    fastify = Fastify({ trustProxy: true });
    registerSecurityHeaders(fastify);
    fastify.get('/demo/v10-0/things', () => ({ id: 1 }));
    fastify.get('/demo/v10-0/cached', (_request, reply) =>
      reply.header('cache-control', 'max-age=60').send({}),
    );
    fastify.get('/demo/v10-0/document', (_request, reply) => reply.type('text/html').send('<p>hi</p>'));
    fastify.get('/docs', (_request, reply) => reply.type('text/html').send('<html></html>'));
    await fastify.ready();
  });

  afterAll(() => fastify.close());

  it("sets helmet's headers, the API policy and no-store on a JSON response, and on a 404", async () => {
    for (const url of ['/demo/v10-0/things', '/demo/v10-0/nothing']) {
      const { headers } = await fastify.inject({ url });
      expect(headers).toMatchObject({ ...helmetHeaders(), 'cache-control': 'no-store' });
      expect(headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICIES.api);
      expect(headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('gives an html document its policy, pages theirs, and keeps a cache-control a route set', async () => {
    const document = await fastify.inject({ url: '/demo/v10-0/document' });
    expect(document.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICIES.document);
    const page = await fastify.inject({ url: '/docs' });
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICIES.page);
    expect(page.headers['cache-control']).toBeUndefined();
    const cached = await fastify.inject({ url: '/demo/v10-0/cached' });
    expect(cached.headers['cache-control']).toBe('max-age=60');
  });

  it('adds HSTS where a trusted proxy says the request came over TLS', async () => {
    const { headers } = await fastify.inject({
      url: '/demo/v10-0/things',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
