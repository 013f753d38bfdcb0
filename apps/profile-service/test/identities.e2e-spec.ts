import { DataSource } from 'typeorm';

import { Fixtures, unique } from './support/fixtures';
import { type ProfileService, startProfileService, V10, V9 } from './support/profile-test-app';

type Json = Record<string, any>;

describe('profile-service identities (HTTP, real PostgreSQL)', () => {
  let service: ProfileService;
  let agov: Json;
  let swissId: Json;
  let levelId: number;
  let anna: { profileId: number; accountId: number };
  let beat: { profileId: number; accountId: number };
  let annaAgov: number;
  let beatSwissId: number;
  let beatAgov: number;

  beforeAll(async () => {
    service = await startProfileService('profile_identities');
    const fixtures = new Fixtures(service.app.get(DataSource));
    const provider = async (name: string) =>
      (
        await service.max.post<Json>(`${V10}/identity-providers`, {
          name,
          displayName: name,
          typeName: 'Oidc',
          createdBy: 'a',
        })
      ).body;
    agov = await provider(`AGOV-${unique()}`);
    swissId = await provider(`SwissID-${unique()}`);
    levelId = await fixtures.identificationLevel();
    anna = await fixtures.personProfile();
    beat = await fixtures.personProfile();
    annaAgov = await fixtures.identity({
      ...anna,
      identityProviderId: agov.id,
      identificationLevelId: levelId,
      externalId: 'ABC-1',
    });
    beatSwissId = await fixtures.identity({
      ...beat,
      identityProviderId: swissId.id,
      identificationLevelId: levelId,
      externalId: 'ABC-1',
    });
    beatAgov = await fixtures.identity({
      ...beat,
      identityProviderId: agov.id,
      identificationLevelId: levelId,
      externalId: 'xyz-9',
    });
  });

  afterAll(async () => {
    await service?.close();
  });

  const ids = async (query: string, version = V10): Promise<number[]> => {
    const response = await service.max.get<Json[]>(`${version}/identities?${query}`);
    expect(response.status).toBe(200);
    return response.body.map((identity) => identity.id);
  };

  it('lists every identity with its fields, paged, under both versions', async () => {
    const all = await service.max.get<Json[]>(`${V10}/identities`);
    expect(all.headers.get('x-pagination-total-count')).toBe('3');
    expect(all.body[0]).toEqual({
      id: annaAgov,
      identityProviderId: agov.id,
      accountId: anna.accountId,
      identificationLevelId: levelId,
      externalId: 'ABC-1',
      profileId: anna.profileId,
      metadata: { source: 'fixture' },
      createdBy: 'fixture',
      createStamp: expect.any(String),
      updatedBy: 'fixture',
      updateStamp: expect.any(String),
    });
    expect(await ids('PageSize=2&PageNumber=2', V9)).toEqual([beatAgov]);
  });

  it('filters by ExternalId (exact) and IdpName (case-insensitive), together too', async () => {
    expect(await ids('ExternalId=ABC-1')).toEqual([annaAgov, beatSwissId]);
    expect(await ids('ExternalId=abc-1')).toEqual([]);
    expect(await ids(`IdpName=${agov.name.toLowerCase()}`)).toEqual([annaAgov, beatAgov]);
    expect(await ids(`idpname=${agov.name}&externalid=ABC-1`)).toEqual([annaAgov]);
    expect(await ids('IdpName=nobody')).toEqual([]);
  });

  it('expands the account (never its password) and the identification level', async () => {
    const [identity] = (
      await service.max.get<Json[]>(`${V10}/identities?ExternalId=xyz-9&Expand=Account,identificationlevel`)
    ).body;
    expect(identity.account).toEqual({
      id: beat.accountId,
      username: expect.stringMatching(/^fixture-user-/),
      sessionDuration: 30,
      isSignupComplete: false,
      isLocal: false,
      hasSeenOwnProfile: false,
      createdBy: 'fixture',
      createStamp: expect.any(String),
      updatedBy: 'fixture',
      updateStamp: expect.any(String),
    });
    expect(identity.identificationLevel).toMatchObject({ id: levelId, levelOfTrust: 0 });
    const plain = (await service.max.get<Json[]>(`${V10}/identities?ExternalId=xyz-9`)).body[0];
    expect(plain).not.toHaveProperty('account');
    expect(plain).not.toHaveProperty('identificationLevel');
  });

  it('projects by level: Low and Medium see ids, Max everything; Select reaches into expansions', async () => {
    for (const caller of [service.low, service.medium]) {
      const listed = await caller.get<Json[]>(`${V10}/identities?Expand=Account`);
      expect(listed.body).toEqual([{ id: annaAgov }, { id: beatSwissId }, { id: beatAgov }]);
    }
    const selected = await service.max.get<Json[]>(
      `${V10}/identities?ExternalId=xyz-9&Expand=Account&Select=externalId,account.username`,
    );
    expect(selected.body).toEqual([
      { id: beatAgov, externalId: 'xyz-9', account: { id: beat.accountId, username: expect.any(String) } },
    ]);
    expect((await service.max.get<Json[]>(`${V10}/identities?Limited=1`)).body[0]).toEqual({ id: annaAgov });
  });

  it.each([
    [`ExternalId=${'e'.repeat(51)}`, 'ExternalId'],
    [`IdpName=${'i'.repeat(201)}`, 'IdpName'],
    ['Expand=Profile', 'Expand'],
    ['OrderBy=password', 'OrderBy'],
    ['Select=account.password.hash', 'Select'],
    ['Limited=5', 'Limited'],
    ['PageSize=1001', 'PageSize'],
  ])('answers %s with 400 on %s', async (query, parameter) => {
    const response = await service.max.get<Json>(`${V10}/identities?${query}`);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors)).toEqual([parameter]);
  });

  it('orders by a listed property', async () => {
    expect(await ids('OrderBy=externalId desc,profileId')).toEqual([beatAgov, annaAgov, beatSwissId]);
  });

  it('answers 401 and 403 to the wrong callers, and has no write routes', async () => {
    expect((await service.anonymous.get(`${V10}/identities`)).status).toBe(401);
    expect((await service.stranger.get(`${V10}/identities`)).status).toBe(403);
    expect((await service.max.post(`${V10}/identities`, { createdBy: 'a' })).status).toBe(404);
  });
});
