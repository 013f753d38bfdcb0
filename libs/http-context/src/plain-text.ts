import { registerDecorator } from 'class-validator';

/** C0 controls, DEL and C1 controls: Unicode's general category Cc. */
const isControlCharacter = (codePoint: number): boolean =>
  codePoint <= 0x1f || (codePoint >= 0x7f && codePoint <= 0x9f);

/** The length as PostgreSQL counts it (code points), so that a validator and `varchar(n)` agree. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _character of text) count += 1;
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
