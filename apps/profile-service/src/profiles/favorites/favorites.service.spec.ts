/**
 * FavoritesService's rules without a database: a profile's own favorites (no representative, no
 * delegator) of any service of the catalogue, at sortOrder 0 unless sent; an unknown profile or
 * service is a 404, and so is a service that is not a favorite. A favorite within a procuration is
 * the procuration's (procuration-services.service.spec). The unique index of a favorite is the
 * profile-favorites e2e suite's.
 */
import { ServiceEntity } from '../../catalogue/services/entities/service.entity';
import { FakeDatabase, personProfile } from '../../common/testing/fake-database';
import { upsertLink } from '../../common/upsert';
import { FavoriteServiceEntity } from './favorite-service.entity';
import { FavoritesService } from './favorites.service';

jest.mock('../../common/upsert');

describe(FavoritesService.name, () => {
  let fake: FakeDatabase;
  let sut: FavoritesService;

  beforeEach(() => {
    fake = new FakeDatabase().profiles(personProfile(1)).given(ServiceEntity, { id: 7 });
    jest.mocked(upsertLink).mockImplementation(fake.upsertLink);
    sut = new FavoritesService(fake.dataSource);
  });

  it("marks a service as the profile's own favorite, at sortOrder 0 unless sent", async () => {
    const first = await sut.upsert(1, 7, { createdBy: 'test' });
    const second = await sut.upsert(1, 7, { sortOrder: 2, createdBy: 'test' });

    expect([first.created, first.record.sortOrder, second.created, second.record.sortOrder]).toEqual([
      true,
      0,
      false,
      2,
    ]);
    expect(fake.rows(FavoriteServiceEntity)).toEqual([
      expect.objectContaining({
        profileId: 1,
        serviceId: 7,
        representativeProfileId: null,
        delegatorProfileId: null,
      }),
    ]);
  });

  it('answers 404 for an unknown profile or service', async () => {
    await expect(sut.upsert(99, 7, { createdBy: 'test' })).rejects.toMatchObject({
      code: 'PROFILE.NOT_FOUND',
    });
    await expect(sut.upsert(1, 99, { createdBy: 'test' })).rejects.toMatchObject({
      code: 'SERVICE.NOT_FOUND',
    });
    await expect(sut.delete(1, 99)).rejects.toMatchObject({ code: 'SERVICE.NOT_FOUND' });
  });

  it('unmarks the own favorite only; a favorite within a procuration is not the profile’s', async () => {
    fake.given(FavoriteServiceEntity, {
      profileId: 1,
      serviceId: 7,
      representativeProfileId: 2,
      delegatorProfileId: null,
    });

    await expect(sut.delete(1, 7)).rejects.toMatchObject({
      code: 'FAVORITE_SERVICE.NOT_FOUND',
      message: 'The service 7 is not a favorite of the profile 1.',
    });
    fake.given(FavoriteServiceEntity, {
      profileId: 1,
      serviceId: 7,
      representativeProfileId: null,
      delegatorProfileId: null,
    });
    await sut.delete(1, 7);

    expect(fake.rows(FavoriteServiceEntity).map((favorite) => favorite.representativeProfileId)).toEqual([2]);
  });
});
