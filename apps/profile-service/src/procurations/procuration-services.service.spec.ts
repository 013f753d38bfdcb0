/**
 * ProcurationServicesService's rules without a database: the agreed services against the
 * accessible ones (a usable procuration, a link that has started), which 404 a missing service,
 * procuration or link answers, what a link needs (procuration-available, reached by the principal),
 * and the favorites within a procuration.
 *
 * Left to the e2e suites: the lists' filters and expansions (procuration-services), what the
 * principal reaches and the links added for every missing service (procuration-services,
 * procuration-sync).
 */
import { ServiceEntity } from '../catalogue/services/entities/service.entity';
import { FakeDatabase, organizationProfile, personProfile } from '../common/testing/fake-database';
import {
  keyOf,
  procurationsOfKey,
  procurationsServiceOver,
  storedProcuration,
} from './testing/procuration-fakes';
import { upsertLink } from '../common/upsert';
import { FavoriteServiceEntity } from '../profiles/favorites/favorite-service.entity';
import {
  linkMissingProcurationServices,
  linkProcurationService,
  unlinkProcurationService,
} from '../service-reach/procuration-links';
import { reachesNow } from '../service-reach/reach';
import { ProcurationEntity } from './entities/procuration.entity';
import { ProcurationServiceEntity } from './entities/procuration-service.entity';
import { procurationsQuery } from './procuration-list.query';
import { ProcurationServicesService } from './procuration-services.service';

// The SQL seams: the procuration of a key, what the principal reaches, the link writers, the upsert.
jest.mock('./procuration-list.query');
jest.mock('../service-reach/reach', () => ({
  ...jest.requireActual('../service-reach/reach'),
  reachesNow: jest.fn(),
}));
jest.mock('../service-reach/procuration-links');
jest.mock('../common/upsert');

const NOW = new Date('2026-03-01T10:00:00.000Z');
const ACME = organizationProfile(1);
const ANNA = personProfile(2);
const BEN = personProfile(3);

describe(ProcurationServicesService.name, () => {
  let fake: FakeDatabase;
  let sut: ProcurationServicesService;
  const body = { createdBy: 'test' };
  const procurationId = (): number => fake.rows(ProcurationEntity)[0].id;

  beforeEach(() => {
    jest.useFakeTimers({ now: NOW });
    fake = new FakeDatabase()
      .profiles(ACME, ANNA, BEN)
      .given(ProcurationEntity, storedProcuration(keyOf(1, 2)))
      .given(
        ServiceEntity,
        { id: 7, isProcurationAvailable: true },
        { id: 8, isProcurationAvailable: false },
      );
    jest.mocked(procurationsQuery).mockImplementation(procurationsOfKey(fake));
    jest.mocked(reachesNow).mockResolvedValue([true]);
    jest.mocked(linkProcurationService).mockResolvedValue({ id: 50, created: true });
    jest.mocked(upsertLink).mockImplementation(fake.upsertLink);
    sut = new ProcurationServicesService(fake.dataSource, procurationsServiceOver(fake));
  });

  afterEach(() => jest.useRealTimers());

  describe('reads', () => {
    it('lists no accessible service of a procuration that is not usable now, without reading any', async () => {
      fake.given(
        ProcurationEntity,
        storedProcuration(keyOf(1, 3), { validityEndStamp: new Date('2026-02-01T00:00:00.000Z') }),
      );

      const { services } = await sut.list(keyOf(1, 3), 'accessible', {});

      expect(services.items).toEqual([]);
      expect(services.totalCount).toBe(0);
      expect(fake.calls.filter((call) => call.method.startsWith('builder.'))).toEqual([]);
    });

    it('reads the accessible services through the links that have started, the agreed ones through every link', async () => {
      fake.selects(ServiceEntity, fake.rows(ServiceEntity)[0]);

      await sut.get(keyOf(1, 2), 'accessible', 7, {});
      await sut.get(keyOf(1, 2), 'agreed', 7, {});

      const joins = fake.callsOf('builder.innerJoin');
      expect(joins[0].args[2]).toMatch(/link\.validityStartStamp <= :linkNow$/);
      expect(joins[0].args[3]).toEqual({ linkProcurationId: procurationId(), linkNow: NOW });
      expect(joins[1].args[2]).not.toMatch(/validityStartStamp/);
    });

    it('tells apart an unknown service, a service not granted, one not accessible now and an unusable procuration', async () => {
      const id = procurationId();
      await expect(sut.get(keyOf(1, 2), 'agreed', 99, {})).rejects.toMatchObject({
        code: 'SERVICE.NOT_FOUND',
      });
      await expect(sut.get(keyOf(1, 2), 'agreed', 7, {})).rejects.toMatchObject({
        code: 'PROCURATION_SERVICE.NOT_FOUND',
        message: `The procuration ${id} does not grant the service 7.`,
      });
      await expect(sut.get(keyOf(1, 2), 'accessible', 7, {})).rejects.toMatchObject({
        code: 'PROCURATION_SERVICE.NOT_FOUND',
        message: `The procuration ${id} gives no access to the service 7 now.`,
      });

      fake.given(ProcurationEntity, storedProcuration(keyOf(1, 3), { representativeProfile: undefined }));
      const unusable = fake.rows(ProcurationEntity)[1].id;
      await expect(sut.get(keyOf(1, 3), 'accessible', 7, {})).rejects.toMatchObject({
        message: `The procuration ${unusable} is not usable now: it gives access to no service.`,
      });
    });

    it('answers the profile’s 404, then the procuration’s, before anything about services', async () => {
      await expect(sut.get(keyOf(1, 99), 'agreed', 7, {})).rejects.toMatchObject({
        code: 'PROFILE.NOT_FOUND',
      });
      await expect(sut.get(keyOf(1, 3), 'agreed', 7, {})).rejects.toMatchObject({
        code: 'PROCURATION.NOT_FOUND',
      });
    });
  });

  describe('upsert', () => {
    it('refuses an unknown service (404), one not available for procurations and one the principal does not reach (400)', async () => {
      await expect(sut.upsert(keyOf(1, 2), 99, body)).rejects.toMatchObject({ code: 'SERVICE.NOT_FOUND' });
      await expect(sut.upsert(keyOf(1, 2), 8, body)).rejects.toMatchObject({
        code: 'PROCURATION_SERVICE.NOT_AVAILABLE',
        errors: { serviceId: [expect.stringContaining('isProcurationAvailable is false')] },
      });
      expect(reachesNow).not.toHaveBeenCalled();

      jest.mocked(reachesNow).mockResolvedValue([false]);
      await expect(sut.upsert(keyOf(1, 2), 7, body)).rejects.toMatchObject({
        code: 'PROCURATION_SERVICE.NOT_REACHED',
        errors: { serviceId: ['The principal 1 does not reach the service 7: no role it holds grants it.'] },
      });
      expect(reachesNow).toHaveBeenCalledWith(fake.manager, 1, [7]);
      expect(linkProcurationService).not.toHaveBeenCalled();
    });

    it('links a reached service from the validityStartStamp sent, or now, and tells whether it was new', async () => {
      fake.given(ProcurationServiceEntity, { id: 50, procurationId: procurationId(), serviceId: 7 });
      jest.mocked(linkProcurationService).mockResolvedValueOnce({ id: 50, created: false });

      const replaced = await sut.upsert(keyOf(1, 2), 7, {
        ...body,
        validityStartStamp: '2026-04-01T00:00:00.000Z',
      });
      await sut.upsert(keyOf(1, 2), 7, body);

      expect(replaced).toMatchObject({ created: false, record: { id: 50, serviceId: 7 } });
      expect(jest.mocked(linkProcurationService).mock.calls).toEqual([
        [fake.manager, procurationId(), 7, new Date('2026-04-01T00:00:00.000Z'), 'test'],
        [fake.manager, procurationId(), 7, NOW, 'test'],
      ]);
    });
  });

  describe('delete and addMissing', () => {
    it('answers 404 for an unknown service, and for a service the procuration does not grant', async () => {
      jest.mocked(unlinkProcurationService).mockResolvedValue(false);

      await expect(sut.delete(keyOf(1, 2), 99)).rejects.toMatchObject({ code: 'SERVICE.NOT_FOUND' });
      await expect(sut.delete(keyOf(1, 2), 7)).rejects.toMatchObject({
        code: 'PROCURATION_SERVICE.NOT_FOUND',
        message: `The procuration ${procurationId()} does not grant the service 7.`,
      });
      jest.mocked(unlinkProcurationService).mockResolvedValue(true);
      await expect(sut.delete(keyOf(1, 2), 7)).resolves.toBeUndefined();
    });

    it('adds the missing links from the start sent, or now, and answers every link of the procuration', async () => {
      const id = procurationId();
      fake.given(
        ProcurationServiceEntity,
        { id: 61, procurationId: id, serviceId: 8 },
        { id: 60, procurationId: id, serviceId: 7 },
        { id: 62, procurationId: id + 1, serviceId: 7 },
      );

      const links = await sut.addMissing(keyOf(1, 2), body);

      expect(links.map((link) => link.id)).toEqual([60, 61]);
      expect(linkMissingProcurationServices).toHaveBeenCalledWith(
        fake.manager,
        expect.objectContaining({ id, principalProfileId: 1 }),
        NOW,
        'test',
      );
    });
  });

  describe('favorites', () => {
    it('marks any service of the catalogue as a favorite within the procuration, at sortOrder 0 unless sent', async () => {
      const first = await sut.upsertFavorite(keyOf(1, 2), 8, body);
      expect(first).toMatchObject({ created: true, record: { sortOrder: 0 } });
      const again = await sut.upsertFavorite(keyOf(1, 2), 8, { ...body, sortOrder: 3 });

      expect(again.created).toBe(false);
      expect(fake.rows(FavoriteServiceEntity)).toEqual([
        expect.objectContaining({
          profileId: 1,
          representativeProfileId: 2,
          delegatorProfileId: null,
          serviceId: 8,
          sortOrder: 3,
        }),
      ]);
      await expect(sut.upsertFavorite(keyOf(1, 2), 99, body)).rejects.toMatchObject({
        code: 'SERVICE.NOT_FOUND',
      });
      await expect(sut.upsertFavorite(keyOf(1, 3), 8, body)).rejects.toMatchObject({
        code: 'PROCURATION.NOT_FOUND',
      });
    });

    it("unmarks the procuration's own favorite only: not the principal's, nor a delegated procuration's", async () => {
      fake
        .given(ProcurationEntity, storedProcuration(keyOf(1, 2, 3)))
        .given(
          FavoriteServiceEntity,
          { profileId: 1, representativeProfileId: null, delegatorProfileId: null, serviceId: 7 },
          { profileId: 1, representativeProfileId: 2, delegatorProfileId: 3, serviceId: 7 },
        );

      await expect(sut.deleteFavorite(keyOf(1, 2), 7)).rejects.toMatchObject({
        code: 'FAVORITE_SERVICE.NOT_FOUND',
        message: 'The service 7 is not a favorite within this procuration.',
      });
      await sut.deleteFavorite(keyOf(1, 2, 3), 7);
      expect(fake.rows(FavoriteServiceEntity).map((favorite) => favorite.representativeProfileId)).toEqual([
        null,
      ]);
    });
  });
});
