import { ifNoneMatchMatches, strongEtagOf } from './conditional-get';

describe(strongEtagOf.name, () => {
  it('is a quoted tag that depends on every byte and on nothing else', () => {
    const etag = strongEtagOf('{"a":1}');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(strongEtagOf(Buffer.from('{"a":1}'))).toBe(etag);
    expect(strongEtagOf('{"a":2}')).not.toBe(etag);
  });
});

describe(ifNoneMatchMatches.name, () => {
  const etag = '"abc"';

  it.each([
    ['the same tag', '"abc"'],
    ['its weak form (weak comparison)', 'W/"abc"'],
    ['*', '*'],
    ['* with white space', ' * '],
    ['a list holding it', '"x", "abc"'],
    ['a list holding its weak form', '"x",W/"abc" , "y"'],
    ['header lines joined by Node', ['"x"', '"abc"']],
  ])('matches %s', (_case, header) => {
    expect(ifNoneMatchMatches(header, etag)).toBe(true);
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['another tag', '"abd"'],
    ['an unquoted tag', 'abc'],
    ['a tag in a malformed member', 'X/"abc"'],
    ['an unterminated tag', '"x", "abc'],
    ['a prefix of the tag', '"ab"'],
    ['* within a list', '"x", *'],
  ])('does not match %s', (_case, header) => {
    expect(ifNoneMatchMatches(header, etag)).toBe(false);
  });

  it('matches the current tag when it is weak too, and reads tags holding commas', () => {
    expect(ifNoneMatchMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchMatches('"x", "a,b"', '"a,b"')).toBe(true);
  });
});
