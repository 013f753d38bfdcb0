/**
 * Times the same work at two sizes: runs with no other suite beside it (tools/jest/lanes.js).
 *
 * @lane alone
 */
import { boundedEditDistance, nearestName, unknownNameMessage } from './nearest-name';

describe('boundedEditDistance', () => {
  it.each([
    ['isnewtap', 'isnewtab', 1],
    ['emial', 'email', 1],
    ['usernme', 'username', 1],
    ['kitten', 'sitting', 3],
    ['same', 'same', 0],
    ['', 'abc', 3],
  ])('%s to %s is %i', (a, b, distance) => {
    expect(boundedEditDistance(a, b, 3)).toBe(distance);
  });

  it('answers max + 1 for anything farther than max, without computing it', () => {
    expect(boundedEditDistance('kitten', 'sitting', 2)).toBe(3);
    expect(boundedEditDistance('a', 'abcdef', 2)).toBe(3);
    expect(boundedEditDistance('abcdefgh', 'stuvwxyz', 1)).toBe(2);
  });
});

describe('nearestName', () => {
  const known = ['name', 'displayName', 'links', 'isNewTab', 'PageSize', 'PageNumber'];

  it('finds a typo, a transposition and a case difference', () => {
    expect(nearestName('isNewTap', known)).toBe('isNewTab');
    expect(nearestName('dispalyName', known)).toBe('displayName');
    expect(nearestName('pagesize', known)).toBe('PageSize');
    expect(nearestName('PageSiz', known)).toBe('PageSize');
  });

  it('suggests nothing when no name is near', () => {
    expect(nearestName('colour', known)).toBeUndefined();
    expect(nearestName('x', ['abc'])).toBeUndefined();
  });

  it('compares only the start of a long name, so a name of 100,000 characters costs no more', () => {
    /** Milliseconds for a name of `length`, the least of five (a busy machine only adds time). */
    const cost = (length: number): number => {
      const name = 'a'.repeat(length);
      const times = [1, 2, 3, 4, 5].map(() => {
        const started = process.hrtime.bigint();
        expect(nearestName(name, known)).toBeUndefined();
        return Number(process.hrtime.bigint() - started) / 1e6;
      });
      return Math.min(...times);
    };
    const short = cost(100);
    // Compared whole, the long name would cost about a thousand times the short one.
    expect(cost(100_000)).toBeLessThan(5 * short + 1);
  });
});

describe('unknownNameMessage', () => {
  it('names the nearest known name', () => {
    expect(unknownNameMessage('isNewTap', ['isNewTab'], 'property')).toBe(
      'isNewTap: unknown property; did you mean isNewTab?',
    );
    expect(unknownNameMessage('Citycontain', ['CityContains'], 'parameter')).toBe(
      'Citycontain: unknown parameter; did you mean CityContains?',
    );
  });

  it('lists the known names when none is near, and says when there are none', () => {
    expect(unknownNameMessage('zzz', ['name', 'url'], 'property')).toBe(
      'zzz: unknown property; known: name, url',
    );
    expect(unknownNameMessage('zzz', [], 'parameter')).toBe(
      'zzz: unknown parameter; this operation takes none',
    );
  });

  it('shows at most 100 characters of the name', () => {
    const message = unknownNameMessage('q'.repeat(5000), ['name'], 'property');
    expect(message.length).toBeLessThan(200);
    expect(message).toContain('(the first 100 of 5000 characters)');
  });
});
