import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';

import { effectiveLevel, ProjectionQueryDto } from './projection-query.dto';

describe(effectiveLevel.name, () => {
  it.each<[number, number | undefined, number]>([
    [9, 2, 2],
    [1, 9, 1],
    [2, 2, 2],
    [9, 1, 1],
    [2, undefined, 2],
  ])('gives caller level %i with Limited %p level %i', (caller, limited, expected) => {
    expect(effectiveLevel(caller, limited)).toBe(expected);
  });
});

describe(ProjectionQueryDto.name, () => {
  async function invalidPropertiesOf(query: Record<string, unknown>): Promise<string[]> {
    const errors = await validate(plainToInstance(ProjectionQueryDto, query));
    return errors.map((error) => error.property);
  }

  it.each(['1', '2', '9'])('accepts Limited=%s', async (Limited) => {
    await expect(invalidPropertiesOf({ Limited })).resolves.toEqual([]);
  });

  it.each(['0', '3', '10', '-1', 'max', '2.0'])('rejects Limited=%p', async (Limited) => {
    await expect(invalidPropertiesOf({ Limited })).resolves.toEqual(['Limited']);
  });

  it('reads Select repeated and comma-separated alike', () => {
    expect(
      plainToInstance(ProjectionQueryDto, { Select: ['email', 'person.firstname,phone'] }).Select,
    ).toEqual(['email', 'person.firstname', 'phone']);
  });

  it('rejects a Select path over 200 characters', async () => {
    await expect(invalidPropertiesOf({ Select: `email,${'a'.repeat(201)}` })).resolves.toEqual(['Select']);
  });
});
