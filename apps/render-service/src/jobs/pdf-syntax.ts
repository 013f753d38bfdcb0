/**
 * PDF's object syntax (ISO 32000-1, 7.2 and 7.3) as far as merging render-service's PDFs needs it:
 * a lexer, a parser of values, and a writer that puts a value back with its references renumbered.
 * Numbers and strings keep the bytes they were written with, so a merge copies them exactly; a
 * string is one token, so a URI or a title that reads `1 0 R` is never taken for a reference.
 */

/** A PDF that breaks the syntax: what was expected, and at which byte. */
export class PdfSyntaxError extends Error {
  override readonly name = 'PdfSyntaxError';
}

export interface PdfNumber {
  readonly kind: 'number';
  readonly value: number;
  /** As written (`0.5`, `-12`), to be written back so. */
  readonly text: string;
}

export interface PdfName {
  readonly kind: 'name';
  /** Without the slash, `#xx` escapes decoded. */
  readonly name: string;
}

export interface PdfString {
  readonly kind: 'string';
  /** As written, delimiters included: `(a \) b)` or `<FEFF0041>`, one character per byte. */
  readonly text: string;
}

/** `true`, `false` or `null`. */
export interface PdfConstant {
  readonly kind: 'constant';
  readonly text: 'true' | 'false' | 'null';
}

export interface PdfReference {
  readonly kind: 'reference';
  readonly number: number;
  readonly generation: number;
}

export interface PdfArray {
  readonly kind: 'array';
  readonly items: readonly PdfValue[];
}

export interface PdfDictionary {
  readonly kind: 'dictionary';
  /** By key, without the slash; in the order written. */
  readonly entries: ReadonlyMap<string, PdfValue>;
}

export type PdfValue =
  PdfNumber | PdfName | PdfString | PdfConstant | PdfReference | PdfArray | PdfDictionary;

export type TokenKind = 'number' | 'name' | 'string' | 'keyword' | '[' | ']' | '<<' | '>>' | 'end';

export interface Token {
  readonly kind: TokenKind;
  /** The token's bytes are [start, end). */
  readonly start: number;
  readonly end: number;
}

const isWhitespace = (byte: number): boolean =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;

/** `( ) < > [ ] { } / %` */
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

const isRegular = (byte: number): boolean => !isWhitespace(byte) && !DELIMITERS.has(byte);

const isHexDigit = (byte: number): boolean =>
  (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66);

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const UNSIGNED_INTEGER = /^\d+$/;

const BACKSLASH = 0x5c;
const OPEN_PARENTHESIS = 0x28;
const CLOSE_PARENTHESIS = 0x29;
const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;
const PERCENT = 0x25;

/** Nesting deeper than this is refused rather than followed: pdfkit nests three or four levels. */
const MAX_DEPTH = 100;

/** Reads a PDF's bytes token by token from `position`, which the reader may move (to skip a stream). */
export class PdfLexer {
  /** The bytes as text, one character per byte: decoded once, sliced for each token (cheaply). */
  private readonly latin1: string;

  constructor(
    readonly bytes: Uint8Array,
    public position = 0,
  ) {
    this.latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  }

  /** The bytes [start, end) as text, one character per byte. */
  text(start: number, end: number): string {
    return this.latin1.slice(start, end);
  }

  next(): Token {
    this.skipWhitespaceAndComments();
    const start = this.position;
    const end = this.tokenEnd(start);
    this.position = end;
    return { kind: this.kindOf(start, end), start, end };
  }

  /** The next token, which must be `kind` (and read `text`, when given). */
  expect(kind: TokenKind, text?: string): Token {
    const token = this.next();
    if (token.kind !== kind || (text !== undefined && this.text(token.start, token.end) !== text))
      throw this.error(`expected ${text ?? kind}`, token);
    return token;
  }

  error(expected: string, token: Token): PdfSyntaxError {
    const found =
      token.kind === 'end'
        ? 'the end of the file'
        : JSON.stringify(this.text(token.start, token.end).slice(0, 20));
    return new PdfSyntaxError(`${expected} at byte ${token.start}, found ${found}`);
  }

  private skipWhitespaceAndComments(): void {
    const { bytes } = this;
    while (this.position < bytes.length) {
      const byte = bytes[this.position];
      if (byte === PERCENT) {
        while (this.position < bytes.length && bytes[this.position] !== 0x0a && bytes[this.position] !== 0x0d)
          this.position += 1;
      } else if (isWhitespace(byte)) this.position += 1;
      else return;
    }
  }

  private tokenEnd(start: number): number {
    const { bytes } = this;
    if (start >= bytes.length) return start;
    const byte = bytes[start];
    if (byte === OPEN_PARENTHESIS) return this.literalStringEnd(start);
    if (byte === LESS_THAN) return bytes[start + 1] === LESS_THAN ? start + 2 : this.hexStringEnd(start);
    if (byte === GREATER_THAN) {
      if (bytes[start + 1] === GREATER_THAN) return start + 2;
      throw new PdfSyntaxError(`a lone '>' at byte ${start}`);
    }
    if (byte === 0x5b || byte === 0x5d) return start + 1;
    if (byte === 0x2f) return this.regularEnd(start + 1);
    if (DELIMITERS.has(byte))
      throw new PdfSyntaxError(`an unexpected '${String.fromCharCode(byte)}' at byte ${start}`);
    return this.regularEnd(start);
  }

  private regularEnd(from: number): number {
    let end = from;
    while (end < this.bytes.length && isRegular(this.bytes[end])) end += 1;
    return end;
  }

  /**
   * A literal string ends at the parenthesis that balances its first: parentheses nest, and a
   * backslash escapes the byte after it (`\)`, `\\`, or the first digit of an octal escape).
   */
  private literalStringEnd(start: number): number {
    const { bytes } = this;
    let depth = 0;
    for (let index = start; index < bytes.length; index += 1) {
      const byte = bytes[index];
      if (byte === BACKSLASH) index += 1;
      else if (byte === OPEN_PARENTHESIS) depth += 1;
      else if (byte === CLOSE_PARENTHESIS && --depth === 0) return index + 1;
    }
    throw new PdfSyntaxError(`the string that begins at byte ${start} does not end`);
  }

  private hexStringEnd(start: number): number {
    const { bytes } = this;
    for (let index = start + 1; index < bytes.length; index += 1) {
      const byte = bytes[index];
      if (byte === GREATER_THAN) return index + 1;
      if (!isWhitespace(byte) && !isHexDigit(byte))
        throw new PdfSyntaxError(
          `the hex string that begins at byte ${start} holds a non-hex byte at ${index}`,
        );
    }
    throw new PdfSyntaxError(`the hex string that begins at byte ${start} does not end`);
  }

  private kindOf(start: number, end: number): TokenKind {
    if (start === end) return 'end';
    const byte = this.bytes[start];
    if (byte === LESS_THAN) return this.bytes[start + 1] === LESS_THAN ? '<<' : 'string';
    if (byte === OPEN_PARENTHESIS) return 'string';
    if (byte === GREATER_THAN) return '>>';
    if (byte === 0x5b) return '[';
    if (byte === 0x5d) return ']';
    if (byte === 0x2f) return 'name';
    return NUMBER.test(this.text(start, end)) ? 'number' : 'keyword';
  }
}

/** A name's characters with its `#xx` escapes decoded. */
function decodeName(written: string): string {
  return written.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A name as PDF writes it: `#xx` for what is not a printable regular character, and for `#` itself. */
function encodeName(name: string): string {
  let written = '/';
  for (const character of name) {
    const code = character.charCodeAt(0);
    written +=
      code < 0x21 || code > 0x7e || code === 0x23 || !isRegular(code)
        ? `#${code.toString(16).padStart(2, '0')}`
        : character;
  }
  return written;
}

/** The value that begins at the lexer's position, the lexer left after it. */
export function parseValue(lexer: PdfLexer, depth = 0): PdfValue {
  if (depth > MAX_DEPTH)
    throw new PdfSyntaxError(`values nest deeper than ${MAX_DEPTH} levels at byte ${lexer.position}`);
  const token = lexer.next();
  const text = lexer.text(token.start, token.end);
  switch (token.kind) {
    case 'number':
      return referenceAfter(lexer, text) ?? { kind: 'number', value: Number(text), text };
    case 'name':
      return { kind: 'name', name: decodeName(text.slice(1)) };
    case 'string':
      return { kind: 'string', text };
    case '[':
      return parseArray(lexer, depth);
    case '<<':
      return parseDictionary(lexer, depth);
    case 'keyword':
      if (text === 'true' || text === 'false' || text === 'null') return { kind: 'constant', text };
      throw lexer.error('expected a value', token);
    case ']':
    case '>>':
    case 'end':
      throw lexer.error('expected a value', token);
  }
}

/** `12 0 R`: the reference whose number the lexer has just read, or undefined (the lexer left after it). */
function referenceAfter(lexer: PdfLexer, firstText: string): PdfReference | undefined {
  if (!UNSIGNED_INTEGER.test(firstText)) return undefined;
  const after = lexer.position;
  const second = lexer.next();
  const secondText = lexer.text(second.start, second.end);
  if (second.kind === 'number' && UNSIGNED_INTEGER.test(secondText)) {
    const third = lexer.next();
    if (third.kind === 'keyword' && lexer.text(third.start, third.end) === 'R')
      return { kind: 'reference', number: Number(firstText), generation: Number(secondText) };
  }
  lexer.position = after;
  return undefined;
}

function parseArray(lexer: PdfLexer, depth: number): PdfArray {
  const items: PdfValue[] = [];
  for (;;) {
    const position = lexer.position;
    if (lexer.next().kind === ']') return { kind: 'array', items };
    lexer.position = position;
    items.push(parseValue(lexer, depth + 1));
  }
}

function parseDictionary(lexer: PdfLexer, depth: number): PdfDictionary {
  const entries = new Map<string, PdfValue>();
  for (;;) {
    const key = lexer.next();
    if (key.kind === '>>') return { kind: 'dictionary', entries };
    if (key.kind !== 'name') throw lexer.error('expected a name (a key) or >>', key);
    entries.set(decodeName(lexer.text(key.start + 1, key.end)), parseValue(lexer, depth + 1));
  }
}

/** Every reference the value holds, in the order written. */
export function referencesIn(value: PdfValue): PdfReference[] {
  switch (value.kind) {
    case 'reference':
      return [value];
    case 'array':
      return value.items.flatMap(referencesIn);
    case 'dictionary':
      return [...value.entries.values()].flatMap(referencesIn);
    case 'number':
    case 'name':
    case 'string':
    case 'constant':
      return [];
  }
}

/** The value as PDF text (one character per byte), each reference given the number `renumber` says. */
export function writeValue(value: PdfValue, renumber: (reference: PdfReference) => number): string {
  switch (value.kind) {
    case 'number':
    case 'string':
    case 'constant':
      return value.text;
    case 'name':
      return encodeName(value.name);
    case 'reference':
      return `${renumber(value)} 0 R`;
    case 'array':
      return `[${value.items.map((item) => writeValue(item, renumber)).join(' ')}]`;
    case 'dictionary': {
      const entries = [...value.entries].map(
        ([key, entry]) => `${encodeName(key)} ${writeValue(entry, renumber)}`,
      );
      return `<< ${entries.join(' ')} >>`;
    }
  }
}
