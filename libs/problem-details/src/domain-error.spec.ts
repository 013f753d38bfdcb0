import { MAX_VALIDATION_MESSAGES, ValidationProblemError } from './domain-error';

describe(ValidationProblemError.name, () => {
  it('keeps every message up to the bound, with no note', () => {
    const errors = Object.fromEntries(
      Array.from({ length: MAX_VALIDATION_MESSAGES }, (_, index) => [`list[${index}]`, ['wrong']]),
    );
    const sut = new ValidationProblemError(errors);

    expect(sut.errors).toEqual(errors);
    expect(sut.extensions).toEqual({});
    expect(sut.message).toBe('The request is invalid; see errors.');
  });

  it('keeps the first 100 messages in the order found, cutting a path short, and counts the rest', () => {
    const errors = {
      a: Array.from({ length: 99 }, (_, index) => `a${index}`),
      b: ['b0', 'b1', 'b2'],
      c: ['c0'],
    };
    const sut = new ValidationProblemError(errors, 'Refused.');

    expect(sut.errors['a']).toHaveLength(99);
    expect(sut.errors['b']).toEqual(['b0']);
    expect(sut.errors['c']).toBeUndefined();
    expect(sut.extensions).toEqual({ omittedErrors: 3 });
    expect(sut.message).toBe('Refused. 3 more errors are not listed.');
  });

  it('throwIfAny: throws nothing for no errors, else the problem worded as its first message', () => {
    expect(() => ValidationProblemError.throwIfAny({}, 'THING.INVALID')).not.toThrow();

    let thrown: unknown;
    try {
      ValidationProblemError.throwIfAny({ b: ['b is wrong', 'b again'], a: ['a is wrong'] }, 'THING.INVALID');
    } catch (error) {
      thrown = error;
    }

    expect(thrown).toBeInstanceOf(ValidationProblemError);
    expect(thrown).toMatchObject({
      code: 'THING.INVALID',
      message: 'b is wrong',
      errors: { b: ['b is wrong', 'b again'], a: ['a is wrong'] },
    });
  });
});
