import type { ValidityPeriod } from '../profile-environment';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The stored stamps of a procuration's validity. */
export interface ValidityStamps {
  readonly validityStartStamp: Date;
  readonly validityEndStamp: Date;
  readonly renewableFromDate: Date;
}

const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);

/** A new procuration's stamps: it ends a validity period after its start, renewable a notice before. */
export function initialValidity(start: Date, period: ValidityPeriod): ValidityStamps {
  const end = addDays(start, period.validityDays);
  return {
    validityStartStamp: start,
    validityEndStamp: end,
    renewableFromDate: addDays(end, -period.renewalNoticeDays),
  };
}

/** `hasBeenRenewed: true`: the end moves to max(now, end) + the period; renewable a notice before it. */
export function renewedValidity(stamps: ValidityStamps, now: Date, period: ValidityPeriod): ValidityStamps {
  const from = Math.max(now.getTime(), stamps.validityEndStamp.getTime());
  const end = addDays(new Date(from), period.validityDays);
  return { ...stamps, validityEndStamp: end, renewableFromDate: addDays(end, -period.renewalNoticeDays) };
}

/** What a procuration's state makes of it now: computed on every read, never stored. */
export interface ValidityState {
  readonly isRenewable: boolean;
  readonly isUsable: boolean;
}

/**
 * `isRenewable` once `renewableFromDate` is reached; `isUsable` while start <= now < end and both
 * the principal and the representative are enabled (contract 6).
 */
export function validityStateOf(
  stamps: ValidityStamps,
  profiles: { readonly principalEnabled: boolean; readonly representativeEnabled: boolean },
  now: Date,
): ValidityState {
  const time = now.getTime();
  return {
    isRenewable: time >= stamps.renewableFromDate.getTime(),
    isUsable:
      stamps.validityStartStamp.getTime() <= time &&
      time < stamps.validityEndStamp.getTime() &&
      profiles.principalEnabled &&
      profiles.representativeEnabled,
  };
}
