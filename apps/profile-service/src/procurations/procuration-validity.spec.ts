import { DEFAULT_VALIDITY_PERIOD } from '../profile-environment';
import { initialValidity, renewedValidity, validityStateOf } from './procuration-validity';

const at = (iso: string): Date => new Date(iso);
const enabled = { principalEnabled: true, representativeEnabled: true };

describe('procuration validity (contract 6)', () => {
  const stamps = initialValidity(at('2026-01-10T08:00:00.000Z'), DEFAULT_VALIDITY_PERIOD);

  it('ends 365 days after the start by default and is renewable 30 days before the end', () => {
    expect(stamps.validityEndStamp.toISOString()).toBe('2027-01-10T08:00:00.000Z');
    expect(stamps.renewableFromDate.toISOString()).toBe('2026-12-11T08:00:00.000Z');
  });

  it('takes the configured periods', () => {
    const short = initialValidity(at('2026-01-10T00:00:00.000Z'), { validityDays: 10, renewalNoticeDays: 2 });
    expect(short.validityEndStamp.toISOString()).toBe('2026-01-20T00:00:00.000Z');
    expect(short.renewableFromDate.toISOString()).toBe('2026-01-18T00:00:00.000Z');
  });

  it('is renewable from renewableFromDate on, not a millisecond before', () => {
    const before = new Date(stamps.renewableFromDate.getTime() - 1);
    expect(validityStateOf(stamps, enabled, before).isRenewable).toBe(false);
    expect(validityStateOf(stamps, enabled, stamps.renewableFromDate).isRenewable).toBe(true);
  });

  it('is usable from the start up to (not at) the end', () => {
    expect(validityStateOf(stamps, enabled, at('2026-01-10T07:59:59.999Z')).isUsable).toBe(false);
    expect(validityStateOf(stamps, enabled, stamps.validityStartStamp).isUsable).toBe(true);
    expect(validityStateOf(stamps, enabled, at('2027-01-10T07:59:59.999Z')).isUsable).toBe(true);
    expect(validityStateOf(stamps, enabled, stamps.validityEndStamp).isUsable).toBe(false);
  });

  it('is not usable while the principal or the representative is disabled', () => {
    const now = at('2026-06-01T00:00:00.000Z');
    expect(validityStateOf(stamps, { ...enabled, principalEnabled: false }, now).isUsable).toBe(false);
    expect(validityStateOf(stamps, { ...enabled, representativeEnabled: false }, now).isUsable).toBe(false);
  });

  it('renews from the end while it lies ahead, and from now once it has passed', () => {
    const early = renewedValidity(stamps, at('2026-12-20T00:00:00.000Z'), DEFAULT_VALIDITY_PERIOD);
    expect(early.validityEndStamp.toISOString()).toBe('2028-01-10T08:00:00.000Z');
    expect(early.renewableFromDate.toISOString()).toBe('2027-12-11T08:00:00.000Z');
    expect(early.validityStartStamp).toBe(stamps.validityStartStamp);
    const late = renewedValidity(stamps, at('2027-03-01T00:00:00.000Z'), DEFAULT_VALIDITY_PERIOD);
    expect(late.validityEndStamp.toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(validityStateOf(late, enabled, at('2027-03-01T00:00:00.000Z'))).toEqual({
      isRenewable: false,
      isUsable: true,
    });
  });
});
