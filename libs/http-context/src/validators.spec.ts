import type { ArgumentMetadata } from '@nestjs/common';

import { ValidationProblemError } from '@portal/problem-details';

import { RequestValidationPipe } from './request-validation.pipe';
import { FREE_TEXT_PATTERN } from './plain-text';
import {
  CreatedBy,
  firstRepeat,
  FreeText,
  OptionalJsonTextOrValue,
  OptionalText,
  RequiredText,
  UniqueItems,
} from './validators';

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

async function errorsOf(
  value: Record<string, unknown>,
  metatype: ArgumentMetadata['metatype'] = JsonDto,
): Promise<Record<string, string[]>> {
  try {
    await pipe.transform(value, { type: 'body', metatype });
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

class TextsDto {
  @RequiredText(1, 20, 'A label.') readonly label: string;
  @OptionalText(50, 'A note.') readonly note?: string | null;
  @CreatedBy() readonly createdBy: string;

  @FreeText({ each: true }) readonly tags?: unknown;
}

describe(FreeText.name, () => {
  const valid = { label: 'Zürich', createdBy: 'anna' };
  const message = (where: string): string =>
    `must not contain control characters other than tab, LF and CR (${where})`;

  it('lets tab, LF and CR through in every free text, and any other character but controls', async () => {
    const body = {
      label: 'a\tb',
      note: 'line 1\r\nline 2\n😀\u00a0',
      createdBy: 'anna\t(ops)',
      tags: ['x\ty'],
    };

    await expect(pipe.transform(body, { type: 'body', metatype: TextsDto })).resolves.toMatchObject(body);
  });

  it('refuses another control character with a 400 on the path, naming the character and where it is', async () => {
    expect(
      await errorsOf({ label: 'a\u0007', note: '\u001b[2J', createdBy: 'anna\u0085' }, TextsDto),
    ).toEqual({
      label: [`label ${message('U+0007 at character 2')}`],
      note: [`note ${message('U+001B at character 1')}`],
      createdBy: [`createdBy ${message('U+0085 at character 5')}`],
    });
  });

  it('names the item of an array', async () => {
    expect(await errorsOf({ ...valid, tags: ['ok', 5, 'b\u007fad'] }, TextsDto)).toEqual({
      tags: [`tags[2] ${message('U+007F at character 2')}`],
    });
  });

  it('leaves values of another type to the validators of the type', async () => {
    const { note } = await errorsOf({ ...valid, note: 5 }, TextsDto);
    expect(note).toContain('note must be a string');
    expect(note.join(' ')).not.toContain('control characters');
    await expect(
      pipe.transform({ ...valid, tags: { a: '\u0001' } }, { type: 'body', metatype: TextsDto }),
    ).resolves.toBeInstanceOf(TextsDto);
  });

  it('states the rule in the OpenAPI schema of the text decorators', () => {
    const properties = Reflect.getMetadata('swagger/apiModelProperties', TextsDto.prototype, 'label') as {
      pattern?: string;
    };
    const note = Reflect.getMetadata('swagger/apiModelProperties', TextsDto.prototype, 'note') as {
      pattern?: string;
    };

    expect(properties.pattern).toBe(FREE_TEXT_PATTERN);
    expect(note.pattern).toBe(FREE_TEXT_PATTERN);
  });
});
