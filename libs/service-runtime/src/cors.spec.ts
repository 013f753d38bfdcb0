import { InvalidEnvironmentError, loadEnv } from '@portal/env';

import { corsOriginsOf, DEVELOPMENT_CORS_ORIGINS, isOriginAllowed } from './cors';
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
