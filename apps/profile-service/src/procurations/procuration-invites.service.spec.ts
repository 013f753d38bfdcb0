/**
 * ProcurationInvitesService's rules without a database: an invite's expiry and token, which
 * services a principal may share, who may consume an invite (and for whom), and what approval
 * needs and creates. An expired, consumed or approved invite is a 400; an unknown token a 404.
 *
 * Left to the e2e suites (procuration-invites): what the principal reaches (the reach SQL), the
 * lock that keeps two consumptions or approvals of one invite apart, the links written on approval.
 */
import { FakeDatabase, organizationProfile, personProfile } from '../common/testing/fake-database';
import {
  keyOf,
  procurationsOfKey,
  procurationsServiceOver,
  storedProcuration,
} from './testing/procuration-fakes';
import { PersonEntity } from '../profiles/entities/person.entity';
import { linkInviteServices } from '../service-reach/procuration-links';
import { queryNamed } from '../service-reach/reach';
import { ProcurationEntity } from './entities/procuration.entity';
import { ProcurationInviteEntity } from './entities/procuration-invite.entity';
import { inviteTokenDigest } from './procuration-invite-token';
import { ProcurationInvitesService } from './procuration-invites.service';
import { procurationsQuery } from './procuration-list.query';

// The SQL seams: the procuration of a key, what the principal reaches, the links of an approval.
jest.mock('./procuration-list.query');
jest.mock('../service-reach/reach', () => ({
  ...jest.requireActual('../service-reach/reach'),
  queryNamed: jest.fn(),
}));
jest.mock('../service-reach/procuration-links');

const NOW = new Date('2026-03-01T10:00:00.000Z');
const TOKEN = 'the-token';
const ACME = organizationProfile(1);
const ANNA = personProfile(2, 12);
const GLOBEX = organizationProfile(4);

/** What the reach statement answers of each service asked for: known, available and reached unless said. */
type ServiceState = { known?: boolean; available?: boolean; reached?: boolean };

describe(ProcurationInvitesService.name, () => {
  let fake: FakeDatabase;
  let services: Record<number, ServiceState>;
  let sut: ProcurationInvitesService;

  /** A stored invite of ACME's, taken by the token TOKEN, open until April. */
  const givenInvite = (fields: Partial<ProcurationInviteEntity> = {}): void => {
    fake.given(ProcurationInviteEntity, {
      principalProfileId: 1,
      representativeProfileId: null,
      token: inviteTokenDigest(TOKEN),
      expirationStamp: new Date('2026-04-01T00:00:00.000Z'),
      consumptionStamp: null,
      isReadyForApproval: false,
      isApproved: false,
      approvalStamp: null,
      representativeEmail: 'anna@example.ch',
      serviceIds: [7, 8],
      ...fields,
    });
  };
  const storedInvite = (): ProcurationInviteEntity => fake.rows(ProcurationInviteEntity)[0];

  beforeEach(() => {
    jest.useFakeTimers({ now: NOW });
    fake = new FakeDatabase().profiles(ACME, ANNA, GLOBEX).given(PersonEntity, {
      id: 12,
      firstname: 'Anna',
      lastname: 'Muster',
    });
    services = {};
    jest.mocked(queryNamed).mockImplementation((_manager, statement) =>
      Promise.resolve(
        (statement.parameters['wantedServiceIds'] as number[]).map((serviceId) => ({
          serviceId,
          known: true,
          available: true,
          reached: true,
          ...services[serviceId],
        })),
      ),
    );
    jest.mocked(procurationsQuery).mockImplementation(procurationsOfKey(fake));
    sut = new ProcurationInvitesService(fake.dataSource, procurationsServiceOver(fake));
  });

  afterEach(() => jest.useRealTimers());

  describe('create', () => {
    const body = { principalProfileId: 1, createdBy: 'test' };

    it('stores the digest of a new token (never the token), open for 30 days, each service once', async () => {
      const { invite, token } = await sut.create({ ...body, serviceIds: [7, 8, 7] });

      expect(storedInvite()).toMatchObject({
        id: invite.id,
        token: inviteTokenDigest(token),
        expirationStamp: new Date('2026-03-31T10:00:00.000Z'),
        serviceIds: [7, 8],
        representativeProfileId: null,
        consumptionStamp: null,
        isReadyForApproval: false,
        isApproved: false,
      });
      expect(token).not.toBe(invite.token);
    });

    it('refuses an unknown principal and an expiry not in the future together, as 400s on the body', async () => {
      await expect(
        sut.create({ ...body, principalProfileId: 99, expirationStamp: NOW.toISOString(), serviceIds: [7] }),
      ).rejects.toMatchObject({
        code: 'PROCURATION_INVITE.INVALID',
        errors: {
          principalProfileId: ['No profile has the id 99.'],
          expirationStamp: ['expirationStamp must lie in the future.'],
        },
      });
      // The services of a principal that does not exist are not asked about.
      expect(queryNamed).not.toHaveBeenCalled();
      expect(fake.rows(ProcurationInviteEntity)).toEqual([]);
    });

    it('names each service the principal cannot share, by its place in serviceIds', async () => {
      services = { 5: { known: false }, 6: { available: false }, 7: { reached: false } };

      await expect(sut.create({ ...body, serviceIds: [8, 5, 6, 7] })).rejects.toMatchObject({
        errors: {
          'serviceIds[1]': ['No service has the id 5.'],
          'serviceIds[2]': ['The service 6 is not available for procurations.'],
          'serviceIds[3]': ['The principal 1 does not reach the service 7.'],
        },
      });
    });
  });

  it('finds an invite by its token; another token is a 404', async () => {
    givenInvite();

    await expect(sut.get(TOKEN)).resolves.toMatchObject({ principalProfileId: 1 });
    await expect(sut.get(inviteTokenDigest(TOKEN))).rejects.toMatchObject({
      code: 'PROCURATION_INVITE.NOT_FOUND',
    });
  });

  describe('consume', () => {
    const body = { representativeProfileId: 2, updatedBy: 'anna' };

    it.each([
      ['expired (at its expiry)', { expirationStamp: NOW }, 'PROCURATION_INVITE.EXPIRED'],
      [
        'consumed already',
        { representativeProfileId: 4, consumptionStamp: NOW },
        'PROCURATION_INVITE.CONSUMED',
      ],
    ])('refuses an invite %s, as a 400 on the token', async (_case, fields, code) => {
      givenInvite(fields);

      await expect(sut.consume(TOKEN, body)).rejects.toMatchObject({
        code,
        errors: { token: [expect.any(String)] },
      });
    });

    it('answers 404 for an unknown token', async () => {
      await expect(sut.consume(TOKEN, body)).rejects.toMatchObject({ code: 'PROCURATION_INVITE.NOT_FOUND' });
    });

    it('refuses an unknown representative, and the principal as its own', async () => {
      givenInvite();

      await expect(sut.consume(TOKEN, { ...body, representativeProfileId: 99 })).rejects.toMatchObject({
        code: 'PROCURATION_INVITE.INVALID',
        errors: { representativeProfileId: ['No profile has the id 99.'] },
      });
      await expect(sut.consume(TOKEN, { ...body, representativeProfileId: 1 })).rejects.toMatchObject({
        errors: { representativeProfileId: ['The principal cannot be its own representative.'] },
      });
    });

    it('takes a consumer only as a person acting for an organization representative', async () => {
      givenInvite();

      await expect(sut.consume(TOKEN, { ...body, consumerInOrgProfileId: 99 })).rejects.toMatchObject({
        errors: { consumerInOrgProfileId: ['No profile has the id 99.'] },
      });
      await expect(
        sut.consume(TOKEN, { ...body, representativeProfileId: 4, consumerInOrgProfileId: 1 }),
      ).rejects.toMatchObject({
        errors: {
          consumerInOrgProfileId: ['The consumer acting for an organization must be a person profile.'],
        },
      });
      await expect(sut.consume(TOKEN, { ...body, consumerInOrgProfileId: 2 })).rejects.toMatchObject({
        errors: {
          consumerInOrgProfileId: ['Only an organization representative is consumed for by a person in it.'],
        },
      });
    });

    it("records the representative, the consumer's names and the time, and makes it ready for approval", async () => {
      givenInvite();

      await sut.consume(TOKEN, {
        representativeProfileId: 4,
        consumerInOrgProfileId: 2,
        messageToPrincipal: 'Hello',
        updatedBy: 'anna',
      });

      expect(storedInvite()).toMatchObject({
        representativeProfileId: 4,
        consumptionStamp: NOW,
        isReadyForApproval: true,
        messageToPrincipal: 'Hello',
        representativeBusinessCaseId: null,
        consumerInOrgProfileId: 2,
        consumerInOrgFirstname: 'Anna',
        consumerInOrgLastname: 'Muster',
        updatedBy: 'anna',
      });
    });
  });

  describe('approve', () => {
    const body = { updatedBy: 'acme' };
    const consumed = { representativeProfileId: 2, consumptionStamp: NOW, isReadyForApproval: true };

    it.each([
      ['not consumed yet', {}, 'PROCURATION_INVITE.NOT_CONSUMED'],
      ['approved already', { ...consumed, isApproved: true }, 'PROCURATION_INVITE.APPROVED'],
      [
        'expired',
        { ...consumed, expirationStamp: new Date('2026-02-01T00:00:00.000Z') },
        'PROCURATION_INVITE.EXPIRED',
      ],
    ])('refuses an invite %s', async (_case, fields, code) => {
      givenInvite(fields);

      await expect(sut.approve(TOKEN, body)).rejects.toMatchObject({ code });
      expect(fake.rows(ProcurationEntity)).toEqual([]);
    });

    it('refuses when the principal has given the representative a procuration already', async () => {
      givenInvite(consumed);
      fake.given(ProcurationEntity, storedProcuration(keyOf(1, 2)));

      await expect(sut.approve(TOKEN, body)).rejects.toMatchObject({
        code: 'PROCURATION.EXISTS',
        errors: { token: [expect.any(String)] },
      });
    });

    it('refuses a service the principal can no longer share, and creates nothing', async () => {
      givenInvite(consumed);
      services = { 8: { reached: false } };

      await expect(sut.approve(TOKEN, body)).rejects.toMatchObject({
        code: 'PROCURATION_INVITE.INVALID',
        errors: { 'serviceIds[1]': ['The principal 1 does not reach the service 8.'] },
      });
      expect(fake.rows(ProcurationEntity)).toEqual([]);
      expect(storedInvite().isApproved).toBe(false);
    });

    it("creates the procuration with the invite's services, and closes the invite", async () => {
      givenInvite(consumed);

      const view = await sut.approve(TOKEN, body);

      const [procuration] = fake.rows(ProcurationEntity);
      expect(procuration).toMatchObject({
        ...keyOf(1, 2),
        procurationInviteId: storedInvite().id,
        representativeEmail: 'anna@example.ch',
        validityStartStamp: NOW,
        createdBy: 'acme',
      });
      expect(view.procuration.id).toBe(procuration.id);
      expect(linkInviteServices).toHaveBeenCalledWith(fake.manager, procuration.id, [7, 8], NOW, 'acme');
      expect(storedInvite()).toMatchObject({
        isApproved: true,
        approvalStamp: NOW,
        isReadyForApproval: false,
      });
    });
  });
});
