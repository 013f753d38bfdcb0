import { plainToInstance } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, validate } from 'class-validator';

import { QueryArray, QueryBoolean, QueryInt, QueryIntArray, QueryString } from './query-transforms';

class SearchQuery {
  @IsOptional()
  @QueryInt()
  @IsInt()
  readonly Count?: number;

  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  readonly Enabled?: boolean;

  @IsOptional()
  @QueryString()
  @IsString()
  readonly Name?: string;

  @IsOptional()
  @QueryArray()
  @IsString({ each: true })
  readonly Names?: string[];

  @IsOptional()
  @QueryIntArray()
  @IsInt({ each: true })
  readonly Ids?: number[];
}

const parse = (query: Record<string, unknown>): SearchQuery => plainToInstance(SearchQuery, query);

async function invalidPropertiesOf(query: Record<string, unknown>): Promise<string[]> {
  const errors = await validate(parse(query));
  return errors.map((error) => error.property);
}

describe('QueryInt', () => {
  it.each([
    ['42', 42],
    ['-7', -7],
    ['+3', 3],
    [' 5 ', 5],
    ['0', 0],
    [['12'], 12],
  ])('reads %p as %p', (Count, expected) => {
    expect(parse({ Count }).Count).toBe(expected);
  });

  it.each(['abc', '1.5', '1e3', '', '1234567890123', '0x1'])(
    'leaves %p as sent so that validation fails',
    async (Count) => {
      expect(parse({ Count }).Count).toBe(Count);
      await expect(invalidPropertiesOf({ Count })).resolves.toEqual(['Count']);
    },
  );

  it('leaves a repeated value as an array so that validation fails', async () => {
    expect(parse({ Count: ['1', '2'] }).Count).toEqual(['1', '2']);
    await expect(invalidPropertiesOf({ Count: ['1', '2'] })).resolves.toEqual(['Count']);
  });
});

describe('QueryBoolean', () => {
  it.each([
    ['true', true],
    ['TRUE', true],
    [' True ', true],
    ['false', false],
    ['FALSE', false],
    [['false'], false],
  ])('reads %p as %p', (Enabled, expected) => {
    expect(parse({ Enabled }).Enabled).toBe(expected);
  });

  it.each(['yes', '1', '0', '', 'truthy'])('leaves %p as sent so that validation fails', async (Enabled) => {
    expect(parse({ Enabled }).Enabled).toBe(Enabled);
    await expect(invalidPropertiesOf({ Enabled })).resolves.toEqual(['Enabled']);
  });

  it('leaves a repeated value as an array so that validation fails', async () => {
    await expect(invalidPropertiesOf({ Enabled: ['true', 'true'] })).resolves.toEqual(['Enabled']);
  });
});

describe('QueryString', () => {
  it('unwraps a value sent once', () => {
    expect(parse({ Name: ['ann'] }).Name).toBe('ann');
  });

  it('leaves a repeated value as an array so that validation fails', async () => {
    await expect(invalidPropertiesOf({ Name: ['ann', 'bob'] })).resolves.toEqual(['Name']);
  });
});

describe('QueryArray', () => {
  it.each([
    ['a single value', 'ann', ['ann']],
    ['comma-separated values', 'ann,bob', ['ann', 'bob']],
    ['repeated keys', ['ann', 'bob'], ['ann', 'bob']],
    ['repeated and comma-separated values', ['ann,bob', 'cid'], ['ann', 'bob', 'cid']],
    ['blanks and empty items', ' ann , ,bob,', ['ann', 'bob']],
    ['an empty value', '', []],
  ])('reads %s', async (_case, Names, expected) => {
    expect(parse({ Names }).Names).toEqual(expected);
    await expect(invalidPropertiesOf({ Names })).resolves.toEqual([]);
  });

  it('leaves an absent parameter absent', () => {
    expect(parse({}).Names).toBeUndefined();
  });
});

describe('QueryIntArray', () => {
  it.each([
    ['a single value', '7', [7]],
    ['comma-separated values', '1,2,3', [1, 2, 3]],
    ['repeated keys', ['1', '2'], [1, 2]],
    ['repeated and comma-separated values', ['1,2', '3'], [1, 2, 3]],
    ['spaces around items', ' 1 , 2 ', [1, 2]],
  ])('reads %s', async (_case, Ids, expected) => {
    expect(parse({ Ids }).Ids).toEqual(expected);
    await expect(invalidPropertiesOf({ Ids })).resolves.toEqual([]);
  });

  it('leaves a malformed item as sent so that validation fails', async () => {
    expect(parse({ Ids: '1,abc,3' }).Ids).toEqual([1, 'abc', 3]);
    await expect(invalidPropertiesOf({ Ids: '1,abc,3' })).resolves.toEqual(['Ids']);
  });

  it('leaves an absent parameter absent', () => {
    expect(parse({}).Ids).toBeUndefined();
  });
});
