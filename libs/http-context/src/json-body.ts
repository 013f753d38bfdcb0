import type { FastifyInstance, FastifyRequest } from 'fastify';

import {
  describeJsonSyntaxProblem,
  type DomainError,
  jsonSyntaxProblem,
  PayloadTooLargeError,
  ValidationProblemError,
} from '@portal/problem-details';

import { MAX_BODY_DEPTH, measureJson } from './json-bounds';

/**
 * Heap a parsed body's value takes per JSON value, on top of its strings: measured with V8 on
 * Node 20 and again on Node 24 (the same), from 8 bytes (a number in an array) to 64 (an empty
 * object) and 74 (a member of an object with many keys).
 */
export const PARSED_BYTES_PER_ELEMENT = 64;

/**
 * What a request holds once its body is parsed, beyond the raw bytes it reserved on arrival: the
 * text (one or two bytes a character: at most twice its UTF-8 bytes), the value's strings (no more
 * than the text) and PARSED_BYTES_PER_ELEMENT per value.
 */
export const parsedBodyBytes = (bytes: number, elements: number): number =>
  3 * bytes + elements * PARSED_BYTES_PER_ELEMENT;

/** Parsed bodies whose text had no escape of a NUL or a surrogate (measureJson). */
const storableBodies = new WeakSet<object>();

/**
 * Whether every string of `value` (a body as this parser gave it) is known to be storable, so
 * that the validation pipe need not walk it for NULs and lone surrogates.
 */
export const isKnownStorableBody = (value: unknown): boolean =>
  value !== null && typeof value === 'object' && storableBodies.has(value);

/**
 * Why a body JSON.parse refused is refused: where (line and column) and what was expected there,
 * for the caller to find in its own text; a body that is JSON but was refused for a prototype
 * poisoning key (`__proto__`) is said to be so.
 */
function malformedJsonDetail(text: string): string {
  const problem = jsonSyntaxProblem(text);
  if (problem === undefined)
    return 'The body is not valid JSON: it holds a __proto__ or constructor.prototype key.';
  return `The body is not valid JSON ${describeJsonSyntaxProblem(problem)}.`;
}

export interface JsonBodyOptions {
  /** Media types parsed as JSON; every other one is a 415. */
  readonly mediaTypes: string[];
  /** The most values (array items and object members, containers included) a body may hold. */
  readonly maxElements: number;
  /**
   * Asked, once the body is measured and before it is parsed, whether the service has room for
   * what the parsed body will hold (`bytes`); answers the error to send when it has not.
   */
  readonly admit?: (request: FastifyRequest, bytes: number) => DomainError | undefined;
}

/** A route's own bound of the values its body may hold (set by @BodyLimit of service-runtime). */
export interface BodyElementsConfig {
  readonly bodyElements?: number;
}

const tooManyElements = (maxElements: number): PayloadTooLargeError =>
  new PayloadTooLargeError(
    `The body holds more than ${maxElements.toLocaleString('en')} JSON values (array items and object members).`,
    'REQUEST.TOO_MANY_ELEMENTS',
  );

/**
 * Bodies are JSON only (contract 5): every other media type is a 415. A body is measured before it
 * is parsed: more values than `maxElements` is a 413, nesting deeper than 64 levels a 400 under
 * `$`, and a body the service has no room for (`admit`) is refused before JSON.parse builds it.
 * Malformed JSON (its line and column said), an empty body and prototype-poisoning keys are 400
 * problems under `$`.
 */
export function registerJsonBodyParser(fastify: FastifyInstance, options: JsonBodyOptions): void {
  const { admit } = options;
  fastify.removeAllContentTypeParsers();
  const parse = fastify.getDefaultJsonParser('error', 'error');
  // As bytes: one copy, measured before anything decodes or builds it.
  fastify.addContentTypeParser(options.mediaTypes, { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    // A route may hold more values than the service's bound (@BodyLimit); it says so in its config.
    const maxElements =
      (request.routeOptions.config as BodyElementsConfig).bodyElements ?? options.maxElements;
    const measure = measureJson(bytes, { maxElements, maxDepth: MAX_BODY_DEPTH });
    if (measure.within && measure.empty) {
      done(
        ValidationProblemError.of('$', 'The body is empty; a JSON object is expected.', 'REQUEST.EMPTY_BODY'),
        undefined,
      );
      return;
    }
    if (!measure.within) {
      done(
        measure.exceeded === 'elements'
          ? tooManyElements(maxElements)
          : ValidationProblemError.of(
              '$',
              `The body is nested deeper than ${MAX_BODY_DEPTH} levels.`,
              'REQUEST.TOO_DEEP',
            ),
        undefined,
      );
      return;
    }
    const refusal = admit?.(request, parsedBodyBytes(bytes.length, measure.elements));
    if (refusal) {
      done(refusal, undefined);
      return;
    }
    const text = bytes.toString('utf8');
    void parse(request, text, (error, value: unknown) => {
      if (error) {
        done(ValidationProblemError.of('$', malformedJsonDetail(text), 'REQUEST.MALFORMED_JSON'), undefined);
        return;
      }
      if (!measure.unstorableEscapes && value !== null && typeof value === 'object')
        storableBodies.add(value);
      done(null, value);
    });
  });
}
