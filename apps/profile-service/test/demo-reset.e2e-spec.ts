import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

import {
  createTestDatabase,
  type RunningTestApp,
  startTestApp,
  TestClient,
  testToken,
} from '@portal/testing';

import { createProfileApp } from '../src/profile-app';
import { PROFILE_ENV_DEFAULTS, ProfileEnvironment } from '../src/profile-environment';

const run = promisify(execFile);
const SCRIPT = path.join(__dirname, '..', '..', '..', 'tools', 'demo-reset.js');
const MARCO = '/demo/v10-0/profiles/1';

/** `npm run demo:reset -- profile` as a newcomer runs it, on the database at PROFILE_DATABASE_URL. */
async function demoReset(databaseUrl: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [SCRIPT, 'profile'], {
      env: { ...process.env, PROFILE_DATABASE_URL: databaseUrl },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('npm run demo:reset (real PostgreSQL)', () => {
  it('restores the demo data the examples removed, and refuses while a service uses the database', async () => {
    const database = await createTestDatabase('profile_demo_reset');
    const start = (): Promise<RunningTestApp<ProfileEnvironment>> =>
      startTestApp({
        label: 'profile_demo_reset',
        database,
        environment: ProfileEnvironment,
        defaults: PROFILE_ENV_DEFAULTS,
        // As on `npm start`: the demo catalogue and profiles on an empty database.
        env: { SEED_DEMO_DATA: 'auto', SEED_DEMO_PROFILES: 'auto' },
        createApp: createProfileApp,
      });
    const client = async (running: RunningTestApp<ProfileEnvironment>): Promise<TestClient> =>
      new TestClient(running.baseUrl).withToken(await testToken(['ProfileApi_Max']));
    try {
      const first = await start();
      try {
        // "Try it out" of the profile delete on Marco Rossi: gone, with his picture.
        expect((await (await client(first)).delete(MARCO)).status).toBe(204);
        // While the service runs, nothing is dropped: the service would serve an empty database.
        const refused = await demoReset(database.url);
        expect(refused.code).toBe(1);
        expect(refused.output).toMatch(
          /^demo:reset: the database \S+ is in use \(\d+ sessions\): stop npm start/m,
        );
        expect((await (await client(first)).get(`${MARCO}/picture`)).status).toBe(404);
      } finally {
        await first.close();
      }
      const reset = await demoReset(database.url);
      expect(reset).toEqual({
        code: 0,
        output: expect.stringMatching(/^demo:reset: profile: database \S+ emptied$/m),
      });
      const second = await start();
      try {
        const marco = await (await client(second)).get<{ email: string }>(MARCO);
        expect([marco.status, marco.body.email]).toEqual([200, 'marco.rossi@sunrise.ch']);
        expect((await (await client(second)).get(`${MARCO}/picture`)).status).toBe(200);
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
    }
  });

  it('names the services it knows when given another', async () => {
    const { stderr } = await run(process.execPath, [SCRIPT, 'profiles']).catch(
      (error: { stderr: string }) => error,
    );
    expect(stderr).toBe(
      'demo:reset: usage: npm run demo:reset [-- profile config render] (unknown: profiles)\n',
    );
  });
});
