import { RequestValidationPipe } from '@portal/http-context';
import { ValidationProblemError } from '@portal/problem-details';

import { OptionalEmail, RequiredEmail, stringMapProblem } from './body-fields';

const BOUNDS = { maxEntries: 3, maxKeyLength: 10, maxValueLength: 20 };
const CONTROL = 'must not contain control characters other than tab, LF and CR';

describe(stringMapProblem.name, () => {
  it.each([{}, { a: '' }, { 'first name': 'Anna\tMaria', note: 'line 1\nline 2' }])('accepts %j', (map) => {
    expect(stringMapProblem(map, BOUNDS)).toBeUndefined();
  });

  it.each([
    [{ a: 'x\u0000' }, `the value of 'a' ${CONTROL} (U+0000 at character 2)`],
    [{ sub: '\u001b[31m' }, `the value of 'sub' ${CONTROL} (U+001B at character 1)`],
    [{ 'k\u0007': 'v' }, `keys ${CONTROL} (U+0007 at character 2)`],
    [{ a: 5 }, "the value of 'a' must be a string"],
    [{ a: 'x'.repeat(21) }, "the value of 'a' must be at most 20 characters long"],
  ])('refuses %j: %s', (map, problem) => {
    expect(stringMapProblem(map, BOUNDS)).toBe(problem);
  });
});

describe('OptionalEmail and RequiredEmail', () => {
  class Body {
    @RequiredEmail(400, 'Address.') readonly email: string;
    @OptionalEmail(400, 'Another.') readonly other?: string | null;
  }
  const pipe = new RequestValidationPipe();
  const errorsOf = async (body: Record<string, unknown>): Promise<Record<string, string[]>> => {
    const error = await Promise.resolve(pipe.transform(body, { type: 'body', metatype: Body })).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ValidationProblemError);
    return (error as ValidationProblemError).errors;
  };

  it('refuses a control character that validator.js lets through in a quoted local part', async () => {
    expect(await errorsOf({ email: '"a\u0001b"@demo.ch', other: '"c\u007f"@demo.ch' })).toEqual({
      email: [`email ${CONTROL} (U+0001 at character 3)`],
      other: [`other ${CONTROL} (U+007F at character 3)`],
    });
  });

  it('takes an ordinary address', async () => {
    await expect(
      pipe.transform({ email: 'anna.meier@demo.ch', other: null }, { type: 'body', metatype: Body }),
    ).resolves.toBeInstanceOf(Body);
  });
});
