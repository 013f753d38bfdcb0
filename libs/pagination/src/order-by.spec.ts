import { ValidationProblemError } from '@portal/problem-details';

import { type OrderByWhitelist, parseOrderBy } from './order-by';

const whitelist: OrderByWhitelist = {
  id: 'profile.id',
  lastname: 'person.lastname',
  'person.firstname': 'person.firstname',
  createStamp: 'profile.createStamp',
};

function validationErrorsOf(act: () => unknown): Record<string, string[]> {
  try {
    act();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationProblemError);
    return (error as ValidationProblemError).errors;
  }
  throw new Error('Expected a ValidationProblemError');
}

describe(parseOrderBy.name, () => {
  it.each([undefined, '', '   '])('orders by id ascending when OrderBy is %p', (orderBy) => {
    expect(parseOrderBy(orderBy, whitelist)).toEqual([
      { property: 'id', expression: 'profile.id', direction: 'ASC' },
    ]);
  });

  it('appends id ascending after the requested terms', () => {
    expect(parseOrderBy('lastname desc', whitelist)).toEqual([
      { property: 'lastname', expression: 'person.lastname', direction: 'DESC' },
      { property: 'id', expression: 'profile.id', direction: 'ASC' },
    ]);
  });

  it('keeps an explicit id term and its direction instead of appending another', () => {
    const sut = parseOrderBy('id desc,lastname', whitelist);

    expect(sut.map((term) => `${term.property} ${term.direction}`)).toEqual(['id DESC', 'lastname ASC']);
  });

  it.each([
    ['lastname', 'ASC'],
    ['lastname asc', 'ASC'],
    ['lastname ASC', 'ASC'],
    ['lastname desc', 'DESC'],
    ['lastname DESC', 'DESC'],
    ['lastname DeSc', 'DESC'],
    ['  lastname    desc  ', 'DESC'],
  ])('reads %p as direction %s', (orderBy, direction) => {
    expect(parseOrderBy(orderBy, whitelist)[0]).toMatchObject({ property: 'lastname', direction });
  });

  it('accepts dotted paths', () => {
    expect(parseOrderBy('person.firstname desc', whitelist)[0]).toEqual({
      property: 'person.firstname',
      expression: 'person.firstname',
      direction: 'DESC',
    });
  });

  it("matches properties case-insensitively and returns the whitelist's spelling", () => {
    const sut = parseOrderBy('LASTNAME,Person.FirstName desc,createstamp', whitelist);

    expect(sut.map((term) => term.property)).toEqual(['lastname', 'person.firstname', 'createStamp', 'id']);
    expect(sut[2].expression).toBe('profile.createStamp');
  });

  it('ignores a property named again, keeping its first direction', () => {
    const sut = parseOrderBy('lastname desc,LastName asc,lastname', whitelist);

    expect(sut).toEqual([
      { property: 'lastname', expression: 'person.lastname', direction: 'DESC' },
      { property: 'id', expression: 'profile.id', direction: 'ASC' },
    ]);
  });

  it('rejects an unknown property with errors keyed OrderBy', () => {
    const errors = validationErrorsOf(() => parseOrderBy('lastname,nickname desc', whitelist));

    expect(Object.keys(errors)).toEqual(['OrderBy']);
    expect(errors['OrderBy']).toHaveLength(1);
    expect(errors['OrderBy'][0]).toContain("'nickname'");
  });

  it('repeats at most 200 characters of a long term', () => {
    const errors = validationErrorsOf(() => parseOrderBy(`${'n'.repeat(10_000)},lastname x y`, whitelist));

    expect(errors['OrderBy']).toEqual([
      expect.stringMatching(/^'n{200}…' \(the first 200 of 10000 characters\) is not a sortable property/),
      "'lastname x y' is not of the form 'property [asc|desc]'.",
    ]);
  });

  it('rejects a dotted path that is not in the whitelist', () => {
    const errors = validationErrorsOf(() => parseOrderBy('person.lastname', whitelist));

    expect(errors['OrderBy'][0]).toContain("'person.lastname'");
  });

  it('keys errors by the given parameter name', () => {
    expect(Object.keys(validationErrorsOf(() => parseOrderBy('nope', whitelist, 'orderby')))).toEqual([
      'orderby',
    ]);
  });

  it.each([
    'name sideways',
    'lastname desc asc',
    ',',
    'lastname,',
    ',lastname',
    'lastname;drop table',
    '1lastname',
    'person..firstname',
    'person.',
    'lastname-desc',
  ])('rejects the malformed OrderBy %p', (orderBy) => {
    const errors = validationErrorsOf(() => parseOrderBy(orderBy, whitelist));

    expect(Object.keys(errors)).toEqual(['OrderBy']);
  });

  it('reports every bad term at once', () => {
    const errors = validationErrorsOf(() => parseOrderBy('nickname,lastname up,id', whitelist));

    expect(errors['OrderBy']).toHaveLength(2);
  });

  it('throws a programming error when the whitelist lacks id', () => {
    const withoutId = { lastname: 'person.lastname' };

    expect(() => parseOrderBy('lastname', withoutId)).toThrow('An OrderBy whitelist must include id.');
    expect(() => parseOrderBy('lastname', withoutId)).not.toThrow(ValidationProblemError);
  });
});
