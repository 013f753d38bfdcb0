/** The template paths a render found no value for (engine/template/missing-values.ts), comma-separated. */
export const MISSING_HEADER = 'X-Render-Missing';
/** How many paths found no value: more than `X-Render-Missing` lists when that was capped. */
export const MISSING_COUNT_HEADER = 'X-Render-Missing-Count';

/** At most this many paths in `X-Render-Missing`, the first ones missed... */
export const MISSING_HEADER_MAX_PATHS = 20;
/** ...and at most this many characters. */
export const MISSING_HEADER_MAX_LENGTH = 1000;

const SEPARATOR = ', ';

/**
 * A path as a header shows it: printable ASCII as it is; `%`, `,` and every other character
 * percent-encoded in UTF-8 (`Straße` is `Stra%C3%9Fe`), so that any path fits a header and the
 * list splits at its commas.
 */
export function headerPath(path: string): string {
  let encoded = '';
  for (const character of path) {
    const code = character.codePointAt(0) as number;
    encoded +=
      code > 0x20 && code < 0x7f && character !== '%' && character !== ','
        ? character
        : [...new TextEncoder().encode(character)]
            .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
            .join('');
  }
  return encoded;
}

/**
 * The value of `X-Render-Missing`: the paths in the order they were first missed, as many as fit
 * in MISSING_HEADER_MAX_PATHS and MISSING_HEADER_MAX_LENGTH (a path that does not fit ends the
 * list); undefined when none fits.
 */
export function missingHeaderValue(paths: readonly string[]): string | undefined {
  let value = '';
  let count = 0;
  for (const path of paths) {
    if (count === MISSING_HEADER_MAX_PATHS) break;
    const next = count === 0 ? headerPath(path) : `${value}${SEPARATOR}${headerPath(path)}`;
    if (next.length > MISSING_HEADER_MAX_LENGTH) break;
    value = next;
    count += 1;
  }
  return count === 0 ? undefined : value;
}
