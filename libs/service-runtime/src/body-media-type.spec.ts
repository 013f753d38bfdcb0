import Fastify, { type FastifyInstance } from 'fastify';

import { registerJsonBodyParser } from '@portal/http-context';
import { DomainError } from '@portal/problem-details';

import { JSON_BODY_MEDIA_TYPES, MERGE_PATCH_MEDIA_TYPE, registerBodyMediaTypes } from './body-media-type';

describe('registerBodyMediaTypes', () => {
  let fastify: FastifyInstance;
  const preParsingHooks = new Map<string, number>();

  beforeAll(async () => {
    fastify = Fastify();
    registerJsonBodyParser(fastify, { mediaTypes: JSON_BODY_MEDIA_TYPES, maxElements: 100 });
    registerBodyMediaTypes(fastify);
    fastify.addHook('onRoute', (route) => {
      const hooks = route.preParsing;
      const count = hooks === undefined ? 0 : Array.isArray(hooks) ? hooks.length : 1;
      for (const method of [route.method].flat()) preParsingHooks.set(`${method} ${route.url}`, count);
    });
    // Ours are domain errors; Fastify's own (an unparsed media type) carry their status.
    fastify.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
      void reply
        .status(error instanceof DomainError ? error.status : (error.statusCode ?? 500))
        .send({ detail: error.message });
    });
    fastify.patch('/patch', { config: { bodyMediaType: MERGE_PATCH_MEDIA_TYPE } }, (request, reply) =>
      reply.send(request.body),
    );
    fastify.post('/post', (request, reply) => reply.send(request.body));
    fastify.get('/get', (_request, reply) => reply.send('ok'));
    fastify.delete('/delete', (_request, reply) => reply.status(204).send());
    await fastify.ready();
  });

  afterAll(async () => {
    await fastify.close();
  });

  const send = (method: 'PATCH' | 'POST', url: string, contentType: string) =>
    fastify.inject({ method, url, headers: { 'content-type': contentType }, payload: '{"a":1}' });

  it('lets a route declared merge-patch take merge-patch only', async () => {
    expect((await send('PATCH', '/patch', 'application/merge-patch+json')).json()).toEqual({ a: 1 });
    expect((await send('PATCH', '/patch', 'application/merge-patch+json; charset=utf-8')).statusCode).toBe(
      200,
    );
    const json = await send('PATCH', '/patch', 'application/json');
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({
      detail:
        'The request body must be application/merge-patch+json (Content-Type: application/merge-patch+json), not application/json.',
    });
    // A media type no parser takes is answered before parsing, naming the one the route takes.
    const text = await send('PATCH', '/patch', 'text/plain');
    expect(text.statusCode).toBe(415);
    expect(text.json<{ detail: string }>().detail).toMatch(
      /^The request body must be application\/merge-patch\+json .*, not text\/plain\.$/,
    );
  });

  it('keeps every other route JSON only', async () => {
    expect((await send('POST', '/post', 'Application/JSON')).statusCode).toBe(200);
    expect((await send('POST', '/post', 'application/merge-patch+json')).statusCode).toBe(415);
    const form = await send('POST', '/post', 'application/x-www-form-urlencoded');
    expect(form.statusCode).toBe(415);
    expect(form.json<{ detail: string }>().detail).toBe(
      'The request body must be application/json (Content-Type: application/json), not application/x-www-form-urlencoded.',
    );
    // Without a Content-Type nothing is parsed, so nothing is refused.
    expect((await fastify.inject({ method: 'POST', url: '/post' })).statusCode).toBe(200);
    expect((await fastify.inject({ method: 'GET', url: '/get' })).statusCode).toBe(200);
  });

  it('answers a DELETE with a Content-Type but no body naming the media type: Fastify would parse it', async () => {
    expect((await fastify.inject({ method: 'DELETE', url: '/delete' })).statusCode).toBe(204);
    expect(
      (
        await fastify.inject({
          method: 'DELETE',
          url: '/delete',
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).not.toBe(415);
    const text = await fastify.inject({
      method: 'DELETE',
      url: '/delete',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      detail: 'The request body must be application/json (Content-Type: application/json), not text/plain.',
    });
  });

  it('answers a body sent without a Content-Type naming the media type the route takes', async () => {
    const untyped = await fastify.inject({ method: 'POST', url: '/post', payload: Buffer.from('{"a":1}') });
    expect(untyped.statusCode).toBe(415);
    expect(untyped.json()).toEqual({
      detail:
        'The request body must be application/json (Content-Type: application/json), not a body without a Content-Type.',
    });
  });

  it('leaves the routes of bodyless methods without a hook: Fastify reads no body there', () => {
    expect(preParsingHooks.get('GET /get')).toBe(0);
    expect(preParsingHooks.get('HEAD /get')).toBe(0);
    expect(preParsingHooks.get('POST /post')).toBe(1);
    expect(preParsingHooks.get('PATCH /patch')).toBe(1);
  });
});
