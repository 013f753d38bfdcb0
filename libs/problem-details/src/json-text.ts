import { quoteInput } from './caller-input';

/** Where JSON text stops being JSON, and why, in this service's words (never V8's message). */
export interface JsonSyntaxProblem {
  /** 1-based. */
  readonly line: number;
  readonly column: number;
  readonly reason: string;
  /** Up to 40 characters of the text around the place, whitespace runs as one space. */
  readonly excerpt: string;
}

const EXCERPT_REACH = 20;

const describeCharacter = (character: string): string => {
  const code = character.codePointAt(0) as number;
  if (character === "'") return "' (strings and names are in double quotes)";
  if (code >= 0x20 && code < 0x7f) return `'${character}'`;
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
};

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const NUMBER_CONTINUES = /[\w.+-]/;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const HEX4 = /^[0-9a-fA-F]{4}$/;
const LITERALS = ['true', 'false', 'null'];

type Expecting = 'value' | 'first-value' | 'key' | 'first-key' | 'colon' | 'separator' | 'end';

class SyntaxProblem {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {}
}

/** The offset past the string that starts at `start` (a double quote). */
function scanString(text: string, start: number): number | SyntaxProblem {
  for (let index = start + 1; index < text.length; index += 1) {
    const character = text[index];
    if (character === '"') return index + 1;
    if (character === '\\') {
      const escaped = text[index + 1];
      if (escaped === 'u') {
        if (!HEX4.test(text.slice(index + 2, index + 6)))
          return new SyntaxProblem(index, 'a \\u escape needs four hexadecimal digits');
        index += 5;
      } else if (escaped !== undefined && ESCAPES.has(escaped)) {
        index += 1;
      } else {
        return new SyntaxProblem(
          index,
          `${escaped === undefined ? 'a lone \\' : `\\${describeCharacter(escaped)}`} is not an escape of JSON (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)`,
        );
      }
    } else if (character.charCodeAt(0) < 0x20) {
      return new SyntaxProblem(
        index,
        `a control character (${describeCharacter(character)}) inside a string must be escaped (\\n for a line break)`,
      );
    }
  }
  return new SyntaxProblem(start, 'a string is not closed with "');
}

/** The offset past the value that starts at `index`, or what is wrong there. */
function scanScalar(text: string, index: number): number | SyntaxProblem {
  const character = text[index];
  if (character === '"') return scanString(text, index);
  if (character === '-' || (character >= '0' && character <= '9')) {
    NUMBER.lastIndex = index;
    const match = NUMBER.exec(text);
    const end = match ? index + match[0].length : index;
    if (!match || NUMBER_CONTINUES.test(text[end] ?? ''))
      return new SyntaxProblem(index, 'a number is malformed (JSON numbers are like -12, 0.5 or 1e3)');
    return end;
  }
  const literal = LITERALS.find((word) => text.startsWith(word, index));
  if (literal) return index + literal.length;
  return new SyntaxProblem(
    index,
    `expected a value (an object, array, string, number, true, false or null), found ${describeCharacter(character)}`,
  );
}

/** Why text that ends here is not JSON yet. */
function endProblem(index: number, expecting: Expecting, unclosed: number): SyntaxProblem {
  if (unclosed === 0) return new SyntaxProblem(index, 'the text holds no JSON value');
  const still = `${unclosed} ${unclosed === 1 ? 'object or array is' : 'objects or arrays are'} not closed`;
  const where: Record<Exclude<Expecting, 'end'>, string> = {
    value: 'where a value is expected',
    'first-value': 'where a value is expected',
    key: 'where a property name is expected',
    'first-key': 'where a property name is expected',
    colon: "where ':' is expected",
    separator: 'early',
  };
  return new SyntaxProblem(index, `the text ends ${where[expecting as Exclude<Expecting, 'end'>]}: ${still}`);
}

/** The first place where `text` is not JSON, scanned in one pass without recursion. */
function firstProblem(text: string): SyntaxProblem | undefined {
  const open: Array<'{' | '['> = [];
  let expecting: Expecting = 'value';
  let index = 0;
  const afterValue = (): Expecting => (open.length === 0 ? 'end' : 'separator');
  for (;;) {
    while (index < text.length && ' \t\n\r'.includes(text[index])) index += 1;
    if (index >= text.length)
      return expecting === 'end' ? undefined : endProblem(index, expecting, open.length);
    const character = text[index];
    switch (expecting) {
      case 'first-value':
      case 'value': {
        if (character === ']' || character === '}') {
          if (expecting === 'first-value' && character === ']') {
            open.pop();
            index += 1;
            expecting = afterValue();
            break;
          }
          // A value is expected after ',' in an array or after ':' in an object: say which.
          const after = text.slice(0, index).trimEnd().at(-1);
          return new SyntaxProblem(
            index,
            expecting === 'value' && after === ','
              ? `expected a value after ',', found ${describeCharacter(character)} (a trailing comma is not JSON)`
              : expecting === 'value' && after === ':'
                ? `expected a value after ':', found ${describeCharacter(character)}`
                : `expected a value, found ${describeCharacter(character)}`,
          );
        }
        if (character === '{' || character === '[') {
          open.push(character);
          index += 1;
          expecting = character === '{' ? 'first-key' : 'first-value';
          break;
        }
        const end = scanScalar(text, index);
        if (end instanceof SyntaxProblem) return end;
        index = end;
        expecting = afterValue();
        break;
      }
      case 'first-key':
      case 'key': {
        if (character === '}' && expecting === 'first-key') {
          open.pop();
          index += 1;
          expecting = afterValue();
          break;
        }
        if (character !== '"')
          return new SyntaxProblem(
            index,
            character === '}'
              ? "expected a property name after ',', found '}' (a trailing comma is not JSON)"
              : `expected a property name in double quotes, found ${describeCharacter(character)}`,
          );
        const end = scanString(text, index);
        if (end instanceof SyntaxProblem) return end;
        index = end;
        expecting = 'colon';
        break;
      }
      case 'colon':
        if (character !== ':')
          return new SyntaxProblem(
            index,
            `expected ':' after a property name, found ${describeCharacter(character)}`,
          );
        index += 1;
        expecting = 'value';
        break;
      case 'separator': {
        const inObject = open[open.length - 1] === '{';
        const close = inObject ? '}' : ']';
        if (character === ',') {
          index += 1;
          expecting = inObject ? 'key' : 'value';
        } else if (character === close) {
          open.pop();
          index += 1;
          expecting = afterValue();
        } else {
          return new SyntaxProblem(
            index,
            `expected ',' or '${close}' after ${inObject ? 'a property value' : 'an array element'}, ` +
              `found ${describeCharacter(character)}`,
          );
        }
        break;
      }
      case 'end':
        return new SyntaxProblem(
          index,
          `found ${describeCharacter(character)} after the JSON value: the text holds one value`,
        );
    }
  }
}

/** 1-based line and column of `offset`. */
function positionOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = text.indexOf('\n'); index >= 0 && index < offset; index = text.indexOf('\n', index + 1)) {
    line += 1;
    lineStart = index + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Where and why `text` is not JSON, or undefined when it is: for text JSON.parse has refused, so
 * that a problem explains it in words of its own (contract 5: never the parser's message). Linear.
 */
export function jsonSyntaxProblem(text: string): JsonSyntaxProblem | undefined {
  const problem = firstProblem(text);
  if (!problem) return undefined;
  const excerpt = text
    .slice(Math.max(0, problem.offset - EXCERPT_REACH), problem.offset + EXCERPT_REACH)
    .replace(/\s+/g, ' ');
  return { ...positionOf(text, problem.offset), reason: problem.reason, excerpt };
}

/** `at line 1, column 9: expected ... (near '...')`, for the detail of text JSON.parse refused. */
export function describeJsonSyntax(text: string): string {
  const problem = jsonSyntaxProblem(text);
  // Not reached for text JSON.parse refuses; said plainly should the two ever disagree.
  return problem ? describeJsonSyntaxProblem(problem) : '(where, could not be told)';
}

/** describeJsonSyntax of a problem already found (the scan is linear, but a body may be megabytes). */
export function describeJsonSyntaxProblem({ line, column, reason, excerpt }: JsonSyntaxProblem): string {
  const near = excerpt.trim() === '' ? '' : ` (near ${quoteInput(excerpt)})`;
  return `at line ${line}, column ${column}: ${reason}${near}`;
}
