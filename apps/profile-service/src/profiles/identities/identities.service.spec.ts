/**
 * IdentitiesService's rules without a database: only a person profile has identities (400 for an
 * organization's), an unknown provider is a 404 but an unknown identification level a 400 (it is
 * in the body), an external id taken at the provider is a 400 on `externalId`, and an identity
 * that is not there a 404.
 *
 * Left to the e2e suites (identities, profile-identities): the list filters, the unique index that
 * finds a taken external id, one identity per provider and profile.
 */
import { QueryFailedError } from 'typeorm';

import { FakeDatabase, organizationProfile, personProfile } from '../../common/testing/fake-database';
import { upsertLink } from '../../common/upsert';
import { IdentificationLevelEntity } from '../../reference-data/identification-levels/identification-level.entity';
import { IdentityProviderEntity } from '../../reference-data/identity-providers/identity-provider.entity';
import { IdentitiesService } from './identities.service';
import { IDENTITY_EXTERNAL_ID_UNIQUE, IdentityEntity } from './identity.entity';

jest.mock('../../common/upsert');

const uniqueViolation = (constraint: string): QueryFailedError =>
  new QueryFailedError(
    'INSERT',
    [],
    Object.assign(new Error('duplicate key'), { code: '23505', constraint }),
  );

describe(IdentitiesService.name, () => {
  let fake: FakeDatabase;
  let sut: IdentitiesService;
  const body = { identificationLevelId: 2, externalId: 'ext-1', createdBy: 'test' };

  beforeEach(() => {
    fake = new FakeDatabase()
      .profiles(personProfile(1, 11, 21), organizationProfile(2))
      .given(IdentityProviderEntity, { id: 5 })
      .given(IdentificationLevelEntity, { id: 2 });
    jest.mocked(upsertLink).mockImplementation(fake.upsertLink);
    sut = new IdentitiesService(fake.dataSource);
  });

  it("links a person's account to the provider, without metadata unless sent", async () => {
    const { created } = await sut.upsert(1, 5, body);

    expect(created).toBe(true);
    expect(fake.rows(IdentityEntity)).toEqual([
      expect.objectContaining({
        profileId: 1,
        identityProviderId: 5,
        accountId: 21,
        identificationLevelId: 2,
        externalId: 'ext-1',
        metadata: null,
      }),
    ]);
  });

  it("refuses an organization's identity, an unknown provider (404) and an unknown level (400), in that order", async () => {
    await expect(sut.upsert(2, 99, { ...body, identificationLevelId: 99 })).rejects.toMatchObject({
      code: 'IDENTITY.NOT_A_PERSON',
      errors: { profileId: [expect.stringContaining('organization profile')] },
    });
    await expect(sut.upsert(1, 99, { ...body, identificationLevelId: 99 })).rejects.toMatchObject({
      code: 'IDENTITY_PROVIDER.NOT_FOUND',
    });
    await expect(sut.upsert(1, 5, { ...body, identificationLevelId: 99 })).rejects.toMatchObject({
      code: 'IDENTITY.UNKNOWN_IDENTIFICATION_LEVEL',
      errors: { identificationLevelId: ['No identification level has the id 99.'] },
    });
    await expect(sut.upsert(99, 5, body)).rejects.toMatchObject({ code: 'PROFILE.NOT_FOUND' });
    expect(upsertLink).not.toHaveBeenCalled();
  });

  it('answers 400 on externalId for an external id another profile has at the provider, and lets other errors through', async () => {
    jest.mocked(upsertLink).mockRejectedValueOnce(uniqueViolation(IDENTITY_EXTERNAL_ID_UNIQUE));
    await expect(sut.upsert(1, 5, body)).rejects.toMatchObject({
      code: 'IDENTITY.EXTERNAL_ID_TAKEN',
      errors: {
        externalId: [
          "The external id 'ext-1' already belongs to another profile at the identity provider 5.",
        ],
      },
    });

    const other = uniqueViolation('uq_something_else');
    jest.mocked(upsertLink).mockRejectedValueOnce(other);
    await expect(sut.upsert(1, 5, body)).rejects.toBe(other);
  });

  it('deletes the identity at the provider; none there, or an unknown provider, is a 404', async () => {
    fake.given(IdentityEntity, { profileId: 1, identityProviderId: 5 });

    await sut.delete(1, 5);
    await expect(sut.delete(1, 5)).rejects.toMatchObject({
      code: 'IDENTITY.NOT_FOUND',
      message: 'The profile 1 has no identity at the identity provider 5.',
    });
    await expect(sut.delete(1, 99)).rejects.toMatchObject({ code: 'IDENTITY_PROVIDER.NOT_FOUND' });
  });

  it("answers 404 for an unknown profile's identities before reading any", async () => {
    await expect(sut.listOfProfile(99, {})).rejects.toMatchObject({ code: 'PROFILE.NOT_FOUND' });
    expect(fake.calls.filter((call) => call.method.startsWith('builder.'))).toEqual([]);
  });
});
