import { InvalidEnvironmentError, loadEnv } from '@portal/env';

import { DemoDataEnvironment } from './demo-data-environment';

const DEFAULTS = { PORT: '3001', EMBEDDED_DATABASE_DIR: '.data/test' };
const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://portal:pw@db:5432/config',
  AUTH_JWT_SECRET: 'a-production-secret-of-32-characters-or-more',
};

const modeOf = (env: Record<string, string>): string =>
  loadEnv(DemoDataEnvironment, env, DEFAULTS).demoDataMode;

describe(DemoDataEnvironment.name, () => {
  it.each([
    [{}, 'auto'],
    [{ NODE_ENV: 'test' }, 'auto'],
    [{ SEED_DEMO_DATA: '' }, 'auto'],
    [PRODUCTION, 'never'],
    [{ SEED_DEMO_DATA: 'always' }, 'always'],
    [{ SEED_DEMO_DATA: 'never' }, 'never'],
    [{ ...PRODUCTION, SEED_DEMO_DATA: 'auto' }, 'auto'],
    [{ ...PRODUCTION, SEED_DEMO_DATA: 'always' }, 'always'],
  ])('%j seeds in mode %s', (env, mode) => {
    expect(modeOf(env)).toBe(mode);
  });

  it.each(['yes', 'AUTO', 'true'])('refuses SEED_DEMO_DATA=%j with one clear problem', (value) => {
    expect(() => modeOf({ SEED_DEMO_DATA: value })).toThrow(InvalidEnvironmentError);
    try {
      modeOf({ SEED_DEMO_DATA: value });
    } catch (error) {
      expect((error as InvalidEnvironmentError).problems).toEqual([
        expect.stringContaining('SEED_DEMO_DATA must be auto, always or never'),
      ]);
    }
  });
});
