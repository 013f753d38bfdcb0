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
  /** Offsets in the author's source at which its lines start (line 1 at 0), ascending. */
  readonly lineStarts: readonly number[];
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
  const lineStarts = [0];
  for (let newline = source.indexOf('\n'); newline !== -1; newline = source.indexOf('\n', newline + 1))
    lineStarts.push(newline + 1);
  return { text: text + source.slice(from), markers, lineStarts };
}

/** Removes the markers from text Handlebars has parsed. */
export const withoutMarkers = (text: string): string => text.split(LITERAL_BRACE_MARKER).join('');

/** The first index of `sorted` (ascending) whose value is not below `value`; its length if none. */
function firstAtLeast(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The author's line (1-based) and column (1-based) of a position Handlebars reports in the
 * prepared text (line 1-based, column 0-based). A template reports one position per expression,
 * so each is found by binary search in the line starts and markers, not by a walk from the top.
 */
export function authorPosition(
  prepared: PreparedSource,
  line: number,
  column: number,
): { line: number; column: number } {
  const { lineStarts, markers } = prepared;
  // A line past the last is read as the last, as Handlebars' end-of-file positions are.
  const lineStart = lineStarts[Math.min(Math.max(line, 1), lineStarts.length) - 1];
  // Each marker on this line before the position moved it one to the right: the k-th marker from
  // the line's start is at prepared column `marker - lineStart + k`, which grows with k, so the
  // markers before the position are a run that a binary search finds.
  const first = firstAtLeast(markers, lineStart);
  let low = first;
  let high = markers.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (markers[middle] - lineStart + (middle - first) < column) low = middle + 1;
    else high = middle;
  }
  return { line, column: column - (low - first) + 1 };
}
