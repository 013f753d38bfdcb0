import Handlebars from 'handlebars';

import type { OutputFormat } from '../engine/common/formats';

/** The longest `fileName` template a job may give. */
export const FILE_NAME_TEMPLATE_MAX_LENGTH = 500;
/** The longest name an item's file gets, in characters, its extension included. */
const FILE_NAME_MAX_LENGTH = 150;

/** Characters no file system of a client takes in a name, and control characters. */
const UNSAFE = /[\p{Cc}/\\:*?"<>|]/gu;

/** Handlebars without HTML escaping (a name is not markup), its own helpers only, no partials. */
const names = Handlebars.create();

/** Why `template` cannot name files, or undefined when it can. */
export function fileNameTemplateProblem(template: string): string | undefined {
  try {
    names.precompile(template, { knownHelpersOnly: true, noEscape: true, strict: false });
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n', 1)[0] : 'it does not compile';
    return `fileName is not a Handlebars template that compiles: ${message.slice(0, 150)}`;
  }
}

/**
 * The file name of each item of a `zip` result (contract 10): `template` (Handlebars over the item,
 * `{{@index}}` its place from 0) written for each, made safe for any file system (separators and
 * control characters become `_`), given the output's extension, and made unique (`-2`, `-3`...).
 * Without a template, or where it writes nothing, `item-00001.pdf` and so on.
 */
export function fileNamesOf(
  template: string | undefined,
  items: readonly unknown[],
  outputFormat: OutputFormat,
): string[] {
  const write =
    template === undefined
      ? undefined
      : names.compile(template, { knownHelpersOnly: true, noEscape: true, strict: false });
  const width = String(items.length).length;
  const taken = new Map<string, number>();
  return items.map((item, index) => {
    const written = write ? safeName(write(item, { data: { index } })) : '';
    const base = written === '' ? `item-${String(index + 1).padStart(Math.max(5, width), '0')}` : written;
    const name = withExtension(base, outputFormat);
    return unique(name, taken);
  });
}

function safeName(text: string): string {
  const cleaned = text
    .replace(UNSAFE, '_')
    .replace(/^[\s.]+|[\s.]+$/gu, '')
    .trim();
  return [...cleaned].slice(0, FILE_NAME_MAX_LENGTH - 5).join('');
}

function withExtension(name: string, outputFormat: OutputFormat): string {
  const extension = `.${outputFormat}`;
  return name.toLowerCase().endsWith(extension) ? name : `${name}${extension}`;
}

/** `name`, or `name-2.ext` and so on when a name the same but for case was given before. */
function unique(name: string, taken: Map<string, number>): string {
  const key = name.toLowerCase();
  const seen = taken.get(key) ?? 0;
  taken.set(key, seen + 1);
  if (seen === 0) return name;
  const dot = name.lastIndexOf('.');
  const candidate = `${name.slice(0, dot)}-${seen + 1}${name.slice(dot)}`;
  return unique(candidate, taken);
}
