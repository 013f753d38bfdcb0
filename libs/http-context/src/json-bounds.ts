/** Contract 5: JSON nested deeper than this is refused before anything walks it. */
export const MAX_BODY_DEPTH = 64;

/** How far a JSON text may reach: values in all, and levels of nesting. */
export interface JsonBounds {
  readonly maxElements: number;
  readonly maxDepth: number;
}

/** What measuring a JSON text found. */
export type JsonMeasure =
  | {
      readonly within: true;
      /** Values counted: every array item and object member, containers included. */
      readonly elements: number;
      /** Nothing but whitespace. */
      readonly empty: boolean;
      /**
       * A `\u0000` or `\uD800`-`\uDFFF` escape occurs: the only ways a JSON text that parses can
       * hold a NUL or a lone surrogate (raw control characters do not parse, and invalid UTF-8
       * decodes to U+FFFD), which the database cannot store as sent.
       */
      readonly unstorableEscapes: boolean;
    }
  | { readonly within: false; readonly exceeded: 'elements' | 'depth' };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const SPACE = 0x20;
const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const LOWER_U = 0x75;

const hexDigit = (code: number): number => {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
};

/** Whether the `\u` escape whose `u` is at `index` names U+0000 or a surrogate. */
function isUnstorableEscape(bytes: Buffer, index: number): boolean {
  let code = 0;
  for (let digit = 1; digit <= 4; digit += 1) {
    const value = hexDigit(bytes[index + digit]);
    if (value < 0) return false;
    code = code * 16 + value;
  }
  return code === 0 || (code >= 0xd800 && code <= 0xdfff);
}

/**
 * Counts the values of a JSON text (every array item and object member, containers included: an
 * upper bound that is exact but for one per empty container) and its depth, and stops at the first
 * bound passed, before JSON.parse builds anything: parsing amplifies (an empty object is 3 bytes of
 * text and 64 of heap), so bytes alone do not bound what a body becomes. Linear and allocation-free:
 * strings are skipped with native searches for their quote and escapes, so a 9.4 MB body of strings
 * is measured in a few milliseconds, where a maintained streaming tokenizer (@streamparser/json)
 * took 380 ms for 7.5 MB and JSON.parse itself 110 ms. The text is not validated here; JSON.parse
 * does that after.
 */
export function measureJson(bytes: Buffer, bounds: JsonBounds): JsonMeasure {
  const { maxElements, maxDepth } = bounds;
  const length = bytes.length;
  let elements = 1;
  let depth = 0;
  let empty = true;
  let unstorableEscapes = false;
  // The next quote and backslash at or after where the search is, found once each: rescanning
  // for them at every escape would be quadratic in a long string of escapes.
  let nextQuote = -1;
  let nextBackslash = -1;
  for (let index = 0; index < length; index += 1) {
    const code = bytes[index];
    if (code === SPACE || code === LINE_FEED || code === CARRIAGE_RETURN || code === TAB) continue;
    empty = false;
    switch (code) {
      case QUOTE: {
        // Skip the string: to its closing quote, past every escape before it.
        let from = index + 1;
        for (;;) {
          if (nextQuote < from) nextQuote = bytes.indexOf(QUOTE, from);
          if (nextQuote < 0) return { within: true, elements, empty, unstorableEscapes };
          if (nextBackslash < from && nextBackslash !== -2) {
            nextBackslash = bytes.indexOf(BACKSLASH, from);
            if (nextBackslash < 0) nextBackslash = -2;
          }
          if (nextBackslash === -2 || nextBackslash > nextQuote) break;
          if (bytes[nextBackslash + 1] === LOWER_U && isUnstorableEscape(bytes, nextBackslash + 1))
            unstorableEscapes = true;
          // The escaped character, a quote or a backslash among them, is part of the string.
          from = nextBackslash + 2;
        }
        index = nextQuote;
        break;
      }
      case COMMA:
        if (++elements > maxElements) return { within: false, exceeded: 'elements' };
        break;
      case OPEN_ARRAY:
      case OPEN_OBJECT:
        if (++depth > maxDepth) return { within: false, exceeded: 'depth' };
        if (++elements > maxElements) return { within: false, exceeded: 'elements' };
        break;
      case CLOSE_ARRAY:
      case CLOSE_OBJECT:
        depth -= 1;
        break;
    }
  }
  return { within: true, elements, empty, unstorableEscapes };
}

/** measureJson of JSON held as text (a property that carries JSON text, say). */
export const measureJsonText = (text: string, bounds: JsonBounds): JsonMeasure =>
  measureJson(Buffer.from(text, 'utf8'), bounds);
