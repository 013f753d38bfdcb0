import path from 'node:path';

import { describeOpenApiExamples, type ExampleRequest, type TestClient, versionOf } from '@portal/testing';

import { createProfileApp } from '../src/profile-app';
import { ProfileEnvironment, PROFILE_ENV_DEFAULTS } from '../src/profile-environment';

/**
 * An invite's token is random: the read, consume and approve examples go to an invite made for
 * them just before (principal 1, the person; for the approve consumed by 2, the organization,
 * under v10-0 and by 3, Laura Meier, under v9-1: an approve makes the procuration, one per pair).
 * Until the profiles exist, the invite is not made and the example is tried again in the next round.
 */
async function prepareInviteExample(client: TestClient, request: ExampleRequest): Promise<string> {
  const match = /^(.*\/procuration-invites\/)[^/?]+(?:\/(consume|approve))?(\?.*)?$/.exec(request.url);
  if (!match) return request.url;
  const created = await client.post<{ token?: string }>(`${match[1].replace(/\/$/, '')}`, {
    principalProfileId: 1,
    createdBy: 'openapi-examples',
  });
  const token = created.body.token;
  if (created.status !== 201 || !token) return request.url;
  if (match[2] === 'approve') {
    await client.post(`${match[1]}${token}/consume`, {
      representativeProfileId: versionOf(request.template) === 'v9-1' ? 3 : 2,
      updatedBy: 'openapi-examples',
    });
  }
  return `${match[1]}${token}${match[2] === undefined ? '' : `/${match[2]}`}${match[3] ?? ''}`;
}

// The examples refer to records of the demo catalogue and to the demo profiles 1 to 7, which a
// fresh database receives in development (SEED_DEMO_DATA, SEED_DEMO_PROFILES: auto), as on `npm start`.
describeOpenApiExamples({
  service: 'profile-service',
  environment: ProfileEnvironment,
  defaults: PROFILE_ENV_DEFAULTS,
  env: { SEED_DEMO_PROFILES: 'auto' },
  createApp: createProfileApp,
  openApiFile: path.join(__dirname, '..', 'openapi.json'),
  anyOrder: true,
  roles: ['ProfileApi_Max'],
  versions: ['v10-0', 'v9-1'],
  tryItOut: [
    { method: 'post', path: '/v10-0/clients', status: 201 },
    { method: 'get', path: '/v10-0/identities', status: 200 },
  ],
  prepare: prepareInviteExample,
});
