import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The URL path of a resource of the request's tenant and version (its first two segments):
 * `/demo/v10-0/profiles/7` for `['profiles', 7]` on a request to `/demo/v10-0/...`; each segment
 * percent-encoded, `query` (when given, its defined values) appended.
 */
export function resourcePath(
  request: FastifyRequest,
  segments: readonly (string | number)[],
  query: Readonly<Record<string, string | number | null | undefined>> = {},
): string {
  const [, tenant, version] = request.url.split('?')[0].split('/');
  const path = `/${tenant}/${version}/${segments.map((segment) => encodeURIComponent(segment)).join('/')}`;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== null) search.append(name, String(value));
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** Names where a 201 created its resource (RFC 9110 `Location`): a resourcePath. */
export function createdAt(reply: FastifyReply, location: string): void {
  void reply.header('location', location);
}

/** A POST to a collection created the record `id`: its Location is `<the collection>/<id>`. */
export function createdInCollection(reply: FastifyReply, id: string | number): void {
  createdAt(reply, `${reply.request.url.split('?')[0].replace(/\/$/, '')}/${encodeURIComponent(id)}`);
}

/**
 * Every 201 carries `Location`. A PUT (and a POST to the resource's own URL) creates the resource
 * its URL names, query included (`?DelegatorProfileId=3` is part of a procuration's key): that is
 * its Location unless the handler set another (createdInCollection, createdAt).
 */
export function registerCreatedLocation(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode === 201 && !reply.hasHeader('location')) void reply.header('location', request.url);
    done(null, payload);
  });
}
