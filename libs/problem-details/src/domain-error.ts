/**
 * Errors that services throw. Each carries a stable, namespaced `code` and a message that is
 * safe to show to a client; the HTTP status follows from its kind alone (see ERROR_KIND_STATUS).
 */
export type ErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unprocessable'
  | 'too_many_requests'
  | 'unavailable';

export const ERROR_KIND_STATUS: Readonly<Record<ErrorKind, number>> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  too_many_requests: 429,
  unavailable: 503,
};

export abstract class DomainError extends Error {
  abstract readonly kind: ErrorKind;

  protected constructor(
    readonly code: string,
    message: string,
    /** Extra members of the problem body (RFC 9457 extensions); must be safe to show. */
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }

  get status(): number {
    return ERROR_KIND_STATUS[this.kind];
  }
}

export type ValidationErrors = Record<string, string[]>;

/** Contract 5: a validation problem lists at most this many messages. */
export const MAX_VALIDATION_MESSAGES = 100;

/** The first `max` messages, in the order found, and how many were left out. */
function firstMessages(errors: ValidationErrors, max: number): { kept: ValidationErrors; omitted: number } {
  const kept: ValidationErrors = {};
  let count = 0;
  let omitted = 0;
  for (const [path, messages] of Object.entries(errors)) {
    const room = Math.max(0, max - count);
    if (messages.length > room) omitted += messages.length - room;
    if (room === 0) continue;
    kept[path] = messages.length > room ? messages.slice(0, room) : messages;
    count += kept[path].length;
  }
  return { kept, omitted };
}

export class ValidationProblemError extends DomainError {
  readonly kind = 'validation';
  /** Messages by the property's JSON path: the first MAX_VALIDATION_MESSAGES found. */
  readonly errors: ValidationErrors;

  constructor(
    errors: ValidationErrors,
    message = 'The request is invalid; see errors.',
    code = 'REQUEST.INVALID',
  ) {
    // A body of 150,000 wrong values made a 12.9 MB answer of one message each.
    const { kept, omitted } = firstMessages(errors, MAX_VALIDATION_MESSAGES);
    super(
      code,
      omitted > 0 ? `${message} ${omitted} more errors are not listed.` : message,
      omitted > 0 ? { omittedErrors: omitted } : {},
    );
    this.errors = kept;
  }

  /** A single-property validation problem. */
  static of(path: string, message: string, code?: string): ValidationProblemError {
    return new ValidationProblemError({ [path]: [message] }, message, code);
  }

  /** Throws the problem of `errors`, its detail their first message, when there is any. */
  static throwIfAny(errors: ValidationErrors, code?: string): void {
    const paths = Object.keys(errors);
    if (paths.length === 0) return;
    throw new ValidationProblemError(errors, errors[paths[0]][0], code);
  }
}

export class NotFoundError extends DomainError {
  readonly kind = 'not_found';

  constructor(message: string, code = 'RESOURCE.NOT_FOUND') {
    super(code, message);
  }
}

/** The resource is not in a state that allows the request (a result asked for before it is ready). */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';

  constructor(
    message: string,
    code = 'RESOURCE.CONFLICT',
    /** When the state may have changed (the Retry-After header), where the service can say. */
    readonly retryAfterSeconds?: number,
  ) {
    super(code, message);
  }
}

export class UnauthenticatedError extends DomainError {
  readonly kind = 'unauthenticated';

  constructor(message = 'A valid bearer token is required.', code = 'AUTH.UNAUTHENTICATED') {
    super(code, message);
  }
}

export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';

  constructor(message = 'The token does not grant a role this operation needs.', code = 'AUTH.FORBIDDEN') {
    super(code, message);
  }
}

export class PayloadTooLargeError extends DomainError {
  readonly kind = 'payload_too_large';

  constructor(message = 'The request body is too large.', code = 'REQUEST.TOO_LARGE') {
    super(code, message);
  }
}

export class UnsupportedMediaTypeError extends DomainError {
  readonly kind = 'unsupported_media_type';

  constructor(message = 'The request body has an unsupported media type.') {
    super('REQUEST.UNSUPPORTED_MEDIA_TYPE', message);
  }
}

export class UnprocessableError extends DomainError {
  readonly kind = 'unprocessable';

  constructor(message: string, code = 'REQUEST.UNPROCESSABLE', extensions: Record<string, unknown> = {}) {
    super(code, message, extensions);
  }
}

export class TooManyRequestsError extends DomainError {
  readonly kind = 'too_many_requests';

  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many requests are being processed; retry later.',
  ) {
    super('REQUEST.TOO_MANY', message);
  }
}

export class ServiceUnavailableError extends DomainError {
  readonly kind = 'unavailable';

  constructor(
    message: string,
    code = 'SERVICE.UNAVAILABLE',
    /** When the client may try again (the Retry-After header), where the service can say. */
    readonly retryAfterSeconds?: number,
    /** Whether an operator should hear of it (logged at warn); not when nobody was failed. */
    readonly concernsOperator = true,
  ) {
    super(code, message);
  }
}
