import { startTestApp, TestClient, testToken } from '@portal/testing';

import { createProfileApp } from '../../src/profile-app';
import { PROFILE_ENV_DEFAULTS, ProfileEnvironment } from '../../src/profile-environment';

export const V10 = '/demo/v10-0';
export const V9 = '/demo/v9-1';

/** profile-service on a database of the suite's own, with a client for each kind of caller. */
export async function startProfileService(label: string, env: Record<string, string> = {}) {
  const running = await startTestApp({
    label,
    environment: ProfileEnvironment,
    defaults: PROFILE_ENV_DEFAULTS,
    // Tests build their own scenes; the demo catalogue has its own test.
    env: { SEED_DEMO_DATA: 'never', ...env },
    createApp: createProfileApp,
  });
  const client = new TestClient(running.baseUrl);
  const [low, medium, max, stranger] = await Promise.all([
    testToken(['ProfileApi_Low']),
    testToken(['ProfileApi_Medium']),
    testToken(['ProfileApi_Max']),
    testToken(['ConfigApi_Write', 'RenderApi_Render']),
  ]);
  return {
    ...running,
    anonymous: client,
    low: client.withToken(low),
    medium: client.withToken(medium),
    max: client.withToken(max),
    /** A valid token without any ProfileApi role. */
    stranger: client.withToken(stranger),
  };
}

export type ProfileService = Awaited<ReturnType<typeof startProfileService>>;
