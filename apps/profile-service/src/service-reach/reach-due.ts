/**
 * How far back a reconciliation looks before the last instant it applied: a role written in a
 * transaction that began before its start and committed after a reconciliation had passed that
 * start would otherwise never be seen. Writes end within the statement timeout (seconds), and
 * replicas' clocks agree within far less than this; re-applying a role is idempotent.
 */
export const LATE_COMMIT_MARGIN_MS = 5 * 60_000;

/** The role starts a reconciliation applies: after `after`, up to and including `upTo`. */
export interface DueWindow {
  readonly after: Date;
  readonly upTo: Date;
}

/**
 * The window of due role starts, from the instant the last reconciliation applied up to now.
 * It never ends before `reconciledUntil` (a replica whose clock lags must not move the mark
 * back), and opens `marginMs` earlier for late commits.
 */
export function dueWindow(
  reconciledUntil: Date,
  now: Date,
  marginMs: number = LATE_COMMIT_MARGIN_MS,
): DueWindow {
  return {
    after: new Date(reconciledUntil.getTime() - marginMs),
    upTo: new Date(Math.max(now.getTime(), reconciledUntil.getTime())),
  };
}

/**
 * The profiles one of whose roles is due in `window`: given with a start that lay ahead at its
 * last write (start after `update_stamp`; a role in force when written was applied by that
 * write), and started within the window. Parameters `:dueAfter` and `:dueUpTo`; served by the
 * partial index `ix_profile_role_deferred_start`, which holds only such roles.
 */
export const DUE_PROFILES_SQL = `
  SELECT DISTINCT profile_id AS "profileId" FROM profile_role
   WHERE validity_start_stamp > update_stamp
     AND validity_start_stamp > :dueAfter AND validity_start_stamp <= :dueUpTo`;
