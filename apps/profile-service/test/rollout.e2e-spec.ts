/**
 * Counts every request a rolling restart loses, as its traffic's client sees them: beside the
 * side-by-side lane's full load, that client once saw a reset (a request sent on a keep-alive
 * connection as it closed). It runs beside the other suites that mostly wait (preStop hooks and
 * drains, rounds, windows), which leave the cores about half idle (tools/jest/lanes.js).
 *
 * @lane waiting
 */
import { Client } from 'pg';

import {
  expectLosslessRollout,
  rollingRestart,
  TEST_REDIS_URL,
  testToken,
  wholeListAnswer,
} from '@portal/testing';

import { PASSWORD_HASH_OPTIONS } from '../src/profiles/password-hasher';

// The profile seed of `npm run seed:profiles`, plain JavaScript under tools/.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { seedProfiles } = require('../../../tools/seed/profile-seed') as {
  seedProfiles: (
    client: Client,
    options: { count: number; hashOptions: object },
  ) => Promise<{ count: number }>;
};

const PROFILES = '/demo/v10-0/profiles';
/** Enough profiles for a PageSize=-1 list of some megabytes. */
const COUNT = 15_000;

describe('profile-service through a rolling restart (two replicas behind a Service, real PostgreSQL and Redis)', () => {
  it('loses no request of a steady traffic, and a PageSize=-1 list on its way at SIGTERM arrives whole', async () => {
    const token = await testToken(['ProfileApi_Max']);
    const outcome = await rollingRestart({
      service: 'profile-service',
      env: { SEED_DEMO_DATA: 'always', REDIS_URL: TEST_REDIS_URL },
      seed: async (_baseUrl, database) => {
        const client = new Client({ connectionString: database.url });
        await client.connect();
        try {
          await seedProfiles(client, { count: COUNT, hashOptions: PASSWORD_HASH_OPTIONS });
        } finally {
          await client.end();
        }
      },
      // Reads of one profile with its person, of a page found by name, and of reference data.
      request: (n) => {
        switch (n % 3) {
          case 0:
            return { method: 'GET', path: `${PROFILES}/${(n % COUNT) + 1}?Expand=Person`, token };
          case 1:
            return { method: 'GET', path: `${PROFILES}?PageSize=20&Keyword=mueller`, token };
          default:
            return { method: 'GET', path: '/demo/v10-0/clients', token };
        }
      },
      largeAnswer: (replicaUrl) => wholeListAnswer(replicaUrl, PROFILES, token, (items) => items >= COUNT),
    });
    expectLosslessRollout('profile-service', outcome);
  }, 300_000);
});
