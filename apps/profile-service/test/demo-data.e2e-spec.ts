import pino, { type Logger } from 'pino';
import { DataSource } from 'typeorm';

import { type DemoDataMode, type DemoDataResult, seedDemoData } from '@portal/database';
import { seedDemoDataAtStart } from '@portal/service-runtime';

import { demoCatalogue } from '../src/demo-data/demo-catalogue.seeder';
import { RoleAssignments } from '../src/service-reach/role-assignments.service';
import { Fixtures } from './support/fixtures';
import { type ProfileService, startProfileService, V10 } from './support/profile-test-app';

type Json = Record<string, any>;

const COUNTS: [string, number][] = [
  ['/clients', 4],
  ['/identification-levels', 6],
  ['/org-identification-levels', 5],
  ['/identity-providers', 5],
  ['/legal-forms', 12],
  ['/marital-statuses', 10],
  ['/org-categories', 7],
  ['/roles', 6],
  ['/service-themes', 7],
  ['/services', 11],
  ['/service-settings', 3],
];

/** A logger whose lines the test reads. */
function capturedLogger(): { logger: Logger; lines: Json[] } {
  const lines: Json[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line) as Json) });
  return { logger, lines };
}

const messagesOf = (lines: Json[]): unknown[] =>
  lines.map(({ msg, SEED_DEMO_DATA, inserted }) => ({ msg, SEED_DEMO_DATA, inserted }));

describe('profile-service demo catalogue (SEED_DEMO_DATA)', () => {
  let service: ProfileService;
  let seed: (mode: DemoDataMode) => Promise<DemoDataResult>;

  beforeAll(async () => {
    service = await startProfileService('profile_demo_data', { SEED_DEMO_DATA: 'auto' });
    seed = (mode) =>
      seedDemoData(service.app.get(DataSource), demoCatalogue(service.app.get(RoleAssignments)), mode);
  });

  afterAll(async () => {
    await service?.close();
  });

  const everything = async (): Promise<Record<string, Json[]>> => {
    const all: Record<string, Json[]> = {};
    for (const [path] of COUNTS)
      all[path] = (await service.max.get<Json[]>(`${V10}${path}?PageSize=-1`)).body;
    return all;
  };

  it('loads a Swiss catalogue into an empty database at start-up (auto)', async () => {
    for (const [path, count] of COUNTS) {
      const response = await service.low.get(`${V10}${path}?PageSize=1`);
      expect([path, response.headers.get('x-pagination-total-count')]).toEqual([path, String(count)]);
    }
    const [company] = (await service.max.get<Json[]>(`${V10}/org-categories?Code=company`)).body;
    const roles = await service.max.get<Json[]>(`${V10}/org-categories/${company.id}/roles`);
    expect(roles.body.map((role) => role.name)).toEqual(['Business']);
    const [taxReturn] = (await service.max.get<Json[]>(`${V10}/services?Name=tax-return`)).body;
    expect(
      (await service.max.get<Json>(`${V10}/services/${taxReturn.id}/survey`)).body.rF_ActivationChance,
    ).toBe(10);
    const [signatory] = (
      await service.max.get<Json[]>(`${V10}/org-identification-levels?PageSize=-1&OrderBy=levelOfTrust desc`)
    ).body;
    const [elevation] = (await service.max.get<Json[]>(`${V10}/services?Name=organization-identification`))
      .body;
    expect(signatory).toMatchObject({ name: 'SignatoryVerified', elevationServiceId: elevation.id });
    expect(
      (await service.max.get<Json[]>(`${V10}/identification-levels?IsForServicesCatalog=true`)).body,
    ).toHaveLength(3);
  });

  it('counts and logs the rows it adds to an empty catalogue', async () => {
    const empty = await startProfileService('profile_demo_data_empty', { SEED_DEMO_DATA: 'never' });
    try {
      const { logger, lines } = capturedLogger();
      const report = await seedDemoDataAtStart(
        empty.app,
        demoCatalogue(empty.app.get(RoleAssignments)),
        'auto',
        logger,
      );
      const inserted = {
        client: 4,
        identification_level: 6,
        org_identification_level: 5,
        identity_provider: 5,
        legal_form: 12,
        marital_status: 10,
        // Besides the migration's citizen role.
        role: 5,
        org_category: 7,
        org_category_role: 5,
        service_theme: 7,
        service: 11,
        service_role: 15,
        service_client: 13,
        survey: 2,
        service_setting: 3,
      };
      expect(report).toEqual({ outcome: 'seeded', inserted });
      const rows = Object.values(inserted).reduce((sum, count) => sum + count, 0);
      expect(messagesOf(lines)).toEqual([
        {
          msg: expect.stringMatching(new RegExp(`^demo catalogue: inserted ${rows} rows \\(client 4, `)),
          SEED_DEMO_DATA: 'auto',
          inserted,
        },
      ]);
      // What it counted is what the API lists.
      for (const [path, count] of COUNTS) {
        const response = await empty.low.get(`${V10}${path}?PageSize=1`);
        expect([path, response.headers.get('x-pagination-total-count')]).toEqual([path, String(count)]);
      }
    } finally {
      await empty.close();
    }
  });

  it('changes nothing when run again, whatever the mode, and logs that it added nothing', async () => {
    const before = await everything();
    await expect(seed('auto')).resolves.toEqual({ outcome: 'not-empty', inserted: {} });
    await expect(seed('always')).resolves.toEqual({ outcome: 'seeded', inserted: {} });
    await expect(seed('never')).resolves.toEqual({ outcome: 'off', inserted: {} });
    expect(await everything()).toEqual(before);

    const { logger, lines } = capturedLogger();
    const catalogue = demoCatalogue(service.app.get(RoleAssignments));
    for (const mode of ['always', 'auto', 'never'] as const)
      await seedDemoDataAtStart(service.app, catalogue, mode, logger);
    expect(messagesOf(lines)).toEqual([
      {
        msg: 'demo catalogue: nothing inserted (everything was already there)',
        SEED_DEMO_DATA: 'always',
        inserted: {},
      },
      {
        msg: expect.stringMatching(/^demo catalogue: nothing inserted \(the tables already hold data; /),
        SEED_DEMO_DATA: 'auto',
        inserted: {},
      },
      {
        msg: 'demo catalogue: nothing inserted (SEED_DEMO_DATA=never)',
        SEED_DEMO_DATA: 'never',
        inserted: {},
      },
    ]);
    expect(await everything()).toEqual(before);
  });

  it('leaves a catalogue with data alone in auto mode, and adds only what is missing with always', async () => {
    const [married] = (await service.max.get<Json[]>(`${V10}/marital-statuses?PageSize=-1`)).body.filter(
      (s) => s.name === 'Married',
    );
    const [unknown] = (await service.max.get<Json[]>(`${V10}/marital-statuses?PageSize=-1`)).body.filter(
      (s) => s.name === 'Unknown',
    );
    await service.max.put(`${V10}/marital-statuses/${married.id}`, {
      name: 'Married',
      displayName: 'Verheiratet',
      updatedBy: 'canton',
    });
    expect((await service.max.delete(`${V10}/marital-statuses/${unknown.id}`)).status).toBe(204);

    await expect(seed('auto')).resolves.toEqual({ outcome: 'not-empty', inserted: {} });
    expect((await service.max.get<Json[]>(`${V10}/marital-statuses?PageSize=-1`)).body).toHaveLength(9);

    const { logger, lines } = capturedLogger();
    const report = await seedDemoDataAtStart(
      service.app,
      demoCatalogue(service.app.get(RoleAssignments)),
      'always',
      logger,
    );
    expect(report).toEqual({ outcome: 'seeded', inserted: { marital_status: 1 } });
    expect(messagesOf(lines)).toEqual([
      {
        msg: 'demo catalogue: inserted 1 row (marital_status 1)',
        SEED_DEMO_DATA: 'always',
        inserted: { marital_status: 1 },
      },
    ]);
    const statuses = (await service.max.get<Json[]>(`${V10}/marital-statuses?PageSize=-1`)).body;
    expect(statuses).toHaveLength(10);
    expect(statuses.find((s) => s.name === 'Married')).toMatchObject({
      displayName: 'Verheiratet',
      updatedBy: 'canton',
    });
  });

  it('gives the roles of a category to its organizations when it adds the link', async () => {
    const fixtures = new Fixtures(service.app.get(DataSource));
    const [association] = (await service.max.get<Json[]>(`${V10}/org-categories?Code=ASSOCIATION`)).body;
    const [form] = (await service.max.get<Json[]>(`${V10}/legal-forms?Code=0109`)).body;
    const [nonProfit] = (await service.max.get<Json[]>(`${V10}/roles?Name=NonProfit`)).body;
    const club = await fixtures.organizationProfile({ orgCategoryId: association.id, legalFormId: form.id });
    expect(
      (await service.max.delete(`${V10}/org-categories/${association.id}/roles/${nonProfit.id}`)).status,
    ).toBe(204);
    await expect(seed('always')).resolves.toEqual({
      outcome: 'seeded',
      inserted: { org_category_role: 1, profile_role: 1 },
    });
    expect(await fixtures.rolesOf(club.profileId)).toEqual([nonProfit.id]);
  });
});
