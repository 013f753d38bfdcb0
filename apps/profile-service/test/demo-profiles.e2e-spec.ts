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
  account: 2,
  person: 2,
  profile: 3,
  profile_role: 3,
  organization: 1,
  identity: 1,
  profile_picture: 1,
  service_setting_value: 1,
  procuration: 1,
  procuration_service: 2,
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

  it('gives a fresh database the profiles 1, 2 and 3 the document examples name, with roles, an identity, a picture and a setting value, a procuration with services and an open invite', async () => {
    const profiles = (await service.max.get<Json[]>(`${V10}/profiles?PageSize=-1&OrderBy=id`)).body;
    expect(profiles.map((profile) => [profile.id, profile.email])).toEqual([
      [1, 'marco.rossi@sunrise.ch'],
      [2, 'info@schreinerei-huber.ch'],
      [3, 'laura.meier@gmx.ch'],
    ]);
    const rolesOf = async (id: number): Promise<string[]> =>
      (await service.max.get<Json[]>(`${V10}/profiles/${id}/roles`)).body.map((role) => role.name);
    expect(await rolesOf(1)).toEqual(['Citizen']);
    expect(await rolesOf(2)).toEqual(['Business']);
    expect(await rolesOf(3)).toEqual(['Citizen']);
    const identities = (await service.max.get<Json[]>(`${V10}/profiles/1/identities`)).body;
    expect(identities).toEqual([expect.objectContaining({ externalId: 'agov-demo-7421', profileId: 1 })]);
    const picture = await service.max.get<Json>(`${V10}/profiles/1/picture`);
    expect(picture.body).toMatchObject({
      defaultImageUrl: 'https://portal.demo.ch/images/profile-default.png',
    });
    const paperless = await service.max.get<Json>(`${V10}/profiles/1/service-settings/1`);
    expect(paperless.body).toMatchObject({ name: 'paperless', serviceSettingValue: { value: 'true' } });
    const procuration = await service.max.get<Json>(`${V10}/profiles/2/outbound-procurations/3`);
    expect(procuration.status).toBe(200);
    const services = (await service.max.get<Json[]>(`${V10}/profiles/2/outbound-procurations/3/services`))
      .body;
    expect(services).toHaveLength(2);
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
