import { DEVELOPMENT_JWT_SECRET } from '@portal/auth';
import { InvalidEnvironmentError, loadEnv } from '@portal/env';

import { authOptionsOf, ServiceEnvironment } from './service-environment';

const DEFAULTS = { PORT: '3001', EMBEDDED_DATABASE_DIR: '.data/test' };
const SECRET = 'a-production-secret-of-32-characters-or-more';
const DATABASE_URL = 'postgres://portal:pw@db:5432/config';
const JWKS_URL = 'http://keycloak:8080/realms/portal/protocol/openid-connect/certs';

const load = (env: Record<string, string>): ServiceEnvironment => loadEnv(ServiceEnvironment, env, DEFAULTS);

function problemsOf(env: Record<string, string>): string[] {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidEnvironmentError);
    return (error as InvalidEnvironmentError).problems;
  }
  throw new Error('Expected an InvalidEnvironmentError');
}

describe(ServiceEnvironment.name, () => {
  it('starts in development with nothing but the service defaults', () => {
    const sut = load({});

    expect(sut).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3001,
      HOST: '0.0.0.0',
      TENANT: 'demo',
      EMBEDDED_DATABASE_DIR: '.data/test',
      DATABASE_POOL_SIZE: 10,
      MIGRATIONS_RUN: true,
      LOG_LEVEL: 'info',
      MAX_CONCURRENT_PER_CALLER: 32,
      MAX_STREAMS_PER_CALLER: 2,
      STREAM_WRITE_DEADLINE_MS: 10_000,
    });
    expect(sut.DATABASE_URL).toBeUndefined();
    expect(sut.AUTH_JWT_SECRET).toBeUndefined();
  });

  it('reads the variables a deployment sets', () => {
    const sut = load({
      NODE_ENV: 'production',
      PORT: '8080',
      TENANT: 'acme_1',
      DATABASE_URL,
      DATABASE_POOL_SIZE: '20',
      MIGRATIONS_RUN: 'false',
      LOG_LEVEL: 'warn',
      AUTH_JWT_SECRET: SECRET,
      REDIS_URL: 'rediss://cache:6380',
      MAX_CONCURRENT_PER_CALLER: '200',
      MAX_STREAMS_PER_CALLER: '1',
      STREAM_WRITE_DEADLINE_MS: '30000',
    });

    expect(sut).toMatchObject({
      NODE_ENV: 'production',
      PORT: 8080,
      TENANT: 'acme_1',
      DATABASE_URL,
      DATABASE_POOL_SIZE: 20,
      MAX_CONCURRENT_PER_CALLER: 200,
      MAX_STREAMS_PER_CALLER: 1,
      STREAM_WRITE_DEADLINE_MS: 30_000,
      MIGRATIONS_RUN: false,
      LOG_LEVEL: 'warn',
      AUTH_JWT_SECRET: SECRET,
    });
  });

  it('refuses production without DATABASE_URL and without an AUTH secret, naming both', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });

    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^DATABASE_URL \(unset\): required in production/);
    expect(problems[1]).toMatch(/^AUTH_JWT_SECRET \(unset\): AUTH_JWT_SECRET or AUTH_JWKS_URL is required/);
  });

  it('accepts production with a JWKS endpoint instead of a secret', () => {
    expect(() =>
      load({
        NODE_ENV: 'production',
        DATABASE_URL,
        AUTH_JWKS_URL: JWKS_URL,
        AUTH_ISSUER: 'i',
        AUTH_AUDIENCE: 'a',
      }),
    ).not.toThrow();
  });

  it.each(['development', 'test'])('does not require a database or secret in %s', (NODE_ENV) => {
    expect(() => load({ NODE_ENV })).not.toThrow();
  });

  it('refuses AUTH_JWKS_URL without AUTH_ISSUER and AUTH_AUDIENCE', () => {
    const problems = problemsOf({ AUTH_JWKS_URL: JWKS_URL });

    expect(problems).toEqual([
      'AUTH_ISSUER (unset): AUTH_ISSUER is required with AUTH_JWKS_URL',
      'AUTH_AUDIENCE (unset): AUTH_AUDIENCE is required with AUTH_JWKS_URL',
    ]);
  });

  it('refuses AUTH_JWKS_URL with AUTH_AUDIENCE but without AUTH_ISSUER', () => {
    expect(problemsOf({ AUTH_JWKS_URL: JWKS_URL, AUTH_AUDIENCE: 'portal' })).toEqual([
      'AUTH_ISSUER (unset): AUTH_ISSUER is required with AUTH_JWKS_URL',
    ]);
  });

  it.each([
    ['NODE_ENV', 'staging'],
    ['PORT', '65536'],
    ['PORT', 'http'],
    ['TENANT', 'a/b'],
    ['TENANT', 't'.repeat(64)],
    ['DATABASE_POOL_SIZE', '0'],
    ['MAX_CONCURRENT_PER_CALLER', '0'],
    ['MAX_STREAMS_PER_CALLER', '0'],
    ['STREAM_WRITE_DEADLINE_MS', '99'],
    ['STREAM_WRITE_DEADLINE_MS', '10s'],
    ['MIGRATIONS_RUN', 'maybe'],
    ['LOG_LEVEL', 'verbose'],
    ['AUTH_JWKS_URL', 'ftp://keycloak/certs'],
  ])('refuses %s=%p', (name, value) => {
    const problems = problemsOf({ AUTH_ISSUER: 'https://idp', AUTH_AUDIENCE: 'portal', [name]: value });

    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((problem) => problem.startsWith(`${name} ('${value}'): `))).toBe(true);
  });

  it.each([
    ['DATABASE_URL', 'mysql://root:topsecret@db/x'],
    ['AUTH_JWT_SECRET', 'topsecret-too-short'],
    ['REDIS_URL', 'memcached://user:topsecret@cache'],
  ])('hides the value of the sensitive %s', (name, value) => {
    const problems = problemsOf({ [name]: value });

    expect(problems).toEqual([expect.stringMatching(new RegExp(`^${name} \\(\\(hidden\\)\\): `))]);
    expect(problems.join('\n')).not.toContain('topsecret');
  });
});

describe(authOptionsOf.name, () => {
  it('verifies with the JWKS endpoint when it is configured', () => {
    const env = load({
      AUTH_JWKS_URL: JWKS_URL,
      AUTH_ISSUER: 'https://idp',
      AUTH_AUDIENCE: 'portal',
      AUTH_JWT_SECRET: SECRET,
    });

    expect(authOptionsOf(env)).toEqual({
      mode: 'jwks',
      jwksUrl: JWKS_URL,
      issuer: 'https://idp',
      audience: 'portal',
      maxTokenLifetimeSeconds: 86_400,
    });
  });

  it('verifies with the configured secret otherwise', () => {
    const env = load({ AUTH_JWT_SECRET: SECRET, AUTH_ISSUER: 'https://idp' });

    expect(authOptionsOf(env)).toEqual({
      mode: 'secret',
      secret: SECRET,
      issuer: 'https://idp',
      audience: undefined,
      maxTokenLifetimeSeconds: 86_400,
    });
  });

  it('falls back to the development secret when none is configured', () => {
    expect(authOptionsOf(load({}))).toEqual({
      mode: 'secret',
      secret: DEVELOPMENT_JWT_SECRET,
      issuer: undefined,
      audience: undefined,
      maxTokenLifetimeSeconds: 86_400,
    });
  });

  it('takes the longest token lifetime accepted from AUTH_MAX_TOKEN_LIFETIME', () => {
    expect(authOptionsOf(load({ AUTH_MAX_TOKEN_LIFETIME: '3600' })).maxTokenLifetimeSeconds).toBe(3600);
    expect(problemsOf({ AUTH_MAX_TOKEN_LIFETIME: '10' }).join()).toMatch(/AUTH_MAX_TOKEN_LIFETIME/);
  });
});
