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
