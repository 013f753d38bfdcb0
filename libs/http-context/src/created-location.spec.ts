import Fastify from 'fastify';

import { createdAt, createdInCollection, registerCreatedLocation, resourcePath } from './created-location';

describe('created-location', () => {
  const fastify = Fastify();
  registerCreatedLocation(fastify);
  fastify.post('/demo/v10-0/clients', (_request, reply) => {
    createdInCollection(reply, 7);
    return reply.status(201).send({ id: 7 });
  });
  fastify.post('/demo/v10-0/invites/:token/approve', (request, reply) => {
    createdAt(
      reply,
      resourcePath(request, ['profiles', 1, 'outbound-procurations', 2], { DelegatorProfileId: 3 }),
    );
    return reply.status(201).send({});
  });
  fastify.put('/demo/v10-0/templates/:name', (request, reply) =>
    reply.status((request.query as { created?: string }).created ? 201 : 200).send({}),
  );
  afterAll(() => fastify.close());

  it('names the record a POST created under the collection it was sent to', async () => {
    const response = await fastify.inject({ method: 'POST', url: '/demo/v10-0/clients?Select=id' });
    expect(response.headers.location).toBe('/demo/v10-0/clients/7');
  });

  it('builds a path of the request’s tenant and version, its segments encoded, its query kept', async () => {
    const response = await fastify.inject({ method: 'POST', url: '/demo/v10-0/invites/abc/approve' });
    expect(response.headers.location).toBe(
      '/demo/v10-0/profiles/1/outbound-procurations/2?DelegatorProfileId=3',
    );
    const request = { url: '/ge/v9-1/x?y=1' } as Parameters<typeof resourcePath>[0];
    expect(resourcePath(request, ['templates', 'a b/c'], { Skip: undefined, None: null })).toBe(
      '/ge/v9-1/templates/a%20b%2Fc',
    );
  });

  it('gives a 201 without one the URL the request was sent to, and a 200 none', async () => {
    const created = await fastify.inject({ method: 'PUT', url: '/demo/v10-0/templates/letter?created=1' });
    expect(created.statusCode).toBe(201);
    expect(created.headers.location).toBe('/demo/v10-0/templates/letter?created=1');
    const replaced = await fastify.inject({ method: 'PUT', url: '/demo/v10-0/templates/letter' });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.headers.location).toBeUndefined();
  });
});
