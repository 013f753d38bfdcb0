import type { ArgumentMetadata } from '@nestjs/common';

import { ValidationProblemError } from '@portal/problem-details';

import { RequestValidationPipe } from './request-validation.pipe';
import { OptionalJsonTextOrValue } from './validators';

class JsonDto {
  @OptionalJsonTextOrValue('data', { arrays: true, maxElements: 10 })
  readonly data?: unknown;

  @OptionalJsonTextOrValue('options', { arrays: false, maxElements: 10 })
  readonly options?: unknown;

  @OptionalJsonTextOrValue('checked', {
    arrays: true,
    maxElements: 10,
    check: (value) =>
      typeof value === 'string' && !value.startsWith('{') ? 'checked must start with {' : undefined,
  })
  readonly checked?: unknown;

  @OptionalJsonTextOrValue('deep', { arrays: true, maxElements: 1_000 })
  readonly deep?: unknown;
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

  it('bounds text as the body parser bounds a value: values, then depth', async () => {
    expect(await validated({ data: `[${'0,'.repeat(8)}0]` })).toEqual({ data: `[${'0,'.repeat(8)}0]` });
    expect(await errorsOf({ data: `[${'0,'.repeat(9)}0]` })).toEqual({
      data: ['data holds more than 10 JSON values'],
    });
    expect(await errorsOf({ deep: '['.repeat(65) })).toEqual({
      deep: ['deep is nested deeper than 64 levels'],
    });
  });
});
