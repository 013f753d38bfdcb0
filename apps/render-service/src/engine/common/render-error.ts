import { describeJsonSyntax } from '@portal/problem-details';

/** What a RenderError may carry besides its message. */
export interface RenderErrorDetails {
  /** Where in the author's template, when the error points at a place (1-based). */
  readonly position?: { readonly line: number; readonly column: number };
  /** The paths the data has no value for, when that is the reason (`strict`). */
  readonly missing?: readonly string[];
  /**
   * A library's own error behind the message: for the service's log (warn), never for the client
   * (contract 5); only where the message had to be general.
   */
  readonly cause?: unknown;
}

/**
 * A reason a template, its data or its options cannot become a document: the client's to fix,
 * answered 422 with this message (contract 8). Anything else thrown while rendering is ours.
 */
export class RenderError extends Error {
  readonly position?: RenderErrorDetails['position'];
  readonly missing?: RenderErrorDetails['missing'];

  constructor(
    readonly code: string,
    message: string,
    { position, missing, cause }: RenderErrorDetails = {},
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'RenderError';
    this.position = position;
    this.missing = missing;
  }
}

/**
 * JSON.parse that answers the client's malformed JSON as a RenderError naming `what`, the place
 * and the reason in this service's words (json-text.ts), never the parser's message.
 */
export function parseJson(text: string, code: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new RenderError(code, `${what} is not valid JSON ${describeJsonSyntax(text)}.`);
  }
}
