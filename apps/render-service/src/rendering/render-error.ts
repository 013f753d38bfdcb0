/**
 * A reason a template, its data or its options cannot become a document: the client's to fix,
 * answered 422 with this message (contract 8). Anything else thrown while rendering is ours.
 */
export class RenderError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** Where in the author's template, when the error points at a place (1-based). */
    readonly position?: { readonly line: number; readonly column: number },
    /** The paths the data has no value for, when that is the reason (`strict`). */
    readonly missing?: readonly string[],
  ) {
    super(message);
    this.name = 'RenderError';
  }
}

/** JSON.parse that answers the client's malformed JSON as a RenderError naming `what`. */
export function parseJson(text: string, code: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new RenderError(
      code,
      `${what} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
