import { describeJsonSyntax, jsonSyntaxProblem } from './json-text';

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe(jsonSyntaxProblem.name, () => {
  it.each([
    [
      'an unfinished object',
      '{"name": ',
      1,
      10,
      'the text ends where a value is expected: 1 object or array is not closed',
    ],
    ['empty text', '', 1, 1, 'the text holds no JSON value'],
    [
      'a missing comma',
      '{\n  "a": 1\n  "b": 2\n}',
      3,
      3,
      "expected ',' or '}' after a property value, found '\"'",
    ],
    [
      'a trailing comma',
      '[1, 2,]',
      1,
      7,
      "expected a value after ',', found ']' (a trailing comma is not JSON)",
    ],
    [
      'a trailing comma in an object',
      '{"a": 1,}',
      1,
      9,
      "expected a property name after ',', found '}' (a trailing comma is not JSON)",
    ],
    [
      'a property without its value',
      '{\n "name": "a",\n "x": }',
      3,
      7,
      "expected a value after ':', found '}'",
    ],
    [
      'single quotes',
      "{'a': 1}",
      1,
      2,
      "expected a property name in double quotes, found ' (strings and names are in double quotes)",
    ],
    ['a name without quotes', '{a: 1}', 1, 2, "expected a property name in double quotes, found 'a'"],
    ['a missing colon', '{"a" 1}', 1, 6, "expected ':' after a property name, found '1'"],
    [
      'a line break in a string',
      '{"a": "x\ny"}',
      1,
      9,
      'a control character (U+000A) inside a string must be escaped (\\n for a line break)',
    ],
    [
      'a bad escape',
      '"\\x"',
      1,
      2,
      "\\'x' is not an escape of JSON (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)",
    ],
    ['a short \\u escape', '"\\u12"', 1, 2, 'a \\u escape needs four hexadecimal digits'],
    ['an unclosed string', '["abc', 1, 2, 'a string is not closed with "'],
    ['a leading zero', '[01]', 1, 2, 'a number is malformed (JSON numbers are like -12, 0.5 or 1e3)'],
    [
      'NaN',
      '{"a": NaN}',
      1,
      7,
      "expected a value (an object, array, string, number, true, false or null), found 'N'",
    ],
    ['two values', '{} {}', 1, 4, "found '{' after the JSON value: the text holds one value"],
    [
      'a byte order mark',
      '\uFEFF{}',
      1,
      1,
      'expected a value (an object, array, string, number, true, false or null), found U+FEFF',
    ],
    ['mismatched brackets', '[1}', 1, 3, "expected ',' or ']' after an array element, found '}'"],
  ])('finds %s', (_label, text, line, column, reason) => {
    expect(parses(text)).toBe(false);
    expect(jsonSyntaxProblem(text)).toMatchObject({ line, column, reason });
  });

  it('agrees with JSON.parse on what is JSON, over many texts near JSON', () => {
    const valid = [
      '{"a": [1, -2.5e3, true, false, null, "x\\"y\\u00e9"], "b": {"c": {}}, "d": []}',
      ' [ ] ',
      '"text"',
      '0',
      '-0.0e-0',
    ];
    const alphabet = ['{', '}', '[', ']', ',', ':', '"', '\\', '1', '-', '.', 'e', 't', 'n', ' ', '\n', 'x'];
    let seed = 7;
    const random = (below: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    for (let round = 0; round < 5000; round += 1) {
      const base = valid[random(valid.length)];
      const at = random(base.length + 1);
      const text =
        random(2) === 0
          ? base.slice(0, at) + alphabet[random(alphabet.length)] + base.slice(at)
          : base.slice(0, at) + base.slice(at + 1);
      expect({ text, found: jsonSyntaxProblem(text) !== undefined }).toEqual({ text, found: !parses(text) });
    }
  });

  it('scans a deeply nested text without recursion, in one pass', () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(199_999)}`;
    expect(jsonSyntaxProblem(deep)?.reason).toBe('the text ends early: 1 object or array is not closed');
  });
});

describe(describeJsonSyntax.name, () => {
  it('gives the place, the reason and a short excerpt, never more than 200 characters of the text', () => {
    expect(describeJsonSyntax('{"a": 1 "b": 2}')).toBe(
      `at line 1, column 9: expected ',' or '}' after a property value, found '"' (near '{"a": 1 "b": 2}')`,
    );
    const long = `{"text": "${'x'.repeat(500_000)}" "more": 1}`;
    const described = describeJsonSyntax(long);
    expect(described).toMatch(/^at line 1, column 500013: expected ',' or '}'/);
    expect(described.length).toBeLessThan(200);
  });
});
