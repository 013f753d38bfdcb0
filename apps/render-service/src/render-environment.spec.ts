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
