// profile-service through the client a frontend generates from its OpenAPI document
// (`@portal/api-clients` with openapi-fetch): a schema change that breaks such a client breaks the
// compile or these tests. The README's example is ./support/typed-client-example.ts, run here.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import createClient, { type Client } from 'openapi-fetch';

import type { profile } from '@portal/api-clients';
import { expectData, testToken } from '@portal/testing';

import { registerCitizen } from './support/typed-client-example';
import { startProfileService, type ProfileService } from './support/profile-test-app';

const EXAMPLE = path.join(__dirname, 'support', 'typed-client-example.ts');
const README = path.join(__dirname, '..', '..', '..', 'README.md');

describe('profile-service through a typed client (openapi-fetch, HTTP, real PostgreSQL)', () => {
  let service: ProfileService;
  let api: Client<profile.paths>;
  let token: string;

  beforeAll(async () => {
    service = await startProfileService('profile_typed_client');
    token = await testToken(['ProfileApi_Max']);
    api = createClient<profile.paths>({
      baseUrl: `${service.baseUrl}/demo`,
      headers: { Authorization: `Bearer ${token}` },
    });
  });

  afterAll(async () => {
    await service?.close();
  });

  it("is the README's typed client example, verbatim", () => {
    const readme = readFileSync(README, 'utf8');
    expect(readme).toContain(`\`\`\`ts\n${readFileSync(EXAMPLE, 'utf8')}\`\`\`\n`);
  });

  it('runs the README example: registers a citizen and reads the profile with its person', async () => {
    const citizen = await registerCitizen(`${service.baseUrl}/demo`, token);
    expect(citizen).toMatchObject({
      email: 'anna.muster@example.ch',
      createdBy: 'registration',
      isEnabled: true,
    });
    expect(citizen.person).toMatchObject({ firstname: 'Anna', lastname: 'Muster', gender: 'Unknown' });
    expect(citizen.personId).toBe(citizen.person?.id);
    expect(citizen.organization).toBeUndefined(); // not expanded
  });

  it('creates, finds, reads with a projection, updates and deletes a client', async () => {
    const created = expectData(
      await api.POST('/v10-0/clients', {
        body: { name: 'mobile-app', displayName: 'clients.mobileApp', createdBy: 'alice' },
      }),
      201,
    );
    expect(created).toMatchObject({
      name: 'mobile-app',
      description: null,
      createdBy: 'alice',
      updatedBy: 'alice',
    });

    const found = await api.GET('/v10-0/clients', { params: { query: { Name: 'mobile-app', PageSize: 5 } } });
    expect(expectData(found, 200).map((client) => client.id)).toEqual([created.id]);
    expect(found.response.headers.get('X-Pagination-Total-Count')).toBe('1');

    const path = { clientId: created.id };
    const projected = expectData(
      await api.GET('/v10-0/clients/{clientId}', { params: { path, query: { Select: ['displayName'] } } }),
      200,
    );
    expect(projected).toEqual({ id: created.id, displayName: 'clients.mobileApp' });

    const updated = expectData(
      await api.PUT('/v10-0/clients/{clientId}', {
        params: { path },
        body: {
          name: 'mobile-app',
          displayName: 'clients.mobile',
          description: 'iOS and Android',
          updatedBy: 'bob',
        },
      }),
      200,
    );
    expect(updated).toMatchObject({ id: created.id, displayName: 'clients.mobile', updatedBy: 'bob' });
    expect(updated.description).toBe('iOS and Android');

    expect((await api.DELETE('/v10-0/clients/{clientId}', { params: { path } })).response.status).toBe(204);
    const gone = await api.GET('/v10-0/clients/{clientId}', { params: { path } });
    expect(gone.data).toBeUndefined();
    expect(gone.error).toMatchObject({ status: 404, title: 'Not Found' });
  });

  it('answers a path parameter of the wrong kind with a typed 400 problem', async () => {
    // The type allows any number; the service takes positive int32 ids only.
    const refused = await api.GET('/v10-0/clients/{clientId}', { params: { path: { clientId: 0 } } });
    expect(refused.response.status).toBe(400);
    expect(refused.error?.status).toBe(400);
  });
});
