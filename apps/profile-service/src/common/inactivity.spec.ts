import {
  DEFAULT_INACTIVITY_DAYS,
  inactivityCutoff,
  nextInactivityState,
  parseInactivityDays,
  previousInactivityState,
} from './inactivity';

describe(parseInactivityDays.name, () => {
  it('reads the default thresholds of contract 6', () => {
    expect(parseInactivityDays(DEFAULT_INACTIVITY_DAYS)).toEqual({
      InactiveLevelOne: 730,
      InactiveLevelTwo: 760,
      InactiveLevelThree: 790,
    });
  });

  it('accepts any order and spaces', () => {
    expect(parseInactivityDays(' InactiveLevelThree = 30, InactiveLevelOne=10,InactiveLevelTwo=20 ')).toEqual(
      {
        InactiveLevelOne: 10,
        InactiveLevelTwo: 20,
        InactiveLevelThree: 30,
      },
    );
  });

  it.each([
    ['InactiveLevelOne=730,InactiveLevelTwo=760', /InactiveLevelThree missing/],
    ['InactiveLevelOne=730,InactiveLevelTwo=760,InactiveLevelThree=790,Active=1', /not one of/],
    ['InactiveLevelOne=730,InactiveLevelOne=740,InactiveLevelThree=790', /given twice/],
    ['InactiveLevelOne=730,InactiveLevelTwo=700,InactiveLevelThree=790', /InactiveLevelTwo must come after/],
    ['InactiveLevelOne=0,InactiveLevelTwo=1,InactiveLevelThree=2', /at least 1 day/],
    ['InactiveLevelOne=-5,InactiveLevelTwo=760,InactiveLevelThree=790', /not of the form/],
    ['', /not of the form/],
  ])('refuses %j', (text, reason) => {
    expect(() => parseInactivityDays(text)).toThrow(reason);
  });
});

describe('inactivity states', () => {
  it('know their order', () => {
    expect(nextInactivityState('Active')).toBe('InactiveLevelOne');
    expect(nextInactivityState('InactiveLevelTwo')).toBe('InactiveLevelThree');
    expect(nextInactivityState('InactiveLevelThree')).toBeUndefined();
    expect(previousInactivityState('InactiveLevelOne')).toBe('Active');
    expect(previousInactivityState('InactiveLevelThree')).toBe('InactiveLevelTwo');
  });

  it('put the cutoff whole days before now', () => {
    const thresholds = parseInactivityDays(DEFAULT_INACTIVITY_DAYS);
    expect(inactivityCutoff(thresholds, 'InactiveLevelTwo', new Date('2026-03-01T12:00:00Z'))).toEqual(
      new Date('2024-01-31T12:00:00Z'),
    );
  });
});
