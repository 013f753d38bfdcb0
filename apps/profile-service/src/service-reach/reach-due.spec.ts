import { dueWindow, LATE_COMMIT_MARGIN_MS } from './reach-due';

const at = (iso: string) => new Date(iso);

describe('dueWindow (the role starts a reconciliation applies)', () => {
  it('runs from the last reconciled instant, opened earlier by the margin, up to now', () => {
    const window = dueWindow(at('2026-01-01T10:00:00.000Z'), at('2026-01-01T10:01:00.000Z'), 60_000);
    expect(window).toEqual({ after: at('2026-01-01T09:59:00.000Z'), upTo: at('2026-01-01T10:01:00.000Z') });
  });

  it('looks back by LATE_COMMIT_MARGIN_MS unless told otherwise', () => {
    const until = at('2026-01-01T10:00:00.000Z');
    expect(dueWindow(until, until).after.getTime()).toBe(until.getTime() - LATE_COMMIT_MARGIN_MS);
    expect(LATE_COMMIT_MARGIN_MS).toBeGreaterThanOrEqual(60_000);
  });

  it('never moves the mark back when this replica clock lags behind the one that set it', () => {
    const until = at('2026-01-01T10:00:05.000Z');
    const window = dueWindow(until, at('2026-01-01T10:00:00.000Z'), 1000);
    expect(window.upTo).toEqual(until);
    expect(window.after).toEqual(at('2026-01-01T10:00:04.000Z'));
  });

  it('covers every instant exactly once across consecutive runs, apart from the margin', () => {
    const first = dueWindow(at('2026-01-01T10:00:00.000Z'), at('2026-01-01T10:01:00.000Z'), 0);
    const second = dueWindow(first.upTo, at('2026-01-01T10:02:00.000Z'), 0);
    expect(second.after).toEqual(first.upTo);
  });
});
