import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { type ProfileService, startProfileService, V10 } from './support/profile-test-app';

type Json = Record<string, any>;

describe('profile-service with a level table of its deployment (ACCESS_LEVELS_FILE)', () => {
  let folder: string;
  let service: ProfileService;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'profile-levels-'));
    const file = path.join(folder, 'levels.json');
    writeFileSync(
      file,
      JSON.stringify({
        roles: { ProfileApi_Low: 1, ProfileApi_Medium: 5, ProfileApi_Max: 9 },
        levels: { '1': { client: ['name'] }, '5': { client: '*' }, '9': '*' },
        writeOnly: ['password'],
      }),
    );
    service = await startProfileService('profile_access_levels', { ACCESS_LEVELS_FILE: file });
  });

  afterAll(async () => {
    await service?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('projects by the levels and roles of that table', async () => {
    const client = (
      await service.max.post<Json>(`${V10}/clients`, {
        name: 'kiosk',
        displayName: 'Kiosk',
        createdBy: 'alice',
      })
    ).body;
    expect((await service.low.get<Json>(`${V10}/clients/${client.id}`)).body).toEqual({
      id: client.id,
      name: 'kiosk',
    });
    expect((await service.medium.get<Json>(`${V10}/clients/${client.id}`)).body).toEqual(client);
    expect((await service.max.get<Json>(`${V10}/clients/${client.id}?Limited=2`)).body).toEqual({
      id: client.id,
      name: 'kiosk',
    });
    // What the default table shows Low of a service, this one does not.
    expect((await service.low.get<Json[]>(`${V10}/services`)).status).toBe(200);
  });
});
