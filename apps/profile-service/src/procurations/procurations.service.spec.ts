/**
 * ProcurationsService's rules without a database: who may be principal, representative and
 * delegator, which fields fit which profiles, 404 against 400, what a create, an upsert and the
 * two patches write, renewal, which writes start the automated update of services, and how reads
 * expand their profiles.
 *
 * Left to the e2e suites: the list filters and streams (procurations, procurations-stream), the
 * principal's FOR UPDATE lock against concurrent role grants and the automated update's SQL
 * (procuration-sync), the validity arithmetic itself (procuration-validity.spec).
 */
import { FakeDatabase, organizationProfile, personProfile } from '../common/testing/fake-database';
import { keyOf, procurationsOfKey, storedProcuration as stored } from './testing/procuration-fakes';
import { FavoriteServiceEntity } from '../profiles/favorites/favorite-service.entity';
import type { ProfileRecord } from '../profiles/profile-record';
import type { ProfilesService } from '../profiles/profiles.service';
import { DEFAULT_VALIDITY_PERIOD, type ProfileEnvironment } from '../profile-environment';
import { onServiceReachChanged } from '../service-reach/reach-changes';
import type { WriteProcurationDto } from './dto/procuration.dto';
import { ProcurationEntity } from './entities/procuration.entity';
import { ProcurationServiceEntity } from './entities/procuration-service.entity';
import { procurationsQuery } from './procuration-list.query';
import { procurationFieldErrors, procurationKeyErrors, ProcurationsService } from './procurations.service';

// The SQL seams: the procuration of a key (a query builder) and the automated update.
jest.mock('./procuration-list.query');
jest.mock('../service-reach/reach-changes', () => ({
  ...jest.requireActual('../service-reach/reach-changes'),
  onServiceReachChanged: jest.fn(),
}));

const NOW = new Date('2026-03-01T10:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAfter = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);

const ACME = organizationProfile(1);
const ANNA = personProfile(2);
const BEN = personProfile(3);
const GLOBEX = organizationProfile(4);

const write: WriteProcurationDto = { createdBy: 'test' };

describe(procurationKeyErrors.name, () => {
  it('needs two different profiles, and a delegator that is neither of them', () => {
    expect(procurationKeyErrors(keyOf(1, 2))).toEqual({});
    expect(procurationKeyErrors(keyOf(1, 2, 3))).toEqual({});
    expect(procurationKeyErrors(keyOf(1, 1))).toEqual({
      representativeProfileId: ['The principal and the representative must be two different profiles.'],
    });
    expect(Object.keys(procurationKeyErrors(keyOf(1, 2, 1)))).toEqual(['DelegatorProfileId']);
    expect(Object.keys(procurationKeyErrors(keyOf(1, 2, 2)))).toEqual(['DelegatorProfileId']);
  });
});

describe(procurationFieldErrors.name, () => {
  it.each([
    ['an organization to a person', ACME, ANNA, true],
    ['a person to a person', BEN, ANNA, false],
    ['an organization to an organization', ACME, GLOBEX, false],
    ['a person to an organization', ANNA, ACME, false],
  ])('a function only from an organization to a person: %s', (_case, principal, representative, allowed) => {
    const errors = procurationFieldErrors(principal, representative, 'Manager', {
      personInOrganizationFunction: 'Manager',
    });
    expect(Object.keys(errors)).toEqual(allowed ? [] : ['personInOrganizationFunction']);
  });

  it.each([
    ['an Owner of an organization', 'Owner', ACME, ANNA, true],
    ['a Manager of an organization', 'Manager', ACME, ANNA, false],
    ['no function', null, ACME, ANNA, false],
    ['an Owner of a person', 'Owner', BEN, ANNA, false],
  ] as const)(
    'pending delete only for an Owner from an organization: %s',
    (_case, fn, principal, representative, allowed) => {
      const errors = procurationFieldErrors(principal, representative, fn, {
        isPersonInOrganizationPendingDelete: true,
      });
      expect(Object.keys(errors)).toEqual(allowed ? [] : ['isPersonInOrganizationPendingDelete']);
    },
  );

  it('takes pending delete false or absent from any procuration', () => {
    expect(procurationFieldErrors(BEN, ANNA, null, { isPersonInOrganizationPendingDelete: false })).toEqual(
      {},
    );
    expect(procurationFieldErrors(BEN, ANNA, null, {})).toEqual({});
  });
});

describe(ProcurationsService.name, () => {
  let fake: FakeDatabase;
  let profiles: { getMany: jest.Mock };
  let sut: ProcurationsService;

  const onlyProcuration = (): ProcurationEntity => {
    const [procuration] = fake.rows(ProcurationEntity);
    return procuration;
  };

  beforeEach(() => {
    jest.useFakeTimers({ now: NOW });
    fake = new FakeDatabase().profiles(ACME, ANNA, BEN, GLOBEX);
    jest.mocked(procurationsQuery).mockImplementation(procurationsOfKey(fake));
    profiles = { getMany: jest.fn().mockResolvedValue(new Map()) };
    sut = new ProcurationsService(
      fake.dataSource,
      profiles as Partial<ProfilesService> as ProfilesService,
      {
        procurationValidity: DEFAULT_VALIDITY_PERIOD,
      } as ProfileEnvironment,
    );
  });

  afterEach(() => jest.useRealTimers());

  describe('create', () => {
    it('answers 404 for the first missing profile of the key, before its own rules', async () => {
      await expect(sut.create(keyOf(98, 99), write)).rejects.toMatchObject({
        code: 'PROFILE.NOT_FOUND',
        message: 'No profile has the id 98.',
      });
      await expect(sut.create(keyOf(1, 1, 99), write)).rejects.toMatchObject({
        message: 'No profile has the id 99.',
      });
      await expect(sut.create(keyOf(1, 1), write)).rejects.toMatchObject({
        code: 'PROCURATION.INVALID',
        errors: { representativeProfileId: [expect.stringContaining('two different profiles')] },
      });
    });

    it('refuses a procuration that exists, pointing to PATCH, together with the field rules', async () => {
      fake.given(ProcurationEntity, stored(keyOf(3, 2)));

      await expect(
        sut.create(keyOf(3, 2), { ...write, personInOrganizationFunction: 'Owner' }),
      ).rejects.toMatchObject({
        code: 'PROCURATION.INVALID',
        errors: {
          personInOrganizationFunction: [expect.any(String)],
          representativeProfileId: [
            'A procuration from the profile 3 to the profile 2 without delegator exists already; PATCH changes it.',
          ],
        },
      });
      expect(fake.rows(ProcurationEntity)).toHaveLength(1);
    });

    it('is valid from now for the configured period, Active, with the defaults of what it leaves out', async () => {
      await sut.create(keyOf(1, 2), write);

      expect(onlyProcuration()).toMatchObject({
        ...keyOf(1, 2),
        validityStartStamp: NOW,
        validityEndStamp: daysAfter(NOW, 365),
        renewableFromDate: daysAfter(NOW, 335),
        renewalState: 'Active',
        removalDate: null,
        representativeEmail: null,
        personInOrganizationFunction: null,
        isPersonInOrganizationPendingDelete: false,
        delegationMode: null,
        procurationInviteId: null,
        createdBy: 'test',
      });
    });

    it('is valid from the validityStartStamp sent', async () => {
      await sut.create(keyOf(1, 2), { ...write, validityStartStamp: '2026-06-01T00:00:00.000Z' });

      expect(onlyProcuration().validityEndStamp).toEqual(new Date('2027-06-01T00:00:00.000Z'));
    });

    it('starts the automated update of services for an Owner or a Manager only', async () => {
      await sut.create(keyOf(1, 2), { ...write, personInOrganizationFunction: 'Collaborator' });
      expect(onServiceReachChanged).not.toHaveBeenCalled();

      await sut.create(keyOf(1, 3), { ...write, personInOrganizationFunction: 'Manager' });
      expect(onServiceReachChanged).toHaveBeenCalledWith(fake.manager, {
        kind: 'procurations',
        principalProfileIds: [1],
      });
    });
  });

  describe('upsert', () => {
    it('creates when there is none (created), and replaces every writable field when there is', async () => {
      const first = await sut.upsert(keyOf(1, 2), {
        ...write,
        personInOrganizationFunction: 'Owner',
        representativeEmail: 'anna@example.ch',
        delegationMode: 'Global',
      });
      expect(first.created).toBe(true);
      const { validityEndStamp } = onlyProcuration();

      const second = await sut.upsert(keyOf(1, 2), { createdBy: 'editor' });

      expect(second.created).toBe(false);
      expect(onlyProcuration()).toMatchObject({
        personInOrganizationFunction: null,
        representativeEmail: null,
        delegationMode: null,
        isPersonInOrganizationPendingDelete: false,
        validityEndStamp,
        updatedBy: 'editor',
      });
      // The function was Owner: the procuration's services follow its loss.
      expect(onServiceReachChanged).toHaveBeenCalledTimes(2);
    });

    it('starts the validity again from a validityStartStamp sent', async () => {
      fake.given(ProcurationEntity, stored(keyOf(1, 2)));

      await sut.upsert(keyOf(1, 2), { ...write, validityStartStamp: '2026-02-01T00:00:00.000Z' });

      expect(onlyProcuration()).toMatchObject({
        validityStartStamp: new Date('2026-02-01T00:00:00.000Z'),
        validityEndStamp: new Date('2027-02-01T00:00:00.000Z'),
        renewableFromDate: new Date('2027-01-02T00:00:00.000Z'),
      });
    });
  });

  describe('patchOutbound', () => {
    const patch = { updatedBy: 'editor' };

    it('answers 404 for a procuration that does not exist', async () => {
      await expect(sut.patchOutbound(keyOf(1, 2, 3), patch)).rejects.toMatchObject({
        code: 'PROCURATION.NOT_FOUND',
        message: 'No procuration from the profile 1 to the profile 2 through the delegator 3.',
      });
    });

    it('moves the start, but never to or past the end of validity', async () => {
      fake.given(ProcurationEntity, stored(keyOf(1, 2)));

      await expect(
        sut.patchOutbound(keyOf(1, 2), { ...patch, validityStartStamp: '2027-01-01T00:00:00.000Z' }),
      ).rejects.toMatchObject({
        code: 'PROCURATION.INVALID',
        errors: { validityStartStamp: [expect.stringContaining('before the end of validity')] },
      });
      await sut.patchOutbound(keyOf(1, 2), { ...patch, validityStartStamp: '2026-12-31T23:59:59.999Z' });

      expect(onlyProcuration()).toMatchObject({
        validityStartStamp: new Date('2026-12-31T23:59:59.999Z'),
        validityEndStamp: new Date('2027-01-01T00:00:00.000Z'),
      });
    });

    it('keeps the function the patch leaves out, clears it with a present null', async () => {
      fake.given(ProcurationEntity, stored(keyOf(1, 2), { personInOrganizationFunction: 'Owner' }));

      // Pending delete needs an Owner: the stored function counts when the patch leaves it out.
      await sut.patchOutbound(keyOf(1, 2), { ...patch, isPersonInOrganizationPendingDelete: true });
      expect(onlyProcuration()).toMatchObject({
        personInOrganizationFunction: 'Owner',
        isPersonInOrganizationPendingDelete: true,
      });

      await expect(
        sut.patchOutbound(keyOf(1, 2), {
          ...patch,
          personInOrganizationFunction: { isValuePresent: true, value: null },
        }),
      ).rejects.toMatchObject({ errors: { isPersonInOrganizationPendingDelete: [expect.any(String)] } });

      await sut.patchOutbound(keyOf(1, 2), {
        ...patch,
        isPersonInOrganizationPendingDelete: false,
        personInOrganizationFunction: { isValuePresent: true, value: null },
      });
      expect(onlyProcuration().personInOrganizationFunction).toBeNull();
    });

    it('renews from the end of validity, and sets a renewal state only when one is present', async () => {
      fake.given(ProcurationEntity, stored(keyOf(1, 2)));

      await sut.patchOutbound(keyOf(1, 2), {
        ...patch,
        hasBeenRenewed: true,
        renewalState: { isValuePresent: false },
      });

      expect(onlyProcuration()).toMatchObject({
        validityEndStamp: new Date('2028-01-01T00:00:00.000Z'),
        renewableFromDate: new Date('2027-12-02T00:00:00.000Z'),
        renewalState: 'Active',
      });
      await sut.patchOutbound(keyOf(1, 2), {
        ...patch,
        renewalState: { isValuePresent: true, value: 'Renewed' },
      });
      expect(onlyProcuration()).toMatchObject({
        renewalState: 'Renewed',
        validityEndStamp: new Date('2028-01-01T00:00:00.000Z'),
      });
    });

    it('starts the automated update when the function is or was Owner or Manager', async () => {
      fake.given(ProcurationEntity, stored(keyOf(1, 2), { personInOrganizationFunction: 'Manager' }));

      await sut.patchOutbound(keyOf(1, 2), { ...patch, hasBeenRenewed: true });
      expect(onServiceReachChanged).toHaveBeenCalledTimes(1);

      await sut.patchOutbound(keyOf(1, 2), {
        ...patch,
        personInOrganizationFunction: { isValuePresent: true, value: 'Collaborator' },
      });
      expect(onServiceReachChanged).toHaveBeenCalledTimes(2);

      await sut.patchOutbound(keyOf(1, 2), { ...patch, hasBeenRenewed: true });
      expect(onServiceReachChanged).toHaveBeenCalledTimes(2);
    });
  });

  describe('patchInbound', () => {
    it('changes the e-mail and the delegation mode the patch names, and keeps the rest', async () => {
      fake.given(
        ProcurationEntity,
        stored(keyOf(1, 2), { representativeEmail: 'anna@example.ch', delegationMode: 'Global' }),
      );

      await sut.patchInbound(keyOf(1, 2), { updatedBy: 'anna', delegationMode: { isValuePresent: false } });
      expect(onlyProcuration()).toMatchObject({
        representativeEmail: 'anna@example.ch',
        delegationMode: 'Global',
      });

      await sut.patchInbound(keyOf(1, 2), {
        updatedBy: 'anna',
        representativeEmail: null,
        delegationMode: { isValuePresent: true, value: null },
      });
      expect(onlyProcuration()).toMatchObject({
        representativeEmail: null,
        delegationMode: null,
        updatedBy: 'anna',
      });
    });
  });

  describe('delete', () => {
    it('takes the favorites within the procuration with it, not those of another one', async () => {
      fake
        .given(ProcurationEntity, stored(keyOf(1, 2)), stored(keyOf(1, 2, 3)))
        .given(
          FavoriteServiceEntity,
          { profileId: 1, representativeProfileId: 2, delegatorProfileId: null, serviceId: 7 },
          { profileId: 1, representativeProfileId: 2, delegatorProfileId: 3, serviceId: 7 },
          { profileId: 1, representativeProfileId: null, delegatorProfileId: null, serviceId: 7 },
        );

      await sut.delete(keyOf(1, 2));

      expect(fake.rows(ProcurationEntity).map((row) => row.delegatorProfileId)).toEqual([3]);
      expect(
        fake.rows(FavoriteServiceEntity).map((row) => row.delegatorProfileId ?? row.representativeProfileId),
      ).toEqual([3, null]);
      await expect(sut.delete(keyOf(1, 2))).rejects.toMatchObject({ code: 'PROCURATION.NOT_FOUND' });
    });
  });

  describe('get', () => {
    const none = { expand: new Set<never>(), includeCustomImageBytes: false };

    it('answers the missing profile’s 404 before the procuration’s', async () => {
      await expect(sut.get(keyOf(1, 99), none)).rejects.toMatchObject({ code: 'PROFILE.NOT_FOUND' });
      await expect(sut.get(keyOf(1, 2), none)).rejects.toMatchObject({
        code: 'PROCURATION.NOT_FOUND',
        message: 'No procuration from the profile 1 to the profile 2 without delegator.',
      });
    });
  });

  describe('viewsOf', () => {
    it('reads the profiles an expansion names, with their own expansions, and no others', async () => {
      const procuration = Object.assign(new ProcurationEntity(), stored(keyOf(1, 2)), { id: 5 });
      const principal = { profile: { id: 1 } } as ProfileRecord;
      profiles.getMany.mockResolvedValueOnce(new Map([[1, principal]])).mockResolvedValueOnce(new Map());

      const [view] = await sut.viewsOf(fake.manager, [procuration], NOW, {
        expand: new Set(['PrincipalProfile_Person', 'PrincipalProfile_ProfilePicture', 'DelegatorProfile']),
        includeCustomImageBytes: true,
      });

      expect(profiles.getMany.mock.calls).toEqual([
        [[1], { expand: new Set(['Person', 'ProfilePicture']), includeCustomImageBytes: true }, fake.manager],
        [[], { expand: new Set(), includeCustomImageBytes: true }, fake.manager],
      ]);
      expect(view).toMatchObject({ principalProfile: principal, delegatorProfile: null });
      expect(view).not.toHaveProperty('representativeProfile');
      expect(view.state).toEqual({ isRenewable: false, isUsable: true });
    });

    it('groups the ProcurationServices expansion by procuration, and isUsable needs both profiles enabled', async () => {
      const procurations = [5, 6].map((id) =>
        Object.assign(new ProcurationEntity(), stored(keyOf(1, id - 3)), {
          id,
          representativeProfile: { isEnabled: id === 5 },
        }),
      );
      fake.given(
        ProcurationServiceEntity,
        { id: 1, procurationId: 5, serviceId: 7 },
        { id: 2, procurationId: 5, serviceId: 8 },
      );

      const views = await sut.viewsOf(fake.manager, procurations, NOW, {
        expand: new Set(['ProcurationServices']),
        includeCustomImageBytes: false,
      });

      expect(views.map((view) => view.procurationServices?.map((link) => link.serviceId))).toEqual([
        [7, 8],
        [],
      ]);
      expect(views.map((view) => view.state.isUsable)).toEqual([true, false]);
    });
  });
});
