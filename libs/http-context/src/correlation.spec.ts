import type { IncomingMessage } from 'node:http';

import { correlationIdOf, resolveCorrelationId } from './correlation';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe(resolveCorrelationId.name, () => {
  it.each(['abc', 'A', 'a.b_c:d-e', '0f8fad5b-d9cb-469f-a165-70867728950e', 'x'.repeat(128)])(
    'keeps the well-formed id %p',
    (sent) => {
      expect(resolveCorrelationId(sent)).toBe(sent);
    },
  );

  it.each([
    ['129 characters', 'x'.repeat(129)],
    ['a space', 'abc def'],
    ['an empty string', ''],
    ['a slash', 'a/b'],
    ['a newline', 'abc\n'],
    ['a non-ASCII letter', 'abcé'],
    ['nothing', undefined],
  ])('replaces %s with a new UUID', (_case, sent) => {
    const sut = resolveCorrelationId(sent);

    expect(sut).toMatch(UUID);
  });

  it('gives a different UUID each time', () => {
    expect(resolveCorrelationId(undefined)).not.toBe(resolveCorrelationId(undefined));
  });

  it('takes the first value of a repeated header', () => {
    expect(resolveCorrelationId(['first', 'second'])).toBe('first');
  });

  it('replaces a repeated header whose first value is malformed', () => {
    expect(resolveCorrelationId(['bad value', 'good'])).toMatch(UUID);
  });

  it('replaces an empty repeated header', () => {
    expect(resolveCorrelationId([])).toMatch(UUID);
  });
});

describe('correlationIdOf', () => {
  it('reads the X-Correlation-Id header of the request', () => {
    const request = { headers: { 'x-correlation-id': 'from-client' } } as unknown as IncomingMessage;

    expect(correlationIdOf(request)).toBe('from-client');
  });

  it('makes one up when the request has none', () => {
    expect(correlationIdOf({ headers: {} } as IncomingMessage)).toMatch(UUID);
  });
});
