import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';

import { asksForEveryItem, DEFAULT_PAGE_SIZE, PageQueryDto, pageRequestOf } from './page-query.dto';

async function invalidPropertiesOf(query: Record<string, unknown>): Promise<string[]> {
  const errors = await validate(plainToInstance(PageQueryDto, query));
  return errors.map((error) => error.property);
}

describe(pageRequestOf.name, () => {
  it('defaults to page 1 of 50 items', () => {
    expect(pageRequestOf({})).toEqual({ pageNumber: 1, pageSize: DEFAULT_PAGE_SIZE });
    expect(DEFAULT_PAGE_SIZE).toBe(50);
  });

  it('takes the page number and size asked for', () => {
    expect(pageRequestOf({ PageNumber: 3, PageSize: 20 })).toEqual({ pageNumber: 3, pageSize: 20 });
  });

  it('reads PageSize -1 as every item (no page size)', () => {
    expect(pageRequestOf({ PageNumber: 1, PageSize: -1 })).toEqual({ pageNumber: 1, pageSize: undefined });
  });
});

describe(PageQueryDto.name, () => {
  it('accepts an empty query', async () => {
    await expect(invalidPropertiesOf({})).resolves.toEqual([]);
  });

  it('turns well-formed query strings into numbers', () => {
    const sut = plainToInstance(PageQueryDto, { PageNumber: '2', PageSize: '25', OrderBy: 'name desc' });

    expect(sut).toEqual({ PageNumber: 2, PageSize: 25, OrderBy: 'name desc' });
  });

  it.each(['-1', '1', '1000'])('accepts PageSize %s', async (PageSize) => {
    await expect(invalidPropertiesOf({ PageSize })).resolves.toEqual([]);
  });

  it.each(['0', '1001', '-2', 'abc', '1.5', ''])('rejects PageSize %p', async (PageSize) => {
    await expect(invalidPropertiesOf({ PageSize })).resolves.toEqual(['PageSize']);
  });

  it('states the allowed PageSize range in its message', async () => {
    const [error] = await validate(plainToInstance(PageQueryDto, { PageSize: '1001' }));

    expect(Object.values(error.constraints ?? {})).toContain('PageSize must be between 1 and 1000, or -1');
  });

  it.each(['1', '2147483647'])('accepts PageNumber %s', async (PageNumber) => {
    await expect(invalidPropertiesOf({ PageNumber })).resolves.toEqual([]);
  });

  it.each(['0', '-1', '2147483648', 'abc'])('rejects PageNumber %p', async (PageNumber) => {
    await expect(invalidPropertiesOf({ PageNumber })).resolves.toEqual(['PageNumber']);
  });

  it('reads a parameter sent once as an array like a single value', async () => {
    await expect(invalidPropertiesOf({ PageSize: ['10'] })).resolves.toEqual([]);
  });

  it('rejects a parameter sent twice', async () => {
    await expect(invalidPropertiesOf({ PageSize: ['10', '20'], OrderBy: ['a', 'b'] })).resolves.toEqual([
      'PageSize',
      'OrderBy',
    ]);
  });

  it('rejects an OrderBy longer than 500 characters', async () => {
    await expect(invalidPropertiesOf({ OrderBy: 'a'.repeat(500) })).resolves.toEqual([]);
    await expect(invalidPropertiesOf({ OrderBy: 'a'.repeat(501) })).resolves.toEqual(['OrderBy']);
  });
});

describe(asksForEveryItem.name, () => {
  it.each([
    [{ PageSize: '-1' }, true],
    [{ pagesize: '-1', OrderBy: 'name' }, true],
    [{ PAGESIZE: ' -01 ' }, true],
    [{ PageSize: ['-1'] }, true],
    [{}, false],
    [{ PageSize: '50' }, false],
    [{ PageSize: '-1x' }, false],
    [{ PageSize: ['-1', '-1'] }, false],
    [{ PageSize: '-1', pageSize: '-1' }, false],
    [{ PageSizes: '-1' }, false],
  ])('reads %j as every item: %s', (query, expected) => {
    expect(asksForEveryItem(query)).toBe(expected);
  });

  it('agrees with PageQueryDto on what a valid query asks for', async () => {
    for (const PageSize of ['-1', ' -1', '-001', '+1', '-2', '0', '1000', 'all', ['-1'], ['-1', '5']]) {
      const dto = plainToInstance(PageQueryDto, { PageSize });
      const valid = (await validate(dto)).length === 0;
      expect([PageSize, asksForEveryItem({ PageSize })]).toEqual([
        PageSize,
        valid && pageRequestOf(dto).pageSize === undefined,
      ]);
    }
  });

  it('is false for a query that is not an object', () => {
    expect(asksForEveryItem(undefined)).toBe(false);
    expect(asksForEveryItem('PageSize=-1')).toBe(false);
  });
});
