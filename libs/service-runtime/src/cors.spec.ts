import { InvalidEnvironmentError, loadEnv } from '@portal/env';

import Fastify from 'fastify';

import { ProblemRenderer } from '@portal/problem-details';

import {
  corsOriginsOf,
  DEVELOPMENT_CORS_ORIGINS,
  isOriginAllowed,
  refuseForeignPreflights,
  routePathPattern,
} from './cors';
import { ServiceEnvironment } from './service-environment';

describe(corsOriginsOf.name, () => {
  it('allows the localhost origins by default outside production, and none in production', () => {
    expect(corsOriginsOf(undefined, 'development')).toEqual(DEVELOPMENT_CORS_ORIGINS);
    expect(corsOriginsOf(undefined, 'test')).toEqual(DEVELOPMENT_CORS_ORIGINS);
    expect(corsOriginsOf(undefined, 'production')).toEqual([]);
  });

  it('takes the comma-separated list when set, an empty value allowing none', () => {
    expect(corsOriginsOf(' https://a.example.ch , http://localhost:*', 'production')).toEqual([
      'https://a.example.ch',
      'http://localhost:*',
    ]);
    expect(corsOriginsOf('', 'development')).toEqual([]);
  });
});

describe(isOriginAllowed.name, () => {
  const allowList = ['https://portal.example.ch', 'http://localhost:*'];

  it.each(['https://portal.example.ch', 'http://localhost:5173', 'http://localhost', 'http://localhost:80'])(
    'allows %s',
    (origin) => {
      expect(isOriginAllowed(origin, allowList)).toBe(true);
    },
  );

  it.each([
    ['another scheme', 'http://portal.example.ch'],
    ['another port of an exact origin', 'https://portal.example.ch:8443'],
    ['a suffix of an allowed host', 'https://portal.example.ch.evil.com'],
    ['a host that starts like localhost', 'http://localhost.evil.com'],
    ['a port pattern followed by more', 'http://localhost:5173.evil.com'],
    ['https on a port pattern for http', 'https://localhost:5173'],
    ['the opaque origin of a file', 'null'],
  ])('refuses %s', (_case, origin) => {
    expect(isOriginAllowed(origin, allowList)).toBe(false);
  });

  it('allows any origin with *, and none with an empty list', () => {
    expect(isOriginAllowed('https://anything.example', ['*'])).toBe(true);
    expect(isOriginAllowed('http://localhost:3000', [])).toBe(false);
  });
});

describe('CORS_ORIGINS in the environment', () => {
  const load = (value: string): ServiceEnvironment =>
    loadEnv(ServiceEnvironment, { CORS_ORIGINS: value }, { PORT: '3001', EMBEDDED_DATABASE_DIR: '.data/t' });

  it.each(['https://portal.example.ch', 'https://a.example.ch, http://localhost:*', '*', 'http://[::1]:*'])(
    'accepts %p',
    (value) => {
      expect(load(value).CORS_ORIGINS).toBe(value);
    },
  );

  it.each(['portal.example.ch', 'https://portal.example.ch/', 'ftp://x.example', 'https://a.example.ch;x'])(
    'refuses %p at start-up',
    (value) => {
      expect(() => load(value)).toThrow(InvalidEnvironmentError);
    },
  );
});

describe(refuseForeignPreflights.name, () => {
  const fastify = Fastify();
  const logger = { log: jest.fn(), error: jest.fn(), warn: jest.fn() };
  refuseForeignPreflights(fastify, ['https://portal.example.ch'], new ProblemRenderer([], logger));
  fastify.options('/x', (_request, reply) => reply.send('passed'));
  afterAll(() => fastify.close());

  const options = (headers: Record<string, string>) =>
    fastify.inject({ method: 'OPTIONS', url: '/x', headers });

  it('answers a preflight from an origin not allowed with a 403 naming it and CORS_ORIGINS', async () => {
    const refused = await options({ Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json()).toMatchObject({
      status: 403,
      detail:
        'The origin https://evil.example may not call this service from a browser: CORS_ORIGINS does not list it.',
    });
  });

  it('lets pass an allowed origin, and an OPTIONS that is no preflight', async () => {
    const notRefused: Record<string, string>[] = [
      { Origin: 'https://portal.example.ch', 'Access-Control-Request-Method': 'GET' },
      { Origin: 'https://evil.example' },
      {},
    ];
    for (const headers of notRefused) expect((await options(headers)).payload).toBe('passed');
  });
});

describe(routePathPattern.name, () => {
  const pattern = routePathPattern('/demo/v10-0/ui-templates/:uiTemplateName/branding');

  it.each(['/demo/v10-0/ui-templates/canton-demo/branding', '/demo/v10-0/ui-templates/a%2Fb/branding'])(
    'matches %s',
    (path) => {
      expect(pattern.test(path)).toBe(true);
    },
  );

  it.each([
    ['another tenant', '/other/v10-0/ui-templates/x/branding'],
    ['another version', '/demo/v9-1/ui-templates/x/branding'],
    ['the template itself', '/demo/v10-0/ui-templates/x'],
    ['a deeper path', '/demo/v10-0/ui-templates/x/y/branding'],
    ['an empty name', '/demo/v10-0/ui-templates//branding'],
    ['a dot read as any character', '/demo/v10-0/ui-templates/x/branding/'],
  ])('does not match %s', (_case, path) => {
    expect(pattern.test(path)).toBe(false);
  });

  it('escapes the literal segments', () => {
    expect(routePathPattern('/a.b/:id').test('/aXb/1')).toBe(false);
  });
});
