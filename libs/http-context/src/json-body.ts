import type { FastifyInstance } from 'fastify';

import { ValidationProblemError } from '@portal/problem-details';

/** Contract 5: a body nested deeper than this is refused before anything walks it. */
export const MAX_BODY_DEPTH = 64;

/** Whether objects and arrays nest deeper than `limit` levels (the top level being 1); iterative. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}

/**
 * Bodies are JSON only (contract 5): every other media type is a 415. Malformed JSON, an empty
 * body, prototype-poisoning keys and nesting deeper than 64 levels are 400 problems under `$`.
 */
export function registerJsonBodyParser(
  fastify: FastifyInstance,
  mediaTypes: string[] = ['application/json'],
): void {
  fastify.removeAllContentTypeParsers();
  const parse = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser(mediaTypes, { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(
        ValidationProblemError.of('$', 'The body is empty; a JSON object is expected.', 'REQUEST.EMPTY_BODY'),
        undefined,
      );
      return;
    }
    void parse(request, text, (error, value) => {
      if (error)
        done(
          ValidationProblemError.of('$', 'The body is not valid JSON.', 'REQUEST.MALFORMED_JSON'),
          undefined,
        );
      else if (nestsDeeperThan(value, MAX_BODY_DEPTH))
        done(
          ValidationProblemError.of(
            '$',
            `The body is nested deeper than ${MAX_BODY_DEPTH} levels.`,
            'REQUEST.TOO_DEEP',
          ),
          undefined,
        );
      else done(null, value);
    });
  });
}
