import type { FastifyInstance } from 'fastify';

import { ValidationProblemError } from '@portal/problem-details';

/**
 * Bodies are JSON only (contract 5): every other media type is a 415. Malformed JSON, an empty
 * body and prototype-poisoning keys are 400 problems with `errors` under `$`.
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
      else done(null, value);
    });
  });
}
