import Fastify, { type FastifyInstance } from 'fastify';

import { DomainError, ServiceUnavailableError, ValidationProblemError } from '@portal/problem-details';

import { isKnownStorableBody, parsedBodyBytes, registerJsonBodyParser } from './json-body';
import { MAX_BODY_DEPTH, measureJson, measureJsonText } from './json-bounds';

const bounds = { maxElements: 1_000, maxDepth: MAX_BODY_DEPTH };

const measured = (text: string) => measureJsonText(text, bounds);
const within = (elements: number, more: { empty?: boolean; unstorableEscapes?: boolean } = {}) => ({
  within: true,
  elements,
  empty: false,
  unstorableEscapes: false,
  ...more,
});

describe(measureJson.name, () => {
  it('counts every value, containers included, and one too many per empty container', () => {
    expect(measured('0')).toEqual(within(1));
    expect(measured('[0,1,2]')).toEqual(within(4));
    expect(measured('{"a":{"b":[1,2]},"c":"d"}')).toEqual(within(6));
    expect(measured('[]')).toEqual(within(2));
  });

  it('does not count what strings hold, escaped quotes and backslashes included', () => {
    expect(measured('["a,b[c{", "\\"],[", "\\\\", "x"]')).toEqual(within(5));
    expect(measured('["\\\\\\"", "]"]')).toEqual(within(3));
  });

  it('tells a body of whitespace alone', () => {
    expect(measured(' \r\n\t ')).toEqual(within(1, { empty: true }));
    expect(measured('')).toEqual(within(1, { empty: true }));
  });

  it('notes an escaped NUL or surrogate, and nothing else', () => {
    expect(measured('["\\u0000"]')).toMatchObject({
      unstorableEscapes: true,
    });
    expect(measured('{"\\uD800":1}')).toMatchObject({ unstorableEscapes: true });
    expect(measured('["\\udfff"]')).toMatchObject({ unstorableEscapes: true });
    expect(measured('["\\u0001 \\u00e9 \\uE000 \\\\u0000 é 😀"]')).toMatchObject({
      unstorableEscapes: false,
    });
  });

  it('stops at the first bound passed: values, or depth', () => {
    expect(measured(`[${'0,'.repeat(998)}0]`)).toEqual(within(1_000));
    expect(measured(`[${'0,'.repeat(999)}0]`)).toEqual({ within: false, exceeded: 'elements' });
    expect(measured('['.repeat(MAX_BODY_DEPTH) + ']'.repeat(MAX_BODY_DEPTH)).within).toBe(true);
    expect(measured('['.repeat(MAX_BODY_DEPTH + 1))).toEqual({ within: false, exceeded: 'depth' });
  });

  it('reads a 2,500,000-value array only as far as its bound', () => {
    const text = `{"a":[${'0,'.repeat(2_500_000)}0]}`;
    expect(measureJsonText(text, { maxElements: 200_000, maxDepth: MAX_BODY_DEPTH })).toEqual({
      within: false,
      exceeded: 'elements',
    });
  });

  it('skips a string of a million escapes to its end, and an unterminated one to the end of the text', () => {
    expect(measured(`["${'\\n'.repeat(1_000_000)}", 1]`)).toEqual(within(3));
    expect(measured('["abc\\')).toEqual(within(2));
  });
});

describe(registerJsonBodyParser.name, () => {
  let fastify: FastifyInstance;
  const admitted: number[] = [];
  let room = true;

  beforeAll(async () => {
    fastify = Fastify();
    registerJsonBodyParser(fastify, {
      mediaTypes: ['application/json'],
      maxElements: 100,
      admit: (_request, bytes) => {
        admitted.push(bytes);
        return room ? undefined : new ServiceUnavailableError('No room.', 'SERVICE.BUSY', 1, false);
      },
    });
    fastify.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
      const status = error instanceof DomainError ? error.status : (error.statusCode ?? 500);
      const errors = error instanceof ValidationProblemError ? error.errors : undefined;
      const code = error instanceof DomainError ? error.code : undefined;
      void reply.status(status).send({ code, detail: error.message, errors });
    });
    fastify.post('/', (request, reply) => reply.send(request.body));
    fastify.post('/storable', (request, reply) =>
      reply.send({ storable: isKnownStorableBody(request.body) }),
    );
    await fastify.ready();
  });

  afterAll(() => fastify.close());

  beforeEach(() => {
    admitted.length = 0;
    room = true;
  });

  const post = (payload: string) =>
    fastify.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json' }, payload });

  it('parses a body within its bounds, once the service admits what it will hold', async () => {
    const response = await post('{"a":[1,2,3]}');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ a: [1, 2, 3] });
    expect(admitted).toEqual([parsedBodyBytes(13, 5)]);
  });

  it('refuses more values than the bound with a 413, before asking for room', async () => {
    const response = await post(`{"a":[${'0,'.repeat(100)}0]}`);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'REQUEST.TOO_MANY_ELEMENTS',
      detail: 'The body holds more than 100 JSON values (array items and object members).',
    });
    expect(admitted).toEqual([]);
  });

  it('refuses nesting deeper than 64 levels with a 400 under $', async () => {
    const response = await post('['.repeat(65) + ']'.repeat(65));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'REQUEST.TOO_DEEP', errors: { $: [expect.any(String)] } });
  });

  it('answers what admit answers when the service has no room, and parses nothing', async () => {
    room = false;
    const response = await post('{"a":1}');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'SERVICE.BUSY' });
  });

  it('keeps malformed and empty bodies 400 problems under $', async () => {
    expect((await post('{"a":')).json()).toMatchObject({
      code: 'REQUEST.MALFORMED_JSON',
      errors: { $: expect.any(Array) },
    });
    expect((await post('  ')).json()).toMatchObject({ code: 'REQUEST.EMPTY_BODY' });
    expect((await post('{"__proto__":{"x":1}}')).json()).toMatchObject({
      code: 'REQUEST.MALFORMED_JSON',
      detail: 'The body is not valid JSON: it holds a __proto__ or constructor.prototype key.',
    });
  });

  it('says on which line and column a malformed body stops being JSON, and what was expected there', async () => {
    const response = await post('{\n  "a": 1,\n  "b": 2\n  "c": 3\n}');
    expect(response.statusCode).toBe(400);
    const { detail, errors } = response.json<{ detail: string; errors: Record<string, string[]> }>();
    expect(detail).toMatch(
      /^The body is not valid JSON at line 4, column 3: expected ',' or '\}' after a property value/,
    );
    expect(errors).toEqual({ $: [detail] });
    expect((await post('{"a":')).json()).toMatchObject({
      detail: expect.stringMatching(/^The body is not valid JSON at line 1, column 6: /) as unknown,
    });
  });

  it('marks a body whose text escapes no NUL or surrogate as storable, so the pipe does not walk it', async () => {
    const storable = (payload: string) =>
      fastify.inject({
        method: 'POST',
        url: '/storable',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    expect((await storable('{"a":["Zürich 😀"]}')).json()).toEqual({ storable: true });
    expect((await storable('{"a":["x\\u0000"]}')).json()).toEqual({ storable: false });
    expect((await storable('{"a":{"\\ud800":1}}')).json()).toEqual({ storable: false });
    expect(isKnownStorableBody({ a: 'x' })).toBe(false);
  });
});
