/**
 * Times the same work at two sizes: runs with no other suite beside it (tools/jest/lanes.js).
 *
 * @lane alone
 */
import { IsString, validate } from 'class-validator';

import {
  characterCount,
  FREE_TEXT_PATTERN,
  freeTextProblem,
  plainTextProblem,
  Satisfies,
} from './plain-text';

describe(characterCount.name, () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['Zürich', 6],
    ['😀', 1],
    ['\u2764\uFE0F', 2],
    ['e\u0301', 2],
    ['\ud800', 1],
    ['a\udc00', 2],
    ['\udc00\ud800', 2],
    ['\ud800\ud83d\ude00', 2],
    ['😀\udc00', 2],
  ])('counts %j as %i code points', (text, count) => {
    expect(characterCount(text)).toBe(count);
    expect(characterCount(text)).toBe([...text].length);
  });
});

describe(plainTextProblem.name, () => {
  it.each([
    ['a', 1, 1, undefined],
    ['😀😀', 1, 2, undefined],
    ['\u00A0\u2028 \u00FF', 1, 10, undefined],
    ['', 1, 5, 'must be 1..5 characters long (it has 0)'],
    ['abcdef', 1, 5, 'must be 1..5 characters long (it has 6)'],
    ['ab', 4, 4, 'must be exactly 4 characters long (it has 2)'],
    ['😀\u0000', 1, 5, 'must not contain control characters (U+0000 at character 2)'],
    ['\u007F', 1, 5, 'must not contain control characters (U+007F at character 1)'],
    ['ab\u0080', 1, 5, 'must not contain control characters (U+0080 at character 3)'],
    ['\r', 1, 5, 'must not contain control characters (U+000D at character 1)'],
  ])('%j within %i..%i: %s', (text, min, max, problem) => {
    expect(plainTextProblem(text, min, max)).toBe(problem);
  });
});

describe(freeTextProblem.name, () => {
  const refused = (codePoint: number): boolean =>
    freeTextProblem(String.fromCodePoint(codePoint)) !== undefined;

  it('refuses every C0 control but tab, LF and CR, and DEL and the C1 controls', () => {
    const codePoints = Array.from({ length: 0x100 }, (_, codePoint) => codePoint);

    expect(codePoints.filter(refused)).toEqual([
      ...codePoints.slice(0x00, 0x09),
      0x0b,
      0x0c,
      ...codePoints.slice(0x0e, 0x20),
      ...codePoints.slice(0x7f, 0xa0),
    ]);
  });

  it.each([
    '',
    'Kanton Zürich',
    'Erste Zeile\r\nzweite Zeile\n\tmit Einzug',
    '😀 \u00a0\u00ad\u2028\u2029\u200b\ufeff',
    "O'Brien <b>&amp;</b> ; { } \\",
  ])('accepts %j', (text) => {
    expect(freeTextProblem(text)).toBeUndefined();
  });

  it.each([
    ['\u0000', 'U+0000 at character 1'],
    ['bell\u0007', 'U+0007 at character 5'],
    ['tab\tthen\u000bvertical tab', 'U+000B at character 9'],
    ['form\u000cfeed', 'U+000C at character 5'],
    ['\u001b[31mred', 'U+001B at character 1'],
    ['unit\u001fseparator', 'U+001F at character 5'],
    ['delete\u007f', 'U+007F at character 7'],
    ['😀😀\u0085', 'U+0085 at character 3'],
    ['csi\u009b31m', 'U+009B at character 4'],
  ])('refuses %j, naming the first refused character (%s)', (text, where) => {
    expect(freeTextProblem(text)).toBe(
      `must not contain control characters other than tab, LF and CR (${where})`,
    );
  });

  it('states the same rule as the OpenAPI pattern', () => {
    const pattern = new RegExp(FREE_TEXT_PATTERN, 'u');
    for (let codePoint = 0; codePoint < 0x100; codePoint += 1) {
      const text = `a${String.fromCodePoint(codePoint)}b`;
      expect(pattern.test(text)).toBe(freeTextProblem(text) === undefined);
    }
  });

  it('reads a text once: a megabyte costs per character what 100 kB do (a quadratic check would take minutes)', () => {
    /** Milliseconds per repetition, the least of three reads (a busy machine only adds time). */
    const perRepetition = (repetitions: number): number => {
      const text = `${'Zürich 😀 '.repeat(repetitions)}\u0007`;
      const times = [1, 2, 3].map(() => {
        const start = performance.now();
        expect(freeTextProblem(text)).toContain(`U+0007 at character ${repetitions * 9 + 1}`);
        return (performance.now() - start) / repetitions;
      });
      return Math.min(...times);
    };
    const small = perRepetition(10_000);
    expect(perRepetition(100_000)).toBeLessThan(4 * small);
  });
});

describe(Satisfies.name, () => {
  class Body {
    @IsString()
    @Satisfies('short', (value) => (value.length > 3 ? 'must be short' : undefined))
    readonly code!: unknown;
  }
  const errorsOf = async (code: unknown) =>
    (await validate(Object.assign(new Body(), { code }))).map((error) => error.constraints);

  it("reports the rule's reason after the property's name", async () => {
    expect(await errorsOf('long')).toEqual([{ short: 'code must be short' }]);
  });

  it('passes values the rule accepts, and leaves non-strings to IsString', async () => {
    expect(await errorsOf('ok')).toEqual([]);
    expect(await errorsOf(42)).toEqual([{ isString: 'code must be a string' }]);
  });
});
