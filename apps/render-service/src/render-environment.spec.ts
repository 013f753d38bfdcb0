import { InvalidEnvironmentError, loadEnv } from '@portal/env';

import { RENDER_ENV_DEFAULTS, RenderEnvironment } from './render-environment';

const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://render@db/render',
  AUTH_JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
};

const load = (env: Record<string, string>): RenderEnvironment =>
  loadEnv(RenderEnvironment, env, RENDER_ENV_DEFAULTS);

describe('RENDER_PLAYGROUND', () => {
  it.each([
    ['development, unset', true, { NODE_ENV: 'development' }],
    ['test, unset', true, { NODE_ENV: 'test' }],
    ['production, unset', false, PRODUCTION],
    ['production, on', true, { ...PRODUCTION, RENDER_PLAYGROUND: 'on' }],
    ['production, ON with spaces', true, { ...PRODUCTION, RENDER_PLAYGROUND: ' ON ' }],
    ['production, off', false, { ...PRODUCTION, RENDER_PLAYGROUND: 'off' }],
    ['development, off', false, { NODE_ENV: 'development', RENDER_PLAYGROUND: 'off' }],
  ])('%s: served %p', (_case, enabled, env) => {
    expect(load(env).playgroundEnabled).toBe(enabled);
  });

  it.each(['yes', 'true', '1', 'enabled'])('refuses %p at start-up, naming the values it takes', (value) => {
    expect(() => load({ RENDER_PLAYGROUND: value })).toThrow(InvalidEnvironmentError);
    expect(() => load({ RENDER_PLAYGROUND: value })).toThrow(
      `RENDER_PLAYGROUND ('${value}'): RENDER_PLAYGROUND must be on or off`,
    );
  });
});

describe('CONFIG_SERVICE_URL and RENDER_IMAGE_HOSTS', () => {
  it('reads config-service at the contract’s local port unless told, and logos from no host', () => {
    const env = load({ NODE_ENV: 'development' });
    expect(env.CONFIG_SERVICE_URL).toBe('http://127.0.0.1:3001');
    expect(env.imageHosts).toEqual([]);
  });

  it('takes a cluster address and a list of hosts, with ports, in any case', () => {
    const env = load({
      CONFIG_SERVICE_URL: 'http://config-service',
      RENDER_IMAGE_HOSTS: ' cdn.Kanton.ch, logos.example.ch:8443 ,',
    });
    expect(env.CONFIG_SERVICE_URL).toBe('http://config-service');
    expect(env.imageHosts).toEqual(['cdn.kanton.ch', 'logos.example.ch:8443']);
  });

  it.each([
    ['CONFIG_SERVICE_URL', 'config-service:3001', 'must be an http(s) URL'],
    ['CONFIG_SERVICE_URL', 'ftp://config', 'must be an http(s) URL'],
    ['RENDER_IMAGE_HOSTS', 'https://cdn.kanton.ch', 'comma-separated list of host names'],
    ['RENDER_IMAGE_HOSTS', 'cdn.kanton.ch/logos', 'comma-separated list of host names'],
  ])('refuses %s=%p at start-up', (variable, value, message) => {
    expect(() => load({ [variable]: value })).toThrow(message);
  });
});

describe('RENDER_CALLBACK_HOSTS and RENDER_CALLBACK_SECRET', () => {
  const secretOf = (bytes: number): string => `whsec_${Buffer.alloc(bytes, 7).toString('base64')}`;
  const SECRET = secretOf(32);

  it('sends callbacks to no host unless told, and needs no secret then', () => {
    const env = load({ NODE_ENV: 'development' });
    expect(env.callbackHosts).toEqual([]);
    expect(env.RENDER_CALLBACK_SECRET).toBeUndefined();
    // A secret without hosts signs nothing, and harms nothing.
    expect(load({ RENDER_CALLBACK_SECRET: SECRET }).callbackHosts).toEqual([]);
  });

  it('takes a list of hosts, with ports, in any case, with a whsec_ secret of 24 to 64 bytes', () => {
    const env = load({
      RENDER_CALLBACK_HOSTS: ' Hooks.Kanton.ch, erp.example.ch:8443 ,',
      RENDER_CALLBACK_SECRET: SECRET,
    });
    expect(env.callbackHosts).toEqual(['hooks.kanton.ch', 'erp.example.ch:8443']);
    expect(env.RENDER_CALLBACK_SECRET).toBe(SECRET);
    for (const bytes of [24, 64])
      expect(
        load({ RENDER_CALLBACK_HOSTS: 'hooks.kanton.ch', RENDER_CALLBACK_SECRET: secretOf(bytes) }),
      ).toBeDefined();
  });

  it('refuses hosts without the secret that signs their callbacks, in one message', () => {
    const refusal = (): unknown => load({ ...PRODUCTION, RENDER_CALLBACK_HOSTS: 'hooks.kanton.ch' });
    expect(refusal).toThrow(InvalidEnvironmentError);
    expect(refusal).toThrow(
      'RENDER_CALLBACK_SECRET (unset): required with RENDER_CALLBACK_HOSTS; every callback is signed with it',
    );
  });

  it.each([
    ['no whsec_ prefix', Buffer.alloc(32, 7).toString('base64')],
    ['another prefix', `whsk_${Buffer.alloc(32, 7).toString('base64')}`],
    ['23 bytes', secretOf(23)],
    ['65 bytes', secretOf(65)],
    ['base64 without its padding', secretOf(32).replace(/=+$/, '')],
    ['base64url', `whsec_${Buffer.alloc(32, 0xfb).toString('base64url')}=`],
    ['a trailing newline', `${SECRET}\n`],
  ])('refuses a secret with %s, without showing it', (_case, secret) => {
    let error: unknown;
    try {
      load({ RENDER_CALLBACK_HOSTS: 'hooks.kanton.ch', RENDER_CALLBACK_SECRET: secret });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidEnvironmentError);
    const { message } = error as InvalidEnvironmentError;
    expect(message).toContain(
      'RENDER_CALLBACK_SECRET ((hidden)): RENDER_CALLBACK_SECRET must be whsec_ followed by 24 to 64 random bytes in base64',
    );
    expect(message).not.toContain(secret.slice(6, 20));
  });

  it('refuses a host list that is not one', () => {
    expect(() =>
      load({ RENDER_CALLBACK_HOSTS: 'https://hooks.kanton.ch/render', RENDER_CALLBACK_SECRET: SECRET }),
    ).toThrow('RENDER_CALLBACK_HOSTS must be a comma-separated list of host names');
  });
});

describe('MEMORY_LIMIT', () => {
  const RENDER = {
    RENDER_WORKERS: '3',
    RENDER_WORKER_HEAP_MB: '176',
    RENDER_WORKER_YOUNG_GENERATION_MB: '16',
  };

  it('starts when every worker at its worst and the main thread fit 80 % of it, and checks nothing unset', () => {
    // Jest's process has no heap budget: its main thread may take Node's default, some 4 GiB.
    expect(load({ ...RENDER, MEMORY_LIMIT: '16Gi' }).MEMORY_LIMIT).toBe('16Gi');
    expect(load({ ...RENDER, RENDER_WORKERS: '64' }).RENDER_WORKERS).toBe(64);
  });

  it('refuses a budget that does not fit, saying what to change, and a limit that is no quantity', () => {
    expect(() => load({ ...RENDER, MEMORY_LIMIT: '512Mi' })).toThrow(
      /MEMORY_LIMIT \(512Mi\): render-service may take \d+ MiB at its worst .* more than 80 % of MEMORY_LIMIT \(409 of 512 MiB\): lower the workers/,
    );
    expect(() => load({ MEMORY_LIMIT: 'a lot' })).toThrow(
      'MEMORY_LIMIT must be a memory quantity such as 1536Mi or 1.5Gi',
    );
  });
});
