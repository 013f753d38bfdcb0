import { randomBytes } from 'node:crypto';

import { InvalidEnvironmentError, loadEnv } from '@portal/env';

import {
  DEVELOPMENT_SETTINGS_ENCRYPTION_KEY,
  PROFILE_ENV_DEFAULTS,
  ProfileEnvironment,
} from './profile-environment';

const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://profile:pw@db:5432/profile',
  AUTH_JWT_SECRET: 'a-production-secret-of-32-characters-or-more',
};
const key = () => randomBytes(32).toString('base64');

const load = (env: Record<string, string>): ProfileEnvironment =>
  loadEnv(ProfileEnvironment, env, PROFILE_ENV_DEFAULTS);

function problemsOf(env: Record<string, string>): string[] {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidEnvironmentError);
    return (error as InvalidEnvironmentError).problems;
  }
  throw new Error('Expected an InvalidEnvironmentError');
}

describe(ProfileEnvironment.name, () => {
  it('uses the public development key outside production when none is set', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const sut = load({ NODE_ENV });
      expect(sut.settingsEncryptionKeys).toEqual({
        current: Buffer.from(DEVELOPMENT_SETTINGS_ENCRYPTION_KEY, 'base64'),
        previous: [],
      });
      expect(sut.settingsEncryptionKeys.current).toHaveLength(32);
    }
  });

  it('reads the key and the previous keys a deployment sets', () => {
    const [current, first, second] = [key(), key(), key()];
    const sut = load({
      ...PRODUCTION,
      SETTINGS_ENCRYPTION_KEY: current,
      SETTINGS_ENCRYPTION_PREVIOUS_KEYS: ` ${first} , ${second}`,
    });
    expect(sut.settingsEncryptionKeys).toEqual({
      current: Buffer.from(current, 'base64'),
      previous: [Buffer.from(first, 'base64'), Buffer.from(second, 'base64')],
    });
  });

  it('refuses to start in production without a key, or with the development key', () => {
    expect(problemsOf(PRODUCTION)).toEqual([
      expect.stringMatching(/^SETTINGS_ENCRYPTION_KEY \(unset\): required in production/),
    ]);
    expect(
      problemsOf({ ...PRODUCTION, SETTINGS_ENCRYPTION_KEY: DEVELOPMENT_SETTINGS_ENCRYPTION_KEY }),
    ).toEqual([expect.stringMatching(/public development key must not be used in production/)]);
  });

  it.each([
    ['too short', randomBytes(16).toString('base64')],
    ['too long', randomBytes(48).toString('base64')],
    ['hex', randomBytes(32).toString('hex')],
    ['base64url', randomBytes(32).toString('base64url')],
  ])('refuses a key that is %s, without showing it', (_case, value) => {
    const problems = problemsOf({ SETTINGS_ENCRYPTION_KEY: value });
    expect(problems).toEqual([expect.stringMatching(/^SETTINGS_ENCRYPTION_KEY \(\(hidden\)\): /)]);
    expect(problems.join()).not.toContain(value);
    expect(problemsOf({ SETTINGS_ENCRYPTION_PREVIOUS_KEYS: `${key()},${value}` })).toEqual([
      expect.stringMatching(/^SETTINGS_ENCRYPTION_PREVIOUS_KEYS \(\(hidden\)\): /),
    ]);
  });

  it('seeds demo profiles by default in development only, with the catalogue, and never in production', () => {
    expect(load({ NODE_ENV: 'development' }).demoProfilesMode).toBe('auto');
    expect(load({ NODE_ENV: 'development', SEED_DEMO_DATA: 'never' }).demoProfilesMode).toBe('never');
    expect(load({ NODE_ENV: 'test' }).demoProfilesMode).toBe('never');
    expect(load({ NODE_ENV: 'test', SEED_DEMO_PROFILES: 'always' }).demoProfilesMode).toBe('always');
    const production = { ...PRODUCTION, SETTINGS_ENCRYPTION_KEY: key() };
    expect(load(production).demoProfilesMode).toBe('never');
    expect(load({ ...production, SEED_DEMO_PROFILES: 'never' }).demoProfilesMode).toBe('never');
    for (const mode of ['auto', 'always'])
      expect(problemsOf({ ...production, SEED_DEMO_PROFILES: mode })).toEqual([
        `SEED_DEMO_PROFILES (${mode}): demo profiles are never loaded in production`,
      ]);
    expect(problemsOf({ NODE_ENV: 'development', SEED_DEMO_PROFILES: 'yes' })).toEqual([
      expect.stringContaining('SEED_DEMO_PROFILES must be auto, always or never'),
    ]);
  });
});
