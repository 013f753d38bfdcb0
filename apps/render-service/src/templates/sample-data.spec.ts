import { readSampleData, SAMPLE_DATA_MAX_BYTES, sampleDataOf } from './sample-data';

describe('readSampleData', () => {
  it.each([
    ['left out', undefined],
    ['null', null],
  ])('stores nothing when %s', (_label, value) => {
    expect(readSampleData(value)).toEqual({ ok: true, text: null });
  });

  it('stores an object as compact JSON, keeping the key order as sent', () => {
    const value = { number: '2026-0042', lines: [{ quantity: 1, unitPrice: 450 }], date: '2026-03-15' };
    expect(readSampleData(value)).toEqual({
      ok: true,
      text: '{"number":"2026-0042","lines":[{"quantity":1,"unitPrice":450}],"date":"2026-03-15"}',
    });
  });

  it('reads JSON text of an object or array into the same compact form as the value', () => {
    const text = '{\n  "name": "Zoë",\n  "items": [1, 2]\n}';
    expect(readSampleData(text)).toEqual({ ok: true, text: '{"name":"Zoë","items":[1,2]}' });
    expect(readSampleData('[ {"a": 1} ]')).toEqual({ ok: true, text: '[{"a":1}]' });
    expect(readSampleData({ name: 'Zoë', items: [1, 2] })).toEqual(readSampleData(text));
  });

  it.each([
    [
      'text that is not JSON',
      '{"name": ',
      /^sampleData is not valid JSON text at line 1, column 10: the text ends where a value is expected/,
    ],
    [
      'empty text',
      '',
      /^sampleData is not valid JSON text at line 1, column 1: the text holds no JSON value$/,
    ],
    ['JSON text of a number', '42', /not a JSON scalar/],
    ['JSON text of a string', '"hello"', /not a JSON scalar/],
    ['JSON text of null', 'null', /not a JSON scalar/],
    ['a number', 42, /must be a JSON object or array, or JSON text of one/],
    ['a boolean', true, /must be a JSON object or array, or JSON text of one/],
  ])('refuses %s', (_label, value, message) => {
    const reading = readSampleData(value);
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.problem).toMatch(message);
  });

  it('takes exactly 1 MiB of compact JSON and refuses a byte more, counting UTF-8 bytes', () => {
    // {"s":"..."} is 8 bytes around the string.
    const fits = { s: 'x'.repeat(SAMPLE_DATA_MAX_BYTES - 8) };
    expect(readSampleData(fits).ok).toBe(true);
    expect(readSampleData({ s: 'x'.repeat(SAMPLE_DATA_MAX_BYTES - 7) })).toEqual({
      ok: false,
      problem: `sampleData must be at most ${SAMPLE_DATA_MAX_BYTES} bytes (1 MiB) as compact JSON, not ${SAMPLE_DATA_MAX_BYTES + 1}`,
    });
    // ü is two bytes in UTF-8: half as many characters reach the limit.
    expect(readSampleData({ s: 'ü'.repeat(SAMPLE_DATA_MAX_BYTES / 2) }).ok).toBe(false);
    // Whitespace in text does not count: only what is stored does.
    expect(readSampleData(`${' '.repeat(SAMPLE_DATA_MAX_BYTES)}{"a":1}`)).toEqual({
      ok: true,
      text: '{"a":1}',
    });
  });
});

describe('sampleDataOf', () => {
  it('gives back the object or array stored, or null', () => {
    expect(sampleDataOf('{"a":[1,{"b":null}]}')).toEqual({ a: [1, { b: null }] });
    expect(sampleDataOf('[]')).toEqual([]);
    expect(sampleDataOf(null)).toBeNull();
    expect(sampleDataOf(undefined)).toBeNull();
  });
});
