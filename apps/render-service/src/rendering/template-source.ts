/**
 * What the template language reads differently from Handlebars' own lexer, decided by contract 8:
 * triple braces are no expression form here, so `}}}` after a `{{` expression is that expression's
 * end and a literal `}` (`"fontSize": {{size}}}` in a json template). Handlebars would read `}}}`
 * as the end of a triple-stash, so a marker is put between `}}` and `}` before parsing and taken
 * out of the text afterwards; positions are mapped back to the author's template.
 */

/** A noncharacter: never meaningful in a template; what it separates is rejoined after parsing. */
export const LITERAL_BRACE_MARKER = '\uFDD0';

export interface PreparedSource {
  /** The source as Handlebars parses it. */
  readonly text: string;
  /** Offsets in the author's source before which a marker was put, ascending. */
  readonly markers: readonly number[];
}

/** Puts a marker between the `}}` that closes a `{{` expression and a `}` right after it. */
export function prepareSource(source: string): PreparedSource {
  const markers: number[] = [];
  let index = 0;
  while (index < source.length) {
    const open = source.indexOf('{{', index);
    if (open === -1) break;
    if (open > 0 && source[open - 1] === '\\') {
      index = open + 2; // `\{{` is literal text
      continue;
    }
    if (source.startsWith('{{!--', open)) {
      const end = source.indexOf('--}}', open + 5);
      index = end === -1 ? source.length : end + 4;
      continue;
    }
    const triple = source[open + 2] === '{';
    const close = source.indexOf('}}', open + (triple ? 3 : 2));
    if (close === -1) break;
    if (!triple && !source.startsWith('{{!', open) && source[close + 2] === '}') markers.push(close + 2);
    index = close + (triple ? 3 : 2);
  }
  let text = '';
  let from = 0;
  for (const marker of markers) {
    text += source.slice(from, marker) + LITERAL_BRACE_MARKER;
    from = marker;
  }
  return { text: text + source.slice(from), markers };
}

/** Removes the markers from text Handlebars has parsed. */
export const withoutMarkers = (text: string): string => text.split(LITERAL_BRACE_MARKER).join('');

/**
 * The author's line (1-based) and column (1-based) of a position Handlebars reports in the
 * prepared text (line 1-based, column 0-based).
 */
export function authorPosition(
  source: string,
  prepared: PreparedSource,
  line: number,
  column: number,
): { line: number; column: number } {
  let lineStart = 0;
  for (let current = 1; current < line; current += 1) {
    const next = source.indexOf('\n', lineStart);
    if (next === -1) break;
    lineStart = next + 1;
  }
  // Markers on this line before the position moved it one to the right each.
  let shift = 0;
  for (const marker of prepared.markers) {
    if (marker >= lineStart && marker - lineStart + shift < column) shift += 1;
  }
  return { line, column: column - shift + 1 };
}
