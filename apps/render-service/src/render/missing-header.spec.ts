import {
  headerPath,
  MISSING_HEADER_MAX_LENGTH,
  MISSING_HEADER_MAX_PATHS,
  missingHeaderValue,
} from './missing-header';

describe('X-Render-Missing', () => {
  it('lists the paths in order, comma-separated', () => {
    expect(missingHeaderValue(['recipent.name', 'date', '@root.x', '../total'])).toBe(
      'recipent.name, date, @root.x, ../total',
    );
  });

  it('is absent without paths', () => {
    expect(missingHeaderValue([])).toBeUndefined();
  });

  it('percent-encodes what is not printable ASCII, and the comma and percent sign', () => {
    expect(headerPath('Straße')).toBe('Stra%C3%9Fe');
    expect(headerPath('a.[b, c%]')).toBe('a.[b%2C%20c%25]');
    expect(headerPath('x\u{1F600}\n')).toBe('x%F0%9F%98%80%0A');
    expect(missingHeaderValue(['Straße', 'a,b'])).toBe('Stra%C3%9Fe, a%2Cb');
  });

  it('holds at most MISSING_HEADER_MAX_PATHS paths', () => {
    const paths = Array.from({ length: 30 }, (_, index) => `p${index}`);
    const value = missingHeaderValue(paths) as string;
    expect(value.split(', ')).toEqual(paths.slice(0, MISSING_HEADER_MAX_PATHS));
  });

  it('holds at most MISSING_HEADER_MAX_LENGTH characters, ending before the path that does not fit', () => {
    const paths = Array.from({ length: 15 }, (_, index) => `${'x'.repeat(100)}${index}`);
    const value = missingHeaderValue(paths) as string;
    expect(value.length).toBeLessThanOrEqual(MISSING_HEADER_MAX_LENGTH);
    // 101 characters for the first, 103 for each next one (separator included): nine fit in 1000.
    expect(value.split(', ')).toEqual(paths.slice(0, 9));
    expect(missingHeaderValue(['y'.repeat(MISSING_HEADER_MAX_LENGTH + 1), 'z'])).toBeUndefined();
  });
});
