import { Logger } from '@nestjs/common';

import {
  type DomainError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnprocessableError,
  ValidationProblemError,
} from '@portal/problem-details';

import type { RenderFailure } from '../engine/document/render-document';
import type { PoolRefusal } from './render-pool';

const logger = new Logger('RenderPool');

/**
 * The client's template, data or options cannot become a document: 422 with the reason. When a
 * library failed inside and the reason had to be general, its own error is logged at warn, with
 * the request's correlation id, for whoever looks into it (never in the answer: contract 5).
 */
export function unprocessable(failure: RenderFailure): UnprocessableError {
  if (failure.internal)
    logger.warn({
      msg: "A library failed on the client's document; answered 422 with a general reason",
      code: `RENDER.${failure.code}`,
      err: failure.internal,
    });
  return new UnprocessableError(failure.message, `RENDER.${failure.code}`, {
    // The place in the author's template, for editors and the playground to point at.
    ...(failure.line === undefined ? {} : { line: failure.line, column: failure.column }),
    // The paths a strict render found no value for.
    ...(failure.missing === undefined ? {} : { missing: failure.missing }),
  });
}

/**
 * A render the worker refused: a 400 naming each path when the request itself is invalid (a
 * QR-bill the standard refuses, data.qrBill...), else the 422 of unprocessable().
 */
export function refusalOf(failure: RenderFailure): ValidationProblemError | UnprocessableError {
  if (failure.errors === undefined) return unprocessable(failure);
  return new ValidationProblemError(
    Object.fromEntries(Object.entries(failure.errors).map(([path, messages]) => [path, [...messages]])),
    failure.message,
    `RENDER.${failure.code}`,
  );
}

/**
 * The pool did not finish the task: busy (429) or waited past its bound in the queue (503), both
 * the service's load and never the request's fault (contract 5); its own run too slow (422, the
 * queue's time not counted) or the worker died (422).
 */
export function poolErrorOf(refusal: PoolRefusal): DomainError {
  switch (refusal.kind) {
    case 'busy':
      return new TooManyRequestsError(
        refusal.retryAfterSeconds,
        'Every render worker is busy and the queue is full; retry later.',
      );
    case 'overdue':
      // Not logged per request: overload is counted by the 503s of the request metrics.
      return new ServiceUnavailableError(
        `Every render worker stayed busy for the ${refusal.waitedMs} ms a render may wait for one, so ` +
          'this one was not started; retry after Retry-After.',
        'RENDER.OVERLOADED',
        refusal.retryAfterSeconds,
        false,
      );
    case 'timeout':
      return new UnprocessableError(
        `The render took longer than ${refusal.timeoutMs} ms and was stopped.`,
        'RENDER.TIMEOUT',
      );
    case 'cancelled':
      // Nobody reads this answer: the client has gone, or the service is stopping.
      return new ServiceUnavailableError('The render was cancelled.', 'RENDER.CANCELLED', undefined, false);
    case 'crashed':
      // A worker that runs out of memory or fails unexpectedly: the document was too much.
      logger.error({
        msg: 'Render worker failed',
        err:
          refusal.error instanceof Error
            ? { message: refusal.error.message, stack: refusal.error.stack }
            : refusal.error,
      });
      return new UnprocessableError(
        'The document could not be rendered: it exceeds what a render may use.',
        'RENDER.FAILED',
      );
  }
}
