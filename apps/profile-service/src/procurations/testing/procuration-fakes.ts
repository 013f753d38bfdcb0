import { ProcurationEntity } from '../entities/procuration.entity';
import type { procurationsQuery } from '../procuration-list.query';
import { type ProcurationKey, ProcurationsService } from '../procurations.service';
import type { ProfilesService } from '../../profiles/profiles.service';
import { DEFAULT_VALIDITY_PERIOD, type ProfileEnvironment } from '../../profile-environment';
import type { FakeDatabase } from '../../common/testing/fake-database';

/** The key of the procuration from `principal` to `representative` (through `delegator`). */
export const keyOf = (
  principal: number,
  representative: number,
  delegator: number | null = null,
): ProcurationKey => ({
  principalProfileId: principal,
  representativeProfileId: representative,
  delegatorProfileId: delegator,
});

/**
 * A stored procuration of the key: valid through 2026 (renewable from 2 December), Active, no
 * function, both of its profiles enabled (so usable during 2026).
 */
export const storedProcuration = (
  key: ProcurationKey,
  fields: Partial<ProcurationEntity> = {},
): Partial<ProcurationEntity> => ({
  ...key,
  validityStartStamp: new Date('2026-01-01T00:00:00.000Z'),
  validityEndStamp: new Date('2027-01-01T00:00:00.000Z'),
  renewableFromDate: new Date('2026-12-02T00:00:00.000Z'),
  removalDate: null,
  renewalState: 'Active',
  representativeEmail: null,
  personInOrganizationFunction: null,
  isPersonInOrganizationPendingDelete: false,
  delegationMode: null,
  procurationInviteId: null,
  principalProfile: { isEnabled: true } as ProcurationEntity['principalProfile'],
  representativeProfile: { isEnabled: true } as ProcurationEntity['representativeProfile'],
  ...fields,
});

/**
 * `procurationsQuery` as `ProcurationsService.find` runs it (the procuration of one key), over the
 * fake's procuration rows: for a spec that mocks procuration-list.query. Its filters and lists are
 * SQL, the procurations e2e suite's.
 */
export const procurationsOfKey =
  (fake: FakeDatabase): typeof procurationsQuery =>
  (_manager, filters) =>
    ({
      getOne: () =>
        Promise.resolve(
          fake
            .rows(ProcurationEntity)
            .find(
              (row) =>
                row.principalProfileId === filters.principalProfileId &&
                row.representativeProfileId === filters.representativeProfileId &&
                row.delegatorProfileId === filters.delegatorProfileId,
            ) ?? null,
        ),
    }) as unknown as ReturnType<typeof procurationsQuery>;

/**
 * The ProcurationsService the procuration services and invites build on, over the fake (with
 * procuration-list.query mocked to `procurationsOfKey`); it expands no profile.
 */
export const procurationsServiceOver = (fake: FakeDatabase): ProcurationsService =>
  new ProcurationsService(
    fake.dataSource,
    { getMany: () => Promise.resolve(new Map()) } as Partial<ProfilesService> as ProfilesService,
    { procurationValidity: DEFAULT_VALIDITY_PERIOD } as ProfileEnvironment,
  );
