import { IsString, validate } from 'class-validator';

import { characterCount, plainTextProblem, Satisfies } from './plain-text';

describe(characterCount.name, () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['Zürich', 6],
    ['😀', 1],
    ['\u2764\uFE0F', 2],
    ['e\u0301', 2],
  ])('counts %j as %i code points', (text, count) => {
    expect(characterCount(text)).toBe(count);
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
