import pino, { type Logger } from 'pino';
import { DataSource } from 'typeorm';

import { seedDemoData } from '@portal/database';
import { seedDemoDataAtStart } from '@portal/service-runtime';

import { DEMO_INVITE_TOKEN, demoProfiles } from '../src/demo-data/demo-profiles.seeder';
import { ProcurationsService } from '../src/procurations/procurations.service';
import { RoleAssignments } from '../src/service-reach/role-assignments.service';
import { type ProfileService, startProfileService, V10 } from './support/profile-test-app';

type Json = Record<string, any>;

const profilesOf = (service: ProfileService) =>
  demoProfiles(service.app.get(RoleAssignments), service.app.get(ProcurationsService));

const INSERTED = {
  account: 6,
  person: 6,
  profile: 7,
  profile_role: 8,
  organization: 1,
  identity: 1,
  profile_picture: 2,
  service_setting_value: 2,
  favorite_service: 2,
  procuration: 5,
  procuration_service: 3,
  procuration_invite: 1,
};

/** A logger whose lines the test reads. */
function capturedLogger(): { logger: Logger; lines: Json[] } {
  const lines: Json[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line) as Json) });
  return { logger, lines };
}

describe('profile-service demo profiles (SEED_DEMO_PROFILES)', () => {
  let service: ProfileService;

  beforeAll(async () => {
    // Tests run with NODE_ENV=test, where the default is never: the suite asks for them.
    service = await startProfileService('profile_demo_profiles', {
      SEED_DEMO_DATA: 'auto',
      SEED_DEMO_PROFILES: 'auto',
    });
  });

  afterAll(async () => {
    await service?.close();
  });

  it('gives a fresh database the profiles 1 to 7 the document examples name, with roles, an identity, pictures and setting values, favorites, procurations with services and an open invite', async () => {
    const profiles = (await service.max.get<Json[]>(`${V10}/profiles?PageSize=-1&OrderBy=id`)).body;
    expect(profiles.map((profile) => [profile.id, profile.email])).toEqual([
      [1, 'marco.rossi@sunrise.ch'],
      [2, 'info@schreinerei-huber.ch'],
      [3, 'laura.meier@gmx.ch'],
      [4, 'sophie.favre@bluewin.ch'],
      [5, 'elena.ferrari@ticino.com'],
      [6, 'nicole.keller@treuhand-keller.ch'],
      [7, 'thomas.baumann@hispeed.ch'],
    ]);
    const rolesOf = async (id: number): Promise<string[]> =>
      (await service.max.get<Json[]>(`${V10}/profiles/${id}/roles`)).body.map((role) => role.name);
    expect((await rolesOf(1)).sort()).toEqual(['Business', 'Citizen']);
    expect(await rolesOf(2)).toEqual(['Business']);
    expect(await rolesOf(3)).toEqual(['Citizen']);
    const identities = (await service.max.get<Json[]>(`${V10}/profiles/1/identities`)).body;
    expect(identities).toEqual([expect.objectContaining({ externalId: 'agov-demo-7421', profileId: 1 })]);
    // Of Marco Rossi, whom the v10-0 examples name, and of Laura Meier, whom the v9-1 ones name.
    for (const id of [1, 3]) {
      const picture = await service.max.get<Json>(`${V10}/profiles/${id}/picture`);
      expect(picture.body).toMatchObject({
        defaultImageUrl: 'https://portal.demo.ch/images/profile-default.png',
      });
      const paperless = await service.max.get<Json>(`${V10}/profiles/${id}/service-settings/1`);
      expect(paperless.body).toMatchObject({ name: 'paperless', serviceSettingValue: { value: 'true' } });
    }
    const favorites = await service.max.get<Json[]>(`${V10}/profiles/1/services?IsFavorite=true`);
    expect(favorites.body.map((favorite) => favorite.name)).toEqual(['change-of-address']);
    const procuration = await service.max.get<Json>(`${V10}/profiles/2/outbound-procurations/3`);
    expect(procuration.status).toBe(200);
    const services = (await service.max.get<Json[]>(`${V10}/profiles/2/outbound-procurations/3/services`))
      .body;
    expect(services.map((link) => link.name).sort()).toEqual([
      'commercial-register-extract',
      'tax-payment',
      'vat-declaration',
    ]);
    // The ones the procuration delete examples remove, and none the create examples make.
    for (const [principal, representative, status] of [
      [2, 6, 200],
      [1, 6, 200],
      [1, 7, 200],
      [3, 7, 200],
      [2, 1, 404],
      [2, 7, 404],
    ])
      expect([
        principal,
        representative,
        (await service.max.get(`${V10}/profiles/${principal}/outbound-procurations/${representative}`))
          .status,
      ]).toEqual([principal, representative, status]);
    const invite = await service.max.get<Json>(`${V10}/procuration-invites/${DEMO_INVITE_TOKEN}`);
    expect(invite.status).toBe(200);
    expect(invite.body).toMatchObject({ principalProfileId: 1, isApproved: false });
  });

  it('adds nothing when run again (always) and leaves profiles alone (auto), logging why', async () => {
    const { logger, lines } = capturedLogger();
    const data = profilesOf(service);
    expect(await seedDemoDataAtStart(service.app, data, 'always', logger)).toEqual({
      outcome: 'seeded',
      inserted: {},
    });
    expect(await seedDemoDataAtStart(service.app, data, 'auto', logger)).toEqual({
      outcome: 'not-empty',
      inserted: {},
    });
    expect(lines.map(({ msg, SEED_DEMO_PROFILES }) => ({ msg, SEED_DEMO_PROFILES }))).toEqual([
      { msg: 'demo profiles: nothing inserted (everything was already there)', SEED_DEMO_PROFILES: 'always' },
      {
        msg: 'demo profiles: nothing inserted (the tables already hold data; SEED_DEMO_PROFILES=always adds what is missing)',
        SEED_DEMO_PROFILES: 'auto',
      },
    ]);
  });

  it('counts what it inserts, in one transaction: without the catalogue it fails and leaves nothing', async () => {
    const empty = await startProfileService('profile_demo_profiles_bare', { SEED_DEMO_DATA: 'never' });
    try {
      const dataSource = empty.app.get(DataSource);
      await expect(seedDemoData(dataSource, profilesOf(empty), 'auto')).rejects.toThrow(
        "The demo profiles refer to marital_status 'Single' of the demo catalogue, which is missing (SEED_DEMO_DATA).",
      );
      const [{ accounts }] = await dataSource.query<{ accounts: number }[]>(
        'SELECT count(*)::int AS accounts FROM account',
      );
      expect(accounts).toBe(0);
    } finally {
      await empty.close();
    }
    const fresh = await startProfileService('profile_demo_profiles_count', { SEED_DEMO_DATA: 'auto' });
    try {
      expect(await seedDemoData(fresh.app.get(DataSource), profilesOf(fresh), 'auto')).toEqual({
        outcome: 'seeded',
        inserted: INSERTED,
      });
    } finally {
      await fresh.close();
    }
  });

  it("lets its open invite be taken by profile 2 and approved by Marco Rossi, as the document's examples do", async () => {
    // The invite names a service open to procurations (isProcurationAvailable), or the approve is a 400.
    const base = `${V10}/procuration-invites/${DEMO_INVITE_TOKEN}`;
    const consumed = await service.max.post<Json>(`${base}/consume`, {
      representativeProfileId: 2,
      updatedBy: 'sandra.huber',
    });
    expect(consumed.status).toBe(200);
    const approved = await service.max.post<Json>(`${base}/approve`, { updatedBy: 'marco.rossi' });
    expect({ status: approved.status, body: approved.body }).toMatchObject({ status: 201 });
  });
});
