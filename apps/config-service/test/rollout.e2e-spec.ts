/**
 * Counts every request a rolling restart loses, as its traffic's client sees them: beside the
 * side-by-side lane's full load, that client once saw a reset (a request sent on a keep-alive
 * connection as it closed). It runs beside the other suites that mostly wait (preStop hooks and
 * drains, rounds, windows), which leave the cores about half idle (tools/jest/lanes.js).
 *
 * @lane waiting
 */
import {
  expectLosslessRollout,
  rollingRestart,
  TEST_REDIS_URL,
  testToken,
  wholeListAnswer,
} from '@portal/testing';

import { uiTemplateBody } from './config-test-app';

const TEMPLATES = '/demo/v10-0/ui-templates';
/** Enough templates for a PageSize=-1 list of some megabytes, read over several seconds. */
const TEMPLATE_COUNT = 1500;
const LINKS_PER_TEMPLATE = 12;
const SEED_BATCH = 25;

const link = (index: number) => ({
  name: `link-${index}`,
  displayName: `footer.link-${index}`,
  description: 'A link of the footer, long enough to make the list weigh what a real one does.',
  redirectUrl: `https://www.example.ch/pages/${index}`,
  isNewTab: index % 2 === 0,
});

describe('config-service through a rolling restart (two replicas behind a Service, real PostgreSQL and Redis)', () => {
  it('loses no request of a steady traffic, and a large list on its way at SIGTERM arrives whole', async () => {
    const token = await testToken(['ConfigApi_Read', 'ConfigApi_Write']);
    const names: string[] = [];
    const create = async (baseUrl: string): Promise<void> => {
      const body = uiTemplateBody({
        links: Array.from({ length: LINKS_PER_TEMPLATE }, (_, index) => link(index)),
      });
      const response = await fetch(`${baseUrl}${TEMPLATES}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.status !== 201) throw new Error(`seeding: ${response.status} ${await response.text()}`);
      names.push(body['name'] as string);
    };
    const outcome = await rollingRestart({
      service: 'config-service',
      env: { SEED_DEMO_DATA: 'never', REDIS_URL: TEST_REDIS_URL },
      // Batches under MAX_CONCURRENT_PER_CALLER (32 in flight for one caller, counted in Redis since
      // the limits are shared across replicas): 50 at once were partly refused, 429.
      seed: async (baseUrl) => {
        for (let batch = 0; batch < TEMPLATE_COUNT; batch += SEED_BATCH)
          await Promise.all(Array.from({ length: SEED_BATCH }, () => create(baseUrl)));
      },
      // Reads of one template, of a page, of a public branding, and updates.
      request: (n) => {
        const name = encodeURIComponent(names[n % names.length]);
        switch (n % 4) {
          case 0:
            return { method: 'GET', path: `${TEMPLATES}/${name}`, token };
          case 1:
            return { method: 'GET', path: `${TEMPLATES}?PageSize=20&PageNumber=${(n % 50) + 1}`, token };
          case 2:
            return { method: 'GET', path: `${TEMPLATES}/${name}/branding` };
          default: {
            const { name: _name, createdBy: _createdBy, ...fields } = uiTemplateBody();
            return {
              method: 'PUT',
              path: `${TEMPLATES}/${name}`,
              token,
              body: { ...fields, updatedBy: 'rollout' },
            };
          }
        }
      },
      largeAnswer: (replicaUrl) =>
        wholeListAnswer(replicaUrl, TEMPLATES, token, (items) => items === TEMPLATE_COUNT),
    });
    expectLosslessRollout('config-service', outcome);
  }, 300_000);
});
