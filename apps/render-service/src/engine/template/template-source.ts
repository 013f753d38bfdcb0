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

/** The author's line and column (both 1-based) of an offset in the author's source. */
function positionOf(prepared: PreparedSource, offset: number): { line: number; column: number } {
  const line = firstAtLeast(prepared.lineStarts, offset + 1);
  return { line, column: offset - prepared.lineStarts[line - 1] + 1 };
}

const BLOCK_TAG = /^\{\{~?\s*([#^/])\s*>?\s*([^\s}~]+)/;

/**
 * Where the author left something open, for a parse error Handlebars reports where it gave up
 * (the end of the template, or the next line the open expression runs into): the first `{{` whose
 * expression another `{{` interrupts or that is never closed, else the last block opened
 * (`{{#each}}`, `{{^if}}`) that is never closed. Undefined when neither is found.
 */
export function unclosedOpening(prepared: PreparedSource): { line: number; column: number } | undefined {
  const source = withoutMarkers(prepared.text);
  const blocks: { name: string; offset: number }[] = [];
  let index = 0;
  while (index < source.length) {
    const open = source.indexOf('{{', index);
    if (open === -1) break;
    if (open > 0 && source[open - 1] === '\\') {
      index = open + 2;
      continue;
    }
    if (source.startsWith('{{!--', open)) {
      const end = source.indexOf('--}}', open + 5);
      if (end === -1) return positionOf(prepared, open);
      index = end + 4;
      continue;
    }
    const close = source.indexOf('}}', open + 2);
    const next = source.indexOf('{{', open + 2);
    if (close === -1 || (next !== -1 && next < close && !source.startsWith('{{!', open)))
      return positionOf(prepared, open);
    const tag = BLOCK_TAG.exec(source.slice(open, close + 2));
    if (tag?.[1] === '/') {
      const opened = blocks.findLastIndex((block) => block.name === tag[2]);
      if (opened !== -1) blocks.splice(opened);
    } else if (tag) blocks.push({ name: tag[2], offset: open });
    index = close + 2;
  }
  const last = blocks.at(-1);
  return last === undefined ? undefined : positionOf(prepared, last.offset);
}
