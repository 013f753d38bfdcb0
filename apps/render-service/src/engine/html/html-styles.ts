import type { DomDocument, DomElement } from 'jsdom';
import type juiceFunction from 'juice';

import { headerSafe, type RenderWarnings } from '../common/render-warnings';
import { BOX_MARK, type BorderSide, type BorderStyle, boxLength, type BoxSpec, points } from './html-box';
import { findStartTag } from './html-tags';

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
const LENGTH = /^-?(\d+(\.\d+)?|\.\d+)(pt|px|em|rem|cm|mm|q|pc|in)?$/i;
// Units html-to-pdfmake does not know (mm, q, pc) or rounds to whole points (cm, in): given it in points.
const CONVERTED_LENGTH = /^-?(\d+(\.\d+)?|\.\d+)(cm|mm|q|pc|in)$/i;
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
 * removed is named in a warning. `font-family` becomes the installed family it designates. The
 * box model of block elements (html-box.ts) is taken out of the styles: each element that has one
 * is marked with the index of its spec in the list returned.
 */
export function reduceStyles(
  document: DomDocument,
  fonts: readonly string[],
  defaultFont: string,
  warnings: RenderWarnings,
): BoxSpec[] {
  const boxes: BoxSpec[] = [];
  for (const link of document.querySelectorAll('link')) {
    if (!/(^|\s)stylesheet(\s|$)/i.test(link.getAttribute('rel') ?? '')) continue;
    warnings.add('css:link', 'stylesheets linked with <link> are not loaded');
    link.remove();
  }
  // Left by juice (data-embed) or inside the body: html-to-pdfmake would print their text.
  for (const style of document.querySelectorAll('style')) style.remove();
  for (const element of document.querySelectorAll('[style]')) {
    const box = reduceStyle(element, fonts, defaultFont, warnings);
    if (box && mark(element, { [BOX_MARK]: boxes.length })) boxes.push(box);
  }
  withoutUndeclaredCellBorders(document);
  return boxes;
}

/**
 * HTML draws no line around a table cell unless CSS asks for one (or the table's `border`
 * attribute does, which draws every cell's), while pdfmake's default table layout draws every
 * line: each cell whose CSS declares no border (reduceStyle marked none) is marked with none, so
 * that the PDF draws the lines the HTML output shows, no more.
 */
function withoutUndeclaredCellBorders(document: DomDocument): void {
  for (const cell of document.querySelectorAll('td, th')) {
    const frame = cell.closest('table')?.getAttribute('border');
    if (frame !== undefined && frame !== null && frame.trim() !== '0') continue;
    if (/"border"\s*:/.test(cell.getAttribute('data-pdfmake') ?? '')) continue;
    mark(cell, { border: [false, false, false, false] });
  }
}

/**
 * Adds members to an element's node through html-to-pdfmake's `data-pdfmake` (merged into the
 * node), keeping what the author wrote there; false when that is not a JSON object (then
 * html-to-pdfmake would ignore the attribute, and the members reach no node).
 */
function mark(element: DomElement, added: Record<string, unknown>): boolean {
  const own = element.getAttribute('data-pdfmake');
  let members: Record<string, unknown> = {};
  if (own !== null) {
    try {
      const parsed: unknown = JSON.parse(own.replace(/'/g, '"'));
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return false;
      members = parsed as Record<string, unknown>;
    } catch {
      return false;
    }
  }
  element.setAttribute('data-pdfmake', JSON.stringify({ ...members, ...added }));
  return true;
}

/** A length in a unit html-to-pdfmake reads: cm, mm, q, pc and in become points. */
const pdfLengths = (value: string): string =>
  value
    .split(/\s+/)
    .map((part) => (CONVERTED_LENGTH.test(part) ? `${points(part)}pt` : part))
    .join(' ');

function reduceStyle(
  element: DomElement,
  fonts: readonly string[],
  defaultFont: string,
  warnings: RenderWarnings,
): BoxSpec | undefined {
  const tag = element.tagName.toLowerCase();
  const kept: string[] = [];
  const box = BOX_ELEMENTS.has(tag) || CELLS.includes(tag) ? new BoxDeclarations(tag, warnings) : undefined;
  const declarations = declarationsOf(element.getAttribute('style') ?? '');
  for (let index = 0; index < declarations.length; index += 1) {
    const declaration = declarations[index];
    const { property, value } = declaration;
    if (property === 'margin' && tag !== 'html' && tag !== 'head' && tag !== 'body') {
      // As longhands: html-to-pdfmake drops the shorthand on elements it gives margins of its own (p, h1).
      const sides = fourSides(value);
      if (!sides || !Object.values(sides).every((side) => isLength(side) || (box && PERCENT.test(side))))
        unsupportedValue(declaration, tag, warnings);
      else
        declarations.splice(
          index + 1,
          0,
          ...SIDE_NAMES.map((side) => ({ property: `margin-${side}`, value: sides[side] })),
        );
      continue;
    }
    const taken = box?.take(declaration);
    if (taken) {
      // What a shorthand leaves to the usual path (the length sides of `margin: 0 0 0 55%`).
      declarations.splice(index + 1, 0, ...taken);
      continue;
    }
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
    else kept.push(`${property}: ${pdfLengths(value)}`);
  }
  if (kept.length > 0) element.setAttribute('style', kept.join('; '));
  else element.removeAttribute('style');
  if (!box?.cell) return box?.spec();
  const sides = box.cellBorders();
  if (sides) mark(element, sides);
  return undefined;
}

/**
 * Elements whose box html-box.ts draws: the blocks html-to-pdfmake makes a node of. A table's
 * `width` stays html-to-pdfmake's (a percentage of the text width); its cells keep their borders.
 */
const BOX_ELEMENTS = new Set([
  'div',
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'main',
  'nav',
  'address',
  'blockquote',
  'pre',
  'ul',
  'ol',
  'table',
]);

const SIDE_NAMES = ['top', 'right', 'bottom', 'left'] as const;
type SideName = (typeof SIDE_NAMES)[number];
/** pdfmake's order of sides: left, top, right, bottom. */
const PDFMAKE_ORDER: readonly SideName[] = ['left', 'top', 'right', 'bottom'];

const BORDER_STYLES = new Set([
  'none',
  'hidden',
  'solid',
  'dashed',
  'dotted',
  'double',
  'groove',
  'ridge',
  'inset',
  'outset',
]);
/** Styles drawn as themselves; the others (double, groove, ...) are drawn solid, with a warning. */
const DRAWN_STYLES = new Set(['solid', 'dashed', 'dotted']);
// CSS: thin, medium, thick are 1px, 3px, 5px.
const BORDER_WIDTHS: Readonly<Record<string, number>> = { thin: 0.75, medium: 2.25, thick: 3.75 };
const BREAKS = new Set(['always', 'page', 'left', 'right', 'recto', 'verso']);

/** CSS's 1 to 4 values of a shorthand as top, right, bottom, left; undefined for 5 or more. */
function fourSides(value: string): Record<SideName, string> | undefined {
  const parts = value.trim().split(/\s+/);
  if (parts.length > 4 || parts[0] === '') return undefined;
  const [top, right = top, bottom = top, left = right] = parts;
  return { top, right, bottom, left };
}

const borderWidth = (value: string): number | undefined => {
  const keyword = BORDER_WIDTHS[value.toLowerCase()];
  if (keyword !== undefined) return keyword;
  const pt = points(value);
  return pt === undefined || pt < 0 ? undefined : pt;
};

interface BorderParts {
  width?: number;
  style?: string;
  color?: string;
}

/** `1px solid #ccc` in any order; undefined when a part is none of width, style and colour. */
function borderShorthand(value: string): BorderParts | undefined {
  const parts: BorderParts = {};
  // Colours with spaces inside parentheses stay one part.
  for (const part of value.trim().match(/[a-z-]+\([^)]*\)|\S+/gi) ?? []) {
    const width = borderWidth(part);
    if (width !== undefined && parts.width === undefined) parts.width = width;
    else if (BORDER_STYLES.has(part.toLowerCase()) && parts.style === undefined)
      parts.style = part.toLowerCase();
    else if (isColour(part) && parts.color === undefined) parts.color = part;
    else return undefined;
  }
  return parts;
}

/**
 * The box-model declarations of one block element, in their order (a later one overrides an
 * earlier, as in a style attribute), and the spec they make.
 */
class BoxDeclarations {
  private readonly padding: Partial<Record<SideName, number>> = {};
  private readonly borders: Record<SideName, BorderParts> = { top: {}, right: {}, bottom: {}, left: {} };
  private readonly margins: Partial<Record<'left' | 'right', string>> = {};
  private width?: string;
  private position?: string;
  private readonly offsets: Partial<Record<SideName, string>> = {};
  private before?: boolean;
  private after?: boolean;
  private avoidInside?: boolean;
  private color?: string;

  /** A table cell: only its borders are taken, drawn by pdfmake's cell `border` and `borderColor`. */
  readonly cell: boolean;

  constructor(
    private readonly tag: string,
    private readonly warnings: RenderWarnings,
  ) {
    this.cell = CELLS.includes(tag);
  }

  /**
   * Takes a declaration of the box model: the declarations left to the usual path (none, or the
   * longhands of a shorthand), or undefined when it is not one of them.
   */
  take(declaration: Declaration): Declaration[] | undefined {
    const { property, value } = declaration;
    const lower = value.toLowerCase();
    if (property === 'color') this.color = value;
    if (this.cell)
      return property.startsWith('border-collapse')
        ? undefined
        : property.startsWith('border')
          ? this.takeBorder(declaration)
          : undefined;
    if (property === 'margin-left' || property === 'margin-right') {
      const side = property === 'margin-left' ? 'left' : 'right';
      this.margins[side] = value;
      // Lengths are html-to-pdfmake's; a percentage is a column (html-box.ts).
      return value.trim().endsWith('%') ? (boxLength(value) ? [] : this.refuse(declaration)) : undefined;
    }
    if ((property === 'margin-top' || property === 'margin-bottom') && value.trim().endsWith('%'))
      return this.refuse(declaration);
    if (property === 'padding') {
      const sides = fourSides(value);
      if (!sides || !SIDE_NAMES.every((side) => (points(sides[side]) ?? -1) >= 0))
        return this.refuse(declaration);
      return SIDE_NAMES.map((side) => ({ property: `padding-${side}`, value: sides[side] }));
    }
    const padding = /^padding-(top|right|bottom|left)$/.exec(property);
    if (padding) {
      const pt = points(value);
      if (pt === undefined || pt < 0) return this.refuse(declaration);
      this.padding[padding[1] as SideName] = pt;
      return [];
    }
    if (property.startsWith('border')) return this.takeBorder(declaration);
    if (property === 'width' && this.tag !== 'table') {
      if (lower === 'auto') this.width = undefined;
      else if (boxLength(value)) this.width = value;
      else return this.refuse(declaration);
      return [];
    }
    if (property === 'position') {
      if (!/^(static|absolute)$/.test(lower)) return this.refuse(declaration);
      this.position = lower;
      return [];
    }
    if (SIDE_NAMES.includes(property as SideName)) {
      this.offsets[property as SideName] = value;
      return [];
    }
    const pageBreak = /^(?:page-)?break-(before|after|inside)$/.exec(property);
    if (pageBreak) {
      const [, where] = pageBreak;
      if (where === 'inside') {
        if (!/^(auto|avoid|avoid-page)$/.test(lower)) return this.refuse(declaration);
        this.avoidInside = lower !== 'auto';
      } else {
        if (lower !== 'auto' && lower !== 'avoid' && !BREAKS.has(lower)) return this.refuse(declaration);
        if (where === 'before') this.before = BREAKS.has(lower);
        else this.after = BREAKS.has(lower);
      }
      return [];
    }
    return undefined;
  }

  /** `border`, `border-<side>`, `border-width|style|color`, `border-<side>-width|style|color`. */
  private takeBorder(declaration: Declaration): Declaration[] | undefined {
    const { property, value } = declaration;
    const match = /^border(?:-(top|right|bottom|left))?(?:-(width|style|color))?$/.exec(property);
    if (!match) return undefined;
    const [, side, part] = match as unknown as [string, SideName | undefined, keyof BorderParts | undefined];
    const sides = side ? [side] : SIDE_NAMES;
    if (!part) {
      // A shorthand resets what it leaves out to CSS's initial values (medium, none, the text colour).
      const parts = borderShorthand(value);
      if (!parts) return this.refuse(declaration);
      for (const name of sides) this.borders[name] = parts;
      return [];
    }
    const values = side ? { [side]: value } : fourSides(value);
    if (!values) return this.refuse(declaration);
    for (const name of sides) {
      const given = values[name];
      if (part === 'width') {
        const width = borderWidth(given);
        if (width === undefined) return this.refuse(declaration);
        this.borders[name] = { ...this.borders[name], width };
      } else if (part === 'style') {
        if (!BORDER_STYLES.has(given.toLowerCase())) return this.refuse(declaration);
        this.borders[name] = { ...this.borders[name], style: given.toLowerCase() };
      } else {
        if (!isColour(given)) return this.refuse(declaration);
        this.borders[name] = { ...this.borders[name], color: given };
      }
    }
    return [];
  }

  private refuse(declaration: Declaration): [] {
    unsupportedValue(declaration, this.tag, this.warnings);
    return [];
  }

  private border(side: SideName): BorderSide | undefined {
    const { width = BORDER_WIDTHS['medium'], style = 'none', color } = this.borders[side];
    if (style === 'none' || style === 'hidden' || width === 0) return undefined;
    if (!DRAWN_STYLES.has(style))
      this.warnings.addDetail(
        `css:border-style:${style}`,
        (elements) => `CSS border-style ${style} is drawn solid in PDF (on ${elements.join(', ')})`,
        this.tag,
      );
    const drawn: BorderStyle = DRAWN_STYLES.has(style) ? (style as BorderStyle) : 'solid';
    return {
      width,
      style: drawn,
      color: color ?? (this.color && isColour(this.color) ? this.color : 'black'),
    };
  }

  /**
   * A cell's sides as pdfmake draws them: a line (of the table layout's width) on each side whose
   * border has a style and a width, in its colour; undefined when no border was declared.
   */
  cellBorders(): { border: boolean[]; borderColor: string[] } | undefined {
    if (PDFMAKE_ORDER.every((side) => Object.keys(this.borders[side]).length === 0)) return undefined;
    const sides = PDFMAKE_ORDER.map((side) => this.border(side));
    return {
      border: sides.map((side) => side !== undefined),
      borderColor: sides.map((side) => side?.color ?? 'black'),
    };
  }

  /** The spec, or undefined when the declarations ask for nothing html-box.ts draws. */
  spec(): BoxSpec | undefined {
    const spec: {
      -readonly [K in keyof BoxSpec]: BoxSpec[K];
    } = {};
    if (Object.keys(this.padding).length > 0)
      spec.padding = PDFMAKE_ORDER.map((side) => this.padding[side] ?? 0) as [number, number, number, number];
    const borders = PDFMAKE_ORDER.map((side) => this.border(side));
    if (borders.some((side) => side !== undefined))
      spec.border = borders as [BorderSide?, BorderSide?, BorderSide?, BorderSide?];
    for (const side of ['left', 'right'] as const) {
      const margin = this.margins[side];
      const length = margin?.trim().endsWith('%') ? boxLength(margin) : undefined;
      if (length) spec[side === 'left' ? 'marginLeft' : 'marginRight'] = length;
    }
    if (this.width) spec.width = boxLength(this.width);
    this.positionInto(spec);
    if (this.before || this.after)
      spec.pageBreak = this.before && this.after ? 'beforeAndAfter' : this.before ? 'before' : 'after';
    if (this.avoidInside) spec.unbreakable = true;
    return Object.keys(spec).length > 0 ? spec : undefined;
  }

  /** `position: absolute` from the page's top-left corner by `top` and `left`, both lengths. */
  private positionInto(spec: { position?: BoxSpec['position'] }): void {
    const offsets = SIDE_NAMES.filter((side) => this.offsets[side] !== undefined);
    if (this.position !== 'absolute') {
      for (const side of offsets) unsupported(side, this.tag, this.warnings);
      return;
    }
    const x = this.offsets.left === undefined ? undefined : points(this.offsets.left);
    const y = this.offsets.top === undefined ? undefined : points(this.offsets.top);
    for (const side of ['right', 'bottom'] as const)
      if (this.offsets[side] !== undefined) unsupported(side, this.tag, this.warnings);
    if (x === undefined || y === undefined) {
      this.warnings.addDetail(
        'css:position:absolute',
        (elements) =>
          `CSS position: absolute needs top and left as lengths in PDF (on ${elements.join(', ')})`,
        this.tag,
      );
      return;
    }
    spec.position = { x, y };
  }
}
