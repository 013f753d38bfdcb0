import type { DomDocument, DomElement } from 'jsdom';
import type juiceFunction from 'juice';

import { findStartTag } from './html-tags';
import { headerSafe, type RenderWarnings } from './render-warnings';

/**
 * CSS of html templates on their way to a PDF. A browser applies `<style>` blocks and class rules;
 * html-to-pdfmake reads only `style` attributes, and of those only what pdfmake can draw. So the
 * document's CSS is first inlined into its elements (juice, which fetches nothing), then every
 * declaration is checked against what the PDF output honours: kept if it is, removed with a
 * warning if it is not, so nothing is dropped silently.
 */

const JUICE_OPTIONS: juiceFunction.Options = {
  removeStyleTags: true,
  // What cannot be inlined is reported below, not kept: the PDF would not apply it either.
  preserveMediaQueries: false,
  preserveFontFaces: false,
  preserveKeyFrames: false,
  preservePseudos: false,
  insertPreservedExtraCss: false,
  inlinePseudoElements: false,
  // No width/height/align attributes besides the styles: the styles alone are checked and honoured.
  applyWidthAttributes: false,
  applyHeightAttributes: false,
  applyAttributesTableElements: false,
  resolveCSSVariables: true,
};

// Loaded on first use, like the DOM: a worker that renders only JSON templates never needs it.
let juice: typeof juiceFunction | undefined;

/** Inlines the CSS of `<style>` blocks into the elements' `style` attributes. */
export async function inlineCss(html: string, warnings: RenderWarnings): Promise<string> {
  if (!/<style[\s>]/i.test(html)) return html;
  for (const block of styleBlocks(html)) reportUnappliedRules(block, warnings);
  juice ??= (await import('juice')).default;
  return juice(html, JUICE_OPTIONS);
}

/**
 * The text of each `<style>` element (before juice removes them), in one pass: a lazy
 * `<style>([\s\S]*?)</style>` reads to the end from each `<style>` that nothing closes.
 */
export function styleBlocks(html: string): string[] {
  const blocks: string[] = [];
  const closing = /<\/style\s*>/gi;
  for (let tag = findStartTag(html, 'style'); tag; tag = findStartTag(html, 'style', closing.lastIndex)) {
    closing.lastIndex = tag.end;
    const close = closing.exec(html);
    // Unclosed: no later element is closed either.
    if (!close) break;
    blocks.push(html.slice(tag.end, close.index));
  }
  return blocks;
}

/** CSS without its comments, each a space; an unclosed one stays (as no later one closes). */
function withoutComments(css: string): string {
  let text = '';
  let from = 0;
  for (let open = css.indexOf('/*'); open !== -1; open = css.indexOf('/*', from)) {
    const close = css.indexOf('*/', open + 2);
    if (close === -1) break;
    text += `${css.slice(from, open)} `;
    from = close + 2;
  }
  return text + css.slice(from);
}

// Pseudo-classes juice leaves out (they describe interaction) and pseudo-elements it cannot inline.
const DYNAMIC_PSEUDO = /:(hover|active|focus|focus-within|focus-visible|visited|link|target)\b/gi;
const PSEUDO_ELEMENT = /::?(before|after|first-line|first-letter|marker|selection|placeholder)\b/gi;

/**
 * Names what a style block holds that no element receives: at-rules (`@media`, `@page`,
 * `@font-face`, `@import`, ...), selectors with interaction pseudo-classes or pseudo-elements, and
 * malformed blocks. A small scanner of top-level statements, quotes and nesting respected.
 */
export function reportUnappliedRules(css: string, warnings: RenderWarnings): void {
  const text = withoutComments(css);
  let depth = 0;
  let prelude = '';
  let quote: string | undefined;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quote) {
      if (char === '\\') index += 1;
      else if (char === quote) quote = undefined;
      if (depth === 0) prelude += char;
      continue;
    }
    if (char === '"' || char === "'") {
      quote = char;
      if (depth === 0) prelude += char;
    } else if (char === '{') {
      if (depth === 0) {
        reportStatement(prelude.trim(), warnings);
        prelude = '';
      }
      depth += 1;
    } else if (char === '}') {
      if (depth === 0) warnings.add('css:malformed', 'a <style> block is malformed (unbalanced braces)');
      else depth -= 1;
    } else if (char === ';' && depth === 0) {
      // A statement at-rule: @import, @charset, @namespace, @layer a, b;
      if (prelude.trim().startsWith('@')) reportStatement(prelude.trim(), warnings);
      prelude = '';
    } else if (depth === 0) prelude += char;
  }
  if (depth !== 0 || quote) warnings.add('css:malformed', 'a <style> block is malformed (unbalanced braces)');
}

function reportStatement(prelude: string, warnings: RenderWarnings): void {
  if (prelude.startsWith('@')) {
    const name = /^@[-a-z]+/i.exec(prelude)?.[0].toLowerCase() ?? '@';
    if (name === '@charset') return;
    warnings.add(`css:at:${name}`, `CSS ${name} rules are not applied in PDF`);
    return;
  }
  for (const pattern of [DYNAMIC_PSEUDO, PSEUDO_ELEMENT]) {
    for (const match of prelude.matchAll(pattern)) {
      const pseudo = match[0].toLowerCase();
      warnings.add(`css:pseudo:${pseudo}`, `CSS rules for ${pseudo} are not applied in PDF`);
    }
  }
}

/** One `property: value` of a style attribute. */
export interface Declaration {
  readonly property: string;
  readonly value: string;
}

/** The declarations of a style attribute, split on `;` outside quotes and parentheses. */
export function declarationsOf(style: string): Declaration[] {
  const parts: string[] = [];
  let current = '';
  let quote: string | undefined;
  let parentheses = 0;
  for (const char of style) {
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(') parentheses += 1;
    else if (char === ')') parentheses = Math.max(0, parentheses - 1);
    else if (char === ';' && parentheses === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  parts.push(current);
  return parts.flatMap((part) => {
    const colon = part.indexOf(':');
    if (colon < 0) return part.trim() === '' ? [] : [{ property: part.trim().toLowerCase(), value: '' }];
    return [
      {
        property: part.slice(0, colon).trim().toLowerCase(),
        value: part
          .slice(colon + 1)
          .replace(/!\s*important\s*$/i, '')
          .trim(),
      },
    ];
  });
}

// Values as html-to-pdfmake converts them (anything else it drops or passes on unconverted).
const LENGTH = /^-?(\d+(\.\d+)?|\.\d+)(pt|px|em|rem|cm|in)?$/i;
const PERCENT = /^(\d+(\.\d+)?|\.\d+)%$/;
const HEX_COLOUR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB_COLOUR = /^rgba?\(\s*\d+(\.\d+)?%?,\s*\d+(\.\d+)?%?,\s*\d+(\.\d+)?%?(,\s*\d+(\.\d+)?)?\)$/i;
const HSL_COLOUR = /^hsl\(\d+(\.\d+)?%?,\s*\d+(\.\d+)?%,\s*\d+(\.\d+)?%\)$/i;
const NOT_A_COLOUR_NAME = new Set([
  'transparent',
  'currentcolor',
  'inherit',
  'initial',
  'unset',
  'revert',
  'none',
]);
const FONT_SIZE_KEYWORDS = new Set([
  'xx-small',
  'x-small',
  'small',
  'medium',
  'large',
  'x-large',
  'xx-large',
  'xxx-large',
]);
const LIST_TYPES: Record<string, ReadonlySet<string>> = {
  ul: new Set(['disc', 'circle', 'square', 'none']),
  ol: new Set(['decimal', 'lower-alpha', 'upper-alpha', 'lower-roman', 'upper-roman', 'none']),
};
// Elements html-to-pdfmake makes italic or decorated by default; `normal`/`none` does not undo it.
const ITALIC_ELEMENTS = new Set(['em', 'i']);
const DECORATED_ELEMENTS = new Set(['a', 'u', 'del', 's', 'strike']);

export const isColour = (value: string): boolean =>
  HEX_COLOUR.test(value) ||
  RGB_COLOUR.test(value) ||
  HSL_COLOUR.test(value) ||
  (/^[a-z]+$/i.test(value) && !NOT_A_COLOUR_NAME.has(value.toLowerCase()));

const isLength = (value: string): boolean => LENGTH.test(value);
const CELLS = ['td', 'th'];

interface Support {
  /** The elements it has an effect on; every element when absent. */
  readonly on?: readonly string[];
  /** The values it honours; every value when absent. */
  readonly value?: (value: string, element: string) => boolean;
}

const cellBorder: Support = { on: CELLS };

/**
 * The CSS the PDF output honours, as html-to-pdfmake maps it onto pdfmake (README "CSS in PDF
 * output"). `font-family` and `background` are handled apart (installed fonts; a colour only).
 */
export const SUPPORTED_CSS: ReadonlyMap<string, Support> = new Map<string, Support>([
  ['color', { value: isColour }],
  ['background-color', { value: (value) => isColour(value) || value.toLowerCase() === 'transparent' }],
  ['font-size', { value: (value) => isLength(value) || FONT_SIZE_KEYWORDS.has(value.toLowerCase()) }],
  ['font-weight', { value: (value) => /^(normal|bold|[1-9]00)$/i.test(value) }],
  [
    'font-style',
    {
      value: (value, element) =>
        value.toLowerCase() === 'italic' ||
        (value.toLowerCase() === 'normal' && !ITALIC_ELEMENTS.has(element)),
    },
  ],
  ['text-align', { value: (value) => /^(left|right|center|justify)$/i.test(value) }],
  [
    'text-decoration',
    {
      value: (value, element) =>
        /^(underline|line-through|overline)$/i.test(value) ||
        (value.toLowerCase() === 'none' && !DECORATED_ELEMENTS.has(element)),
    },
  ],
  ['text-indent', { value: isLength }],
  ['line-height', { value: (value) => isLength(value) || PERCENT.test(value) }],
  ['white-space', { value: (value) => /^(normal|nowrap|pre|pre-wrap|pre-line|break-spaces)$/i.test(value) }],
  [
    'margin',
    {
      value: (value) => {
        const parts = value.split(/\s+/);
        // `auto` (centring) has no pdfmake equivalent: html-to-pdfmake would make it 0.
        return parts.length <= 4 && parts.every(isLength);
      },
    },
  ],
  ['margin-top', { value: isLength }],
  ['margin-right', { value: isLength }],
  ['margin-bottom', { value: isLength }],
  ['margin-left', { value: isLength }],
  ['opacity', { value: (value) => /^(0|1|0?\.\d+|1\.0+)$/.test(value) }],
  ['display', { value: (value) => value.toLowerCase() === 'none' }],
  ['visibility', { value: (value) => /^(hidden|visible)$/i.test(value) }],
  [
    'width',
    {
      on: ['img', 'td', 'th', 'table', 'col'],
      value: (value, element) =>
        element === 'table' || element === 'col'
          ? PERCENT.test(value)
          : element === 'img'
            ? isLength(value)
            : isLength(value) || PERCENT.test(value) || value.toLowerCase() === 'auto',
    },
  ],
  ['height', { on: ['img', 'td', 'th'], value: isLength }],
  ['border', cellBorder],
  ['border-top', cellBorder],
  ['border-right', cellBorder],
  ['border-bottom', cellBorder],
  ['border-left', cellBorder],
  ['border-color', cellBorder],
  ['border-width', cellBorder],
  ['border-top-color', cellBorder],
  ['border-right-color', cellBorder],
  ['border-bottom-color', cellBorder],
  ['border-left-color', cellBorder],
  ['border-top-width', cellBorder],
  ['border-right-width', cellBorder],
  ['border-bottom-width', cellBorder],
  ['border-left-width', cellBorder],
  // pdfmake draws a table's borders collapsed, which is what this asks for.
  ['border-collapse', { on: ['table'], value: (value) => value.toLowerCase() === 'collapse' }],
  [
    'list-style-type',
    { on: ['ul', 'ol'], value: (value, element) => LIST_TYPES[element]?.has(value.toLowerCase()) ?? false },
  ],
  [
    'list-style',
    { on: ['ul', 'ol'], value: (value, element) => LIST_TYPES[element]?.has(value.toLowerCase()) ?? false },
  ],
]);

/**
 * On `<body>` only what descendants inherit takes effect (the page's margins are
 * `rendererOptions.pageMargins`); on `<html>` nothing does (html-to-pdfmake starts at the body).
 */
const INHERITED = new Set([
  'color',
  'font-size',
  'font-weight',
  'font-style',
  'font-family',
  'text-align',
  'line-height',
  'white-space',
  'display',
  'visibility',
]);

const normalFamily = (name: string): string => name.toLowerCase().replace(/[\s_-]+/g, '');
// The default font is a sans-serif, so these are honoured by it.
const SANS_SERIF = new Set([
  'sans-serif',
  'system-ui',
  '-apple-system',
  'blinkmacsystemfont',
  'ui-sans-serif',
]);

/** A family of `fonts` that a CSS name designates, matched without case, spaces or dashes. */
export function installedFamily(name: string, fonts: readonly string[]): string | undefined {
  const wanted = normalFamily(name);
  return fonts.find((family) => normalFamily(family) === wanted);
}

/** `font-family: "A", B, sans-serif` as the first installed family, or the default font. */
function fontFamilyOf(
  value: string,
  fonts: readonly string[],
  defaultFont: string,
  warnings: RenderWarnings,
): string {
  const names = value
    .split(',')
    .map((name) =>
      name
        .trim()
        .replace(/^(["'])(.*)\1$/, '$2')
        .trim(),
    )
    .filter((name) => name !== '');
  for (const name of names) {
    const family = installedFamily(name, fonts);
    if (family) return family;
  }
  if (!names.some((name) => SANS_SERIF.has(name.toLowerCase())))
    warnings.add(
      `css:font:${normalFamily(value)}`,
      `font-family '${headerSafe(names[0] ?? value, 40)}' is not installed, ${defaultFont} is used`,
    );
  return defaultFont;
}

const safeName = (name: string): string =>
  /^-?-?[a-z][a-z0-9-]*$/.test(name) ? name : `'${headerSafe(name, 30)}'`;

function unsupported(property: string, element: string, warnings: RenderWarnings): void {
  warnings.addDetail(
    `css:property:${property}`,
    (elements) => `CSS ${safeName(property)} is not supported in PDF (on ${elements.join(', ')})`,
    headerSafe(element, 20),
  );
}

function unsupportedValue(declaration: Declaration, element: string, warnings: RenderWarnings): void {
  const shown = `${safeName(declaration.property)}: ${headerSafe(declaration.value, 40)}`;
  warnings.addDetail(
    `css:value:${declaration.property}:${declaration.value}`,
    (elements) => `CSS ${shown} is not supported in PDF (on ${elements.join(', ')})`,
    headerSafe(element, 20),
  );
}

/**
 * Reduces every style attribute of the document to the declarations the PDF honours; each one
 * removed is named in a warning. `font-family` becomes the installed family it designates.
 */
export function reduceStyles(
  document: DomDocument,
  fonts: readonly string[],
  defaultFont: string,
  warnings: RenderWarnings,
): void {
  for (const link of document.querySelectorAll('link')) {
    if (!/(^|\s)stylesheet(\s|$)/i.test(link.getAttribute('rel') ?? '')) continue;
    warnings.add('css:link', 'stylesheets linked with <link> are not loaded');
    link.remove();
  }
  // Left by juice (data-embed) or inside the body: html-to-pdfmake would print their text.
  for (const style of document.querySelectorAll('style')) style.remove();
  for (const element of document.querySelectorAll('[style]'))
    reduceStyle(element, fonts, defaultFont, warnings);
}

function reduceStyle(
  element: DomElement,
  fonts: readonly string[],
  defaultFont: string,
  warnings: RenderWarnings,
): void {
  const tag = element.tagName.toLowerCase();
  const kept: string[] = [];
  for (const declaration of declarationsOf(element.getAttribute('style') ?? '')) {
    const { property, value } = declaration;
    // Custom properties: juice has put their values where var() used them.
    if (property.startsWith('--')) continue;
    if (tag === 'html' || tag === 'head' || (tag === 'body' && !INHERITED.has(property))) {
      unsupported(property, tag, warnings);
      continue;
    }
    if (property === 'font-family') {
      kept.push(`font-family: ${fontFamilyOf(value, fonts, defaultFont, warnings)}`);
      continue;
    }
    if (property === 'background') {
      // Only a plain colour: an image, gradient or position has no pdfmake equivalent.
      if (isColour(value)) kept.push(`background-color: ${value}`);
      else unsupportedValue(declaration, tag, warnings);
      continue;
    }
    const support = SUPPORTED_CSS.get(property);
    if (!support || (support.on && !support.on.includes(tag))) unsupported(property, tag, warnings);
    else if (support.value && !support.value(value, tag)) unsupportedValue(declaration, tag, warnings);
    else kept.push(`${property}: ${value}`);
  }
  if (kept.length > 0) element.setAttribute('style', kept.join('; '));
  else element.removeAttribute('style');
}
