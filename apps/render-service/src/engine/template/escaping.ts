import Handlebars from 'handlebars';

import type { InputFormat } from '../common/formats';

/** How `{{value}}` is written into a template of each input format. */
export type Escape = (value: unknown) => string;

/** What a value prints as, as in Handlebars: nothing for null and undefined, lists joined by commas. */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (Array.isArray(value)) return value.map(textOf).join(',');
  return Object.prototype.toString.call(value);
}

const JSON_SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

// Quotes, backslashes and controls as JSON requires inside a string; the structural characters
// too, as \u escapes: inside a string they read back unchanged, outside one (`"size": {{size}}`)
// they make the document invalid instead of adding members or elements to it.
// (`[^ -\uffff]` is every code unit below the space: the control characters.)
const JSON_UNSAFE = /["\\\u2028\u2029<>&{}[\],:]|[^ -\uffff]/g;

/** JSON string content, without the quotes. */
export function escapeJson(value: unknown): string {
  return textOf(value).replace(
    JSON_UNSAFE,
    (character) =>
      JSON_SHORT_ESCAPES[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** HTML text and attribute content, as Handlebars escapes it (& < > " ' ` =). */
export function escapeHtml(value: unknown): string {
  return Handlebars.Utils.escapeExpression(textOf(value));
}

// Every ASCII punctuation character may be backslash-escaped in CommonMark and then reads as
// itself, so no value can open emphasis, a link, a heading, a list, a table cell or raw HTML.
const MARKDOWN_PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;

/** Markdown text: punctuation escaped, line breaks read as spaces so no value starts a new block. */
export function escapeMarkdown(value: unknown): string {
  return textOf(value)
    .replace(MARKDOWN_PUNCTUATION, (character) => `\\${character}`)
    .replace(/\r\n?|\n|\u2028|\u2029/g, ' ');
}

/** Plain text has no structure to protect. */
export const escapeText: Escape = textOf;

export const ESCAPES: Readonly<Record<InputFormat, Escape>> = {
  json: escapeJson,
  html: escapeHtml,
  md: escapeMarkdown,
  txt: escapeText,
};
