import type { ArgumentMetadata } from '@nestjs/common';

import { ValidationProblemError } from '@portal/problem-details';

import { RequestValidationPipe } from './request-validation.pipe';
import { firstRepeat, OptionalJsonTextOrValue, UniqueItems } from './validators';

class JsonDto {
  @OptionalJsonTextOrValue('data', { arrays: true })
  readonly data?: unknown;

  @OptionalJsonTextOrValue('options', { arrays: false })
  readonly options?: unknown;

  @OptionalJsonTextOrValue('checked', {
    arrays: true,
    check: (value) =>
      typeof value === 'string' && !value.startsWith('{') ? 'checked must start with {' : undefined,
  })
  readonly checked?: unknown;
}

const pipe = new RequestValidationPipe();
const metadata: ArgumentMetadata = { type: 'body', metatype: JsonDto };
const validated = (value: Record<string, unknown>) => pipe.transform(value, metadata) as Promise<JsonDto>;

async function errorsOf(value: Record<string, unknown>): Promise<Record<string, string[]>> {
  try {
    await validated(value);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationProblemError);
    return (error as ValidationProblemError).errors;
  }
  throw new Error('expected a 400');
}

class SendersDto {
  @UniqueItems()
  readonly senders?: unknown;

  @UniqueItems((link: { name?: unknown }) => link?.name)
  readonly links?: unknown;
}

const senders = (value: Record<string, unknown>) =>
  pipe.transform(value, { type: 'body', metatype: SendersDto }) as Promise<SendersDto>;

describe(UniqueItems.name, () => {
  it('takes distinct items, an empty array, and leaves a value that is no array to IsArray', async () => {
    expect(await senders({ senders: ['a', 'b', 'A'], links: [{ name: 'x' }, { name: 'y' }] })).toEqual({
      senders: ['a', 'b', 'A'],
      links: [{ name: 'x' }, { name: 'y' }],
    });
    expect(await senders({ senders: [] })).toEqual({ senders: [] });
    expect(await senders({ senders: 'a,a' })).toEqual({ senders: 'a,a' });
  });

  it('refuses a repeated item, naming where it repeats which, not the value', async () => {
    await expect(senders({ senders: ['a', 'secret', 'b', 'secret'] })).rejects.toMatchObject({
      errors: { senders: ['senders must not repeat a value: [3] repeats [1]'] },
    });
    await expect(
      senders({ links: [{ name: 'x' }, { name: 'y', other: 1 }, { name: 'y' }] }),
    ).rejects.toMatchObject({ errors: { links: ['links must not repeat a value: [2] repeats [1]'] } });
  });

  it('reads each item once: 150,000 distinct items cost 150,000 lookups, not one per pair', async () => {
    const items = Array.from({ length: 150_000 }, (_, index) => index.toString(36));
    let keys = 0;
    expect(firstRepeat(items, (item) => ((keys += 1), item))).toBeUndefined();
    expect(keys).toBe(items.length);
    expect((await senders({ senders: items })).senders).toHaveLength(items.length);
  });

  it('stops at the first repeat', () => {
    let keys = 0;
    const items = ['a', 'a', ...Array.from({ length: 1000 }, (_, index) => `b${index}`)];
    expect(firstRepeat(items, (item) => ((keys += 1), item))).toEqual({ index: 1, repeats: 0 });
    expect(keys).toBe(2);
  });
});

describe(OptionalJsonTextOrValue.name, () => {
  it('takes JSON text, or the JSON object itself, or none', async () => {
    expect(await validated({ data: '{"a": 1}', options: '{}' })).toEqual({ data: '{"a": 1}', options: '{}' });
    expect(await validated({ data: null })).toEqual({ data: null });
    expect(await validated({})).toEqual({});
    // Text is not parsed here: what it holds is the handler's to check.
    expect(await validated({ data: 'not json' })).toEqual({ data: 'not json' });
  });

  it('keeps a JSON value exactly as sent, nested values and all', async () => {
    const data = { a: [1, { b: null, c: '2026-03-05', constructor: 'x' }], 'd.e': true, f: { g: {} } };
    const result = await validated({ data, options: { locale: 'fr-CH', info: { title: 't' } } });
    expect(JSON.stringify(result.data)).toBe(JSON.stringify(data));
    expect(result.options).toEqual({ locale: 'fr-CH', info: { title: 't' } });
  });

  it('takes an array where arrays are allowed only', async () => {
    expect((await validated({ data: [1, 'a'] })).data).toEqual([1, 'a']);
    expect(await errorsOf({ options: [{}] })).toEqual({
      options: ['options must be JSON text (a string) or a JSON object'],
    });
  });

  it.each([5, true, false])('refuses %j on the property', async (value) => {
    expect(await errorsOf({ data: value, options: value })).toEqual({
      data: ['data must be JSON text (a string) or a JSON object or array'],
      options: ['options must be JSON text (a string) or a JSON object'],
    });
  });

  it("applies a property's own check to text and values alike, its problem the only message", async () => {
    expect(await validated({ checked: '{"a": 1}' })).toEqual({ checked: '{"a": 1}' });
    const value = { constructor: 'x' };
    expect((await validated({ checked: value })).checked).toBe(value);
    expect(await errorsOf({ checked: '[1]' })).toEqual({ checked: ['checked must start with {'] });
    expect(await errorsOf({ checked: 5 })).toEqual({
      checked: ['checked must be JSON text (a string) or a JSON object or array'],
    });
  });
});
