import { registerDecorator } from 'class-validator';

/** C0 controls, DEL and C1 controls: Unicode's general category Cc. */
const isControlCharacter = (codePoint: number): boolean =>
  codePoint <= 0x1f || (codePoint >= 0x7f && codePoint <= 0x9f);

/** The length as PostgreSQL counts it (code points), so that a validator and `varchar(n)` agree. */
export function characterCount(text: string): number {
  // UTF-16 units less one per surrogate pair (a lone surrogate counts as one, as `for...of` has it).
  let count = text.length;
  for (let index = 1; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xdc00 && unit <= 0xdfff) {
      const previous = text.charCodeAt(index - 1);
      if (previous >= 0xd800 && previous <= 0xdbff) {
        count -= 1;
        index += 1;
      }
    }
  }
  return count;
}

const codePointName = (codePoint: number): string =>
  `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Why `text` is not plain text of `min..max` characters without control characters (C0, DEL,
 * C1), or undefined when it is. The reason completes a sentence that begins with the property.
 */
export function plainTextProblem(text: string, min: number, max: number): string | undefined {
  const length = characterCount(text);
  if (length < min || length > max) {
    const bounds = min === max ? `exactly ${min}` : `${min}..${max}`;
    return `must be ${bounds} characters long (it has ${length})`;
  }
  let position = 0;
  for (const character of text) {
    position += 1;
    const codePoint = character.codePointAt(0) ?? 0;
    if (isControlCharacter(codePoint))
      return `must not contain control characters (${codePointName(codePoint)} at character ${position})`;
  }
  return undefined;
}

/**
 * The rule of free text, the names, labels, descriptions, addresses, messages and requesters that
 * people write and read: no control characters but tab, LF and CR, which text may lay out with.
 * DEL (U+007F) and the C1 controls (U+0080..U+009F) are refused as well: no text needs them, they
 * are what bytes decoded with the wrong charset (Windows-1252 read as Latin-1) leave behind, and a
 * terminal showing a log may take U+009B for the start of an escape sequence, as it takes ESC [.
 * Stated once, as a character class, for the validators and for the OpenAPI `pattern`.
 */
const REFUSED_IN_FREE_TEXT = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F';

/** Free text as a JSON Schema `pattern` (ECMA-262), for the OpenAPI documents. */
export const FREE_TEXT_PATTERN = `^[^${REFUSED_IN_FREE_TEXT}]*$`;

const REFUSED_CHARACTER = new RegExp(`[${REFUSED_IN_FREE_TEXT}]`);

/**
 * Why `text` is not free text, or undefined when it is; the reason completes a sentence that
 * begins with the property and names the first character refused. One pass over the text: a
 * search for one character class, and a count of the characters before it.
 */
export function freeTextProblem(text: string): string | undefined {
  const index = text.search(REFUSED_CHARACTER);
  if (index < 0) return undefined;
  return (
    `must not contain control characters other than tab, LF and CR ` +
    `(${codePointName(text.charCodeAt(index))} at character ${characterCount(text.slice(0, index)) + 1})`
  );
}

/**
 * A class-validator constraint from a rule that says why a string breaks it (a reason completing
 * "<property> ...") or undefined. Values that are not strings pass: `IsString` reports them.
 */
export const Satisfies =
  (constraint: string, rule: (value: string) => string | undefined): PropertyDecorator =>
  (target, propertyName) =>
    registerDecorator({
      name: constraint,
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || rule(value) === undefined,
        defaultMessage: (args) => `${args?.property ?? String(propertyName)} ${rule(String(args?.value))}`,
      },
    });

/**
 * Why `name` cannot be a record's name addressed as one URL path segment (percent-encoded), or
 * undefined: plain text of `min..max` characters (plainTextProblem), and not `.` or `..`, which
 * URL clients resolve as dot segments (also when written `%2E`), so the record could never be
 * read, updated or deleted.
 */
export function pathSegmentNameProblem(name: string, min: number, max: number): string | undefined {
  const text = plainTextProblem(name, min, max);
  if (text) return text;
  if (name === '.' || name === '..')
    return `cannot be '${name}': URL clients resolve it as a dot segment of the path, so it could not be addressed`;
  return undefined;
}
