import { Type } from 'class-transformer';
import { plainToInstance } from 'class-transformer';
import {
  IsEmail,
  IsInt,
  IsString,
  MinLength,
  ValidateNested,
  type ValidationError,
  validate,
} from 'class-validator';

import { flattenValidationErrors, joinPath } from './validation-errors';

class Account {
  @IsString()
  @MinLength(3)
  readonly username!: string;
}

class Person {
  @IsString()
  readonly firstname!: string;

  @ValidateNested()
  @Type(() => Account)
  readonly account!: Account;
}

class Signatory {
  @IsEmail()
  readonly email!: string;
}

class Profile {
  @IsInt()
  readonly version!: number;

  @ValidateNested()
  @Type(() => Person)
  readonly person!: Person;

  @ValidateNested({ each: true })
  @Type(() => Signatory)
  readonly signatories!: Signatory[];
}

const errorsOf = (plain: object): Promise<ValidationError[]> => validate(plainToInstance(Profile, plain));

describe(joinPath.name, () => {
  it.each([
    ['', 'name', 'name'],
    ['person', 'account', 'person.account'],
    ['signatories', '0', 'signatories[0]'],
    ['signatories[0]', 'email', 'signatories[0].email'],
    ['matrix[1]', '2', 'matrix[1][2]'],
  ])('joins %p and %p as %p', (parent, property, expected) => {
    expect(joinPath(parent, property)).toBe(expected);
  });
});

describe(flattenValidationErrors.name, () => {
  it('gives nothing for no errors', () => {
    expect(flattenValidationErrors([])).toEqual({});
  });

  it('keys top-level messages by the property name', async () => {
    const sut = flattenValidationErrors(
      await errorsOf({
        version: 'x',
        person: { firstname: 'a', account: { username: 'abc' } },
        signatories: [],
      }),
    );

    expect(sut).toEqual({ version: ['version must be an integer number'] });
  });

  it('keys nested objects and array elements by their JSON path', async () => {
    const sut = flattenValidationErrors(
      await errorsOf({
        version: 1,
        person: { firstname: 1, account: { username: 'ab' } },
        signatories: [{ email: 'a@b.ch' }, { email: 'nope' }],
      }),
    );

    expect(Object.keys(sut).sort()).toEqual([
      'person.account.username',
      'person.firstname',
      'signatories[1].email',
    ]);
    expect(sut['person.account.username']).toEqual(['username must be longer than or equal to 3 characters']);
    expect(sut['signatories[1].email']).toEqual(['email must be an email']);
  });

  it('keeps every message of a property', async () => {
    const sut = flattenValidationErrors(
      await errorsOf({ version: 1, person: { firstname: 'a', account: { username: 5 } }, signatories: [] }),
    );

    expect(sut['person.account.username']).toHaveLength(2);
  });

  it('prefixes every path with the parent given', () => {
    const error: ValidationError = {
      property: 'name',
      constraints: { isString: 'name must be a string' },
      children: [],
    };

    expect(flattenValidationErrors([error], 'items[3]')).toEqual({
      'items[3].name': ['name must be a string'],
    });
  });

  it('lists nothing for a parent that only has failing children', () => {
    const error: ValidationError = {
      property: 'person',
      children: [{ property: 'lastname', constraints: { isDefined: 'lastname is required' }, children: [] }],
    };

    expect(flattenValidationErrors([error])).toEqual({ 'person.lastname': ['lastname is required'] });
  });
});
