import { DataSource } from 'typeorm';

import { type DemoDataMode, seedDemoData } from '@portal/database';
import { seedDemoDataAtStart } from '@portal/service-runtime';

import { DEMO_CATALOGUE } from '../src/demo-data/demo-catalogue.seeder';
import { Fixtures } from './support/fixtures';
import { type ProfileService, startProfileService, V10 } from './support/profile-test-app';

type Json = Record<string, any>;

const COUNTS: [string, number][] = [
  ['/clients', 2],
  ['/identification-levels', 4],
  ['/org-identification-levels', 3],
  ['/identity-providers', 3],
  ['/legal-forms', 10],
  ['/marital-statuses', 8],
  ['/org-categories', 5],
  ['/roles', 4],
  ['/service-themes', 5],
  ['/services', 9],
  ['/service-settings', 1],
];

describe('profile-service demo catalogue (SEED_DEMO_DATA)', () => {
  let service: ProfileService;
  const seeder = {
    seed: (mode: DemoDataMode) => seedDemoData(service.app.get(DataSource), DEMO_CATALOGUE, mode),
  };

  beforeAll(async () => {
    service = await startProfileService('profile_demo_data', { SEED_DEMO_DATA: 'auto' });
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

  it('changes nothing when run again, whatever the mode', async () => {
    const before = await everything();
    await expect(seeder.seed('auto')).resolves.toEqual({ outcome: 'not-empty', inserted: {} });
    await expect(seeder.seed('always')).resolves.toEqual({ outcome: 'seeded', inserted: {} });
    await expect(seeder.seed('never')).resolves.toEqual({ outcome: 'off', inserted: {} });
    expect(await everything()).toEqual(before);
  });

  it('logs one line saying what was inserted, or that nothing was', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = { info: (line: Record<string, unknown>) => void lines.push(line) };
    await seedDemoDataAtStart(service.app, DEMO_CATALOGUE, 'always', logger);
    expect(lines).toEqual([
      {
        msg: 'demo catalogue: nothing inserted (everything was already there)',
        SEED_DEMO_DATA: 'always',
        inserted: {},
      },
    ]);
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

    await expect(seeder.seed('auto')).resolves.toEqual({ outcome: 'not-empty', inserted: {} });
    expect((await service.max.get<Json[]>(`${V10}/marital-statuses?PageSize=-1`)).body).toHaveLength(7);

    await expect(seeder.seed('always')).resolves.toEqual({
      outcome: 'seeded',
      inserted: { marital_status: 1 },
    });
    const statuses = (await service.max.get<Json[]>(`${V10}/marital-statuses?PageSize=-1`)).body;
    expect(statuses).toHaveLength(8);
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
    await expect(seeder.seed('always')).resolves.toEqual({
      outcome: 'seeded',
      inserted: { org_category_role: 1 },
    });
    expect(await fixtures.rolesOf(club.profileId)).toEqual([nonProfit.id]);
  });
});
