import type { ArgumentMetadata, Type } from '@nestjs/common';
import { Type as NestedType } from 'class-transformer';
import { IsInt, IsObject, IsOptional, IsString, Min, MinLength, ValidateNested } from 'class-validator';

import { ValidationProblemError } from '@portal/problem-details';

import { QueryInt, QueryIntArray } from './query-transforms';
import { RequestValidationPipe } from './request-validation.pipe';

// The shape of the pagination lib's query DTO, declared here: that lib depends on this one.
class PageQueryDto {
  @IsOptional()
  @QueryInt()
  @IsInt()
  @Min(1)
  readonly PageNumber?: number;

  @IsOptional()
  @QueryInt()
  @IsInt()
  @Min(1)
  readonly PageSize?: number;
}

class Inner {
  // Stacked decorators run bottom-up: the type check first.
  @MinLength(2)
  @IsString()
  readonly b!: string;
}

class Item {
  @IsInt()
  readonly c!: number;
}

class CreateThingDto {
  @IsString()
  readonly name!: string;

  @IsOptional()
  @ValidateNested()
  @NestedType(() => Inner)
  readonly a?: Inner;

  @IsOptional()
  @ValidateNested({ each: true })
  @NestedType(() => Item)
  readonly list?: Item[];

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @NestedType(() => Inner)
  readonly object?: Inner;
}

class IdsQuery {
  @IsOptional()
  @QueryIntArray()
  @IsInt({ each: true })
  readonly Ids?: number[];
}

const body = (metatype: Type): ArgumentMetadata => ({ type: 'body', metatype });
const query = (metatype: Type): ArgumentMetadata => ({ type: 'query', metatype });

async function problemOf(result: unknown): Promise<ValidationProblemError> {
  const error = await Promise.resolve(result).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ValidationProblemError);
  return error as ValidationProblemError;
}

describe(RequestValidationPipe.name, () => {
  const sut = new RequestValidationPipe();
  /** What validates (bodies and queries of a DTO) answers a promise. */
  const transform = (value: unknown, metadata: ArgumentMetadata): Promise<unknown> => {
    const result = sut.transform(value, metadata);
    expect(result).toBeInstanceOf(Promise);
    return result as Promise<unknown>;
  };

  describe('queries', () => {
    it('turns a query into a DTO instance', async () => {
      const result = await transform({ PageNumber: '2', PageSize: '5' }, query(PageQueryDto));

      expect(result).toBeInstanceOf(PageQueryDto);
      expect(result).toEqual({ PageNumber: 2, PageSize: 5 });
    });

    it.each(['pagesize', 'PAGESIZE', 'pageSize'])('fills PageSize from %s', async (name) => {
      await expect(transform({ [name]: '5' }, query(PageQueryDto))).resolves.toEqual({ PageSize: 5 });
    });

    it('keys an error by the parameter name as sent', async () => {
      const problem = await problemOf(transform({ pagesize: 'abc' }, query(PageQueryDto)));

      expect(Object.keys(problem.errors)).toEqual(['pagesize']);
    });

    it('keys an error by the declared name when sent so', async () => {
      const problem = await problemOf(transform({ PageNumber: '0' }, query(PageQueryDto)));

      expect(Object.keys(problem.errors)).toEqual(['PageNumber']);
    });

    it('drops unknown parameters', async () => {
      await expect(transform({ Foo: 'bar', pagesize: '5' }, query(PageQueryDto))).resolves.toEqual({
        PageSize: 5,
      });
    });

    it('merges a parameter sent under several spellings', async () => {
      await expect(transform({ Ids: ['1', '2'], ids: '3,4' }, query(IdsQuery))).resolves.toEqual({
        Ids: [1, 2, 3, 4],
      });
    });

    it('rejects a single-valued parameter sent twice', async () => {
      const problem = await problemOf(transform({ PageSize: '1', pagesize: '2' }, query(PageQueryDto)));

      expect(problem.errors).toEqual({
        pagesize: [
          'PageSize and pagesize are one parameter (PageSize: names match case-insensitively), which takes one value; send it once.',
        ],
      });
    });

    it('reads a missing query as empty', async () => {
      await expect(transform(undefined, query(PageQueryDto))).resolves.toEqual({});
    });
  });

  describe('bodies', () => {
    it('turns a valid body into a DTO instance', async () => {
      const result = await transform({ name: 'x', a: { b: 'bb' }, list: [{ c: 1 }] }, body(CreateThingDto));

      expect(result).toBeInstanceOf(CreateThingDto);
      expect((result as CreateThingDto).a).toBeInstanceOf(Inner);
      expect(result).toEqual({ name: 'x', a: { b: 'bb' }, list: [{ c: 1 }] });
    });

    it.each([
      ['an array', [{ name: 'x' }]],
      ['a string', 'name'],
      ['null', null],
      ['a number', 3],
    ])('rejects %s as body with errors under $', async (_case, value) => {
      const problem = await problemOf(transform(value, body(CreateThingDto)));

      expect(Object.keys(problem.errors)).toEqual(['$']);
    });

    it('keys nested errors by their JSON path', async () => {
      const problem = await problemOf(
        transform({ name: 'x', a: { b: 'b' }, list: [{ c: 1 }, { c: 'two' }] }, body(CreateThingDto)),
      );

      expect(Object.keys(problem.errors).sort()).toEqual(['a.b', 'list[1].c']);
    });

    it('keys an error of the first array element list[0]', async () => {
      const problem = await problemOf(transform({ name: 'x', list: [{ c: 'one' }] }, body(CreateThingDto)));

      expect(Object.keys(problem.errors)).toEqual(['list[0].c']);
    });

    it('reports every invalid property at once', async () => {
      const problem = await problemOf(transform({ name: 5, a: { b: 1 } }, body(CreateThingDto)));

      expect(Object.keys(problem.errors).sort()).toEqual(['a.b', 'name']);
    });

    it('reports an array where an object goes as one error on its path, not one per item', async () => {
      const problem = await problemOf(
        sut.transform({ name: 'x', object: Array.from({ length: 5_000 }, () => 0) }, body(CreateThingDto)),
      );

      expect(problem.errors).toEqual({ object: ['object must be an object'] });
    });

    it('gives each property the first rule it fails only', async () => {
      const problem = await problemOf(sut.transform({ name: 'x', a: { b: 5 } }, body(CreateThingDto)));

      expect(problem.errors).toEqual({ 'a.b': ['b must be a string'] });
    });

    it('lists the first 100 messages and says how many more there were', async () => {
      const list = Array.from({ length: 150 }, () => ({ c: 'not a number' }));
      const problem = await problemOf(sut.transform({ name: 5, list }, body(CreateThingDto)));

      expect(Object.keys(problem.errors)).toHaveLength(100);
      expect(problem.errors['name']).toEqual(['name must be a string']);
      expect(problem.errors['list[98].c']).toBeDefined();
      expect(problem.errors['list[99].c']).toBeUndefined();
      expect(problem.extensions).toEqual({ omittedErrors: 51 });
      expect(problem.message).toBe('The request is invalid; see errors. 51 more errors are not listed.');
    });

    it('strips unknown properties, nested ones included', async () => {
      const result = await transform(
        { name: 'x', id: 99, extra: true, a: { b: 'bb', z: 1 }, list: [{ c: 1, d: 2 }] },
        body(CreateThingDto),
      );

      expect(result).toEqual({ name: 'x', a: { b: 'bb' }, list: [{ c: 1 }] });
    });
  });

  describe('strings the database cannot store', () => {
    it.each([
      ['a NUL character', 'a\u0000b', /NUL/],
      ['a lone high surrogate', 'x\uD800', /surrogate/],
      ['a lone low surrogate', '\uDC00x', /surrogate/],
      ['a low surrogate before a high one', '\uDC00\uD800', /surrogate/],
    ])('refuses %s on the exact path, even in unknown properties', async (_case, text, message) => {
      const problem = await problemOf(
        transform(
          { name: 'x', list: [{ c: 1 }, { c: 2, note: text }], extra: { deep: [text] } },
          body(CreateThingDto),
        ),
      );

      expect(problem.errors).toEqual({
        'list[1].note': [expect.stringMatching(message)],
        'extra.deep[0]': [expect.stringMatching(message)],
      });
    });

    it('stops at 100 of them', async () => {
      const problem = await problemOf(
        sut.transform(
          { name: 'x', extra: Array.from({ length: 150_000 }, () => 'a\u0000') },
          body(CreateThingDto),
        ),
      );

      expect(Object.keys(problem.errors)).toHaveLength(100);
      expect(problem.extensions).toEqual({});
    });

    it('refuses a property name with a lone surrogate on its object', async () => {
      const problem = await problemOf(
        transform({ name: 'x', a: { ['k\uD800']: 'v' } }, body(CreateThingDto)),
      );

      expect(problem.errors).toEqual({ a: [expect.stringMatching(/^property names .*surrogate/)] });
    });

    it('refuses them in queries, keyed by the parameter', async () => {
      const problem = await problemOf(transform({ pagesize: '\uD800' }, query(PageQueryDto)));

      expect(Object.keys(problem.errors)).toEqual(['pagesize']);
    });

    it('accepts whole surrogate pairs, emoji and accents', async () => {
      await expect(transform({ name: 'Zürich 🏔️ \uD83D\uDE00' }, body(CreateThingDto))).resolves.toEqual({
        name: 'Zürich 🏔️ \uD83D\uDE00',
      });
    });

    it('walks 100,000 levels of nesting without exhausting the stack', async () => {
      let nested: unknown = 'leaf\u0000';
      for (let level = 0; level < 100_000; level += 1) nested = { n: nested };
      const problem = await problemOf(transform({ name: 'x', nested }, body(CreateThingDto)));

      expect(Object.values(problem.errors)).toEqual([[expect.stringMatching(/NUL/)]]);
    });
  });

  describe('what it leaves alone', () => {
    it.each<ArgumentMetadata>([
      { type: 'param', metatype: CreateThingDto, data: 'id' },
      { type: 'custom', metatype: CreateThingDto },
      { type: 'body', metatype: undefined },
      { type: 'body', metatype: String },
      { type: 'body', metatype: Object },
      { type: 'query', metatype: Number, data: 'PageSize' },
    ])('passes %p through unchanged, without a promise', (metadata) => {
      const value = 'not a dto';

      expect(sut.transform(value, metadata)).toBe(value);
    });
  });
});
