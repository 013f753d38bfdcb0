import { INACTIVITY_STATES, type InactivityState } from './domain-enums';

/** The inactive states, each with the days since the last login (or creation) after which a profile enters it. */
export type InactivityThresholds = Readonly<Record<Exclude<InactivityState, 'Active'>, number>>;

export const DEFAULT_INACTIVITY_DAYS = 'InactiveLevelOne=730,InactiveLevelTwo=760,InactiveLevelThree=790';

const INACTIVE_STATES = INACTIVITY_STATES.filter(
  (state): state is Exclude<InactivityState, 'Active'> => state !== 'Active',
);

/**
 * `InactiveLevelOne=730,InactiveLevelTwo=760,InactiveLevelThree=790` (contract 6): every inactive
 * state once, whole days, each later than the one before. Throws with the reason otherwise.
 */
export function parseInactivityDays(text: string): InactivityThresholds {
  const days = new Map<string, number>();
  for (const entry of text.split(',')) {
    const match = /^\s*(\w+)\s*=\s*(\d{1,6})\s*$/.exec(entry);
    if (!match) throw new Error(`'${entry.trim()}' is not of the form State=days`);
    const [, state, value] = match;
    if (!(INACTIVE_STATES as readonly string[]).includes(state)) {
      throw new Error(`'${state}' is not one of ${INACTIVE_STATES.join(', ')}`);
    }
    if (days.has(state)) throw new Error(`${state} is given twice`);
    days.set(state, Number(value));
  }
  const missing = INACTIVE_STATES.filter((state) => !days.has(state));
  if (missing.length > 0) throw new Error(`${missing.join(', ')} missing`);
  const thresholds = Object.fromEntries(days) as Record<Exclude<InactivityState, 'Active'>, number>;
  INACTIVE_STATES.forEach((state, index) => {
    if (thresholds[state] < 1) throw new Error(`${state} must be at least 1 day`);
    const previous = INACTIVE_STATES[index - 1];
    if (previous && thresholds[state] <= thresholds[previous]) {
      throw new Error(`${state} must come after ${previous} (more days)`);
    }
  });
  return thresholds;
}

/** The state a profile moves to from `state` as time passes; undefined after the last one. */
export function nextInactivityState(state: InactivityState): Exclude<InactivityState, 'Active'> | undefined {
  return INACTIVE_STATES[INACTIVITY_STATES.indexOf(state)];
}

/** The state before `state` (`Active` before `InactiveLevelOne`). */
export function previousInactivityState(state: Exclude<InactivityState, 'Active'>): InactivityState {
  return INACTIVITY_STATES[INACTIVITY_STATES.indexOf(state) - 1];
}

/** The moment before which the last login (or creation) must lie for a profile to reach `state` at `now`. */
export function inactivityCutoff(
  thresholds: InactivityThresholds,
  state: Exclude<InactivityState, 'Active'>,
  now: Date,
): Date {
  return new Date(now.getTime() - thresholds[state] * 24 * 60 * 60 * 1000);
}

export { INACTIVE_STATES };
