import type { ArgumentMetadata } from '@nestjs/common';

import { ValidationProblemError } from '@portal/problem-details';

import { ParseInt32Pipe } from './int32-param.pipe';

const param = (data?: string): ArgumentMetadata => ({ type: 'param', data, metatype: Number });

describe(ParseInt32Pipe.name, () => {
  const sut = new ParseInt32Pipe();

  it.each([
    ['42', 42],
    ['1', 1],
    ['2147483647', 2_147_483_647],
  ])('reads %p as %i', (value, expected) => {
    expect(sut.transform(value, param('id'))).toBe(expected);
  });

  it.each([
    '0',
    '-1',
    '2147483648',
    '9999999999',
    '99999999999',
    '1e3',
    'abc',
    '',
    ' 42',
    '4.2',
    '0x10',
    '+5',
  ])('rejects %p with a 400 keyed by the parameter name', (value) => {
    let thrown: unknown;
    try {
      sut.transform(value, param('profileId'));
    } catch (error) {
      thrown = error;
    }

    expect(thrown).toBeInstanceOf(ValidationProblemError);
    const problem = thrown as ValidationProblemError;
    expect(problem.status).toBe(400);
    expect(Object.keys(problem.errors)).toEqual(['profileId']);
    expect(problem.errors['profileId'][0]).toContain(`'${value}'`);
  });

  it('repeats at most 200 characters of a long value', () => {
    expect(() => sut.transform('9'.repeat(16_000), param('profileId'))).toThrow(
      expect.objectContaining({
        errors: {
          profileId: [
            `The value '${'9'.repeat(200)}…' (the first 200 of 16000 characters) is not a positive int32 identifier.`,
          ],
        },
      }) as Error,
    );
  });

  it('keys the error by id when the parameter has no name', () => {
    expect(() => sut.transform('abc', param())).toThrow(
      expect.objectContaining({ errors: { id: [expect.any(String)] } }) as Error,
    );
  });
});
