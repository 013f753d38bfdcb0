/**
 * The CSS box model of block elements in PDF output, which html-to-pdfmake does not map: padding,
 * borders per side, widths and `%` margins, `position: absolute`, page breaks. html-styles.ts
 * collects these declarations per element into a `BoxSpec` and marks the element (through
 * html-to-pdfmake's `data-pdfmake`); after the conversion `applyBoxes` rebuilds each marked node
 * with pdfmake's means: a one-cell table for padding and borders, columns for widths and `%`
 * margins (so a percentage stays one of the containing block's width, as in CSS),
 * `absolutePosition`, `pageBreak` and `unbreakable`.
 */

import { isPlainObject } from '@portal/http-context';

/** A length in points, or a percentage of the containing block's width. */
export type BoxLength = { readonly pt: number } | { readonly percent: number };

export type BorderStyle = 'solid' | 'dashed' | 'dotted';

export interface BorderSide {
  readonly width: number;
  readonly style: BorderStyle;
  readonly color: string;
}

export interface BoxSpec {
  /** Points, in pdfmake's order: left, top, right, bottom. */
  readonly padding?: readonly [number, number, number, number];
  /** Left, top, right, bottom; a side without a drawn border is undefined. */
  readonly border?: readonly [BorderSide?, BorderSide?, BorderSide?, BorderSide?];
  readonly marginLeft?: BoxLength;
  readonly marginRight?: BoxLength;
  readonly width?: BoxLength;
  /** From the page's top-left corner, in points. */
  readonly position?: { readonly x: number; readonly y: number };
  readonly pageBreak?: 'before' | 'after' | 'beforeAndAfter';
  readonly unbreakable?: boolean;
}

/** The member of `data-pdfmake` that marks a node: the index of its spec. */
export const BOX_MARK = '_cssBox';

/** CSS absolute units in points (1px = 0.75pt, 1in = 72pt); em and rem as html-to-pdfmake: 12pt. */
const POINTS: Readonly<Record<string, number>> = {
  pt: 1,
  px: 0.75,
  in: 72,
  cm: 72 / 2.54,
  mm: 72 / 25.4,
  q: 72 / 101.6,
  pc: 12,
  em: 12,
  rem: 12,
};

const LENGTH = /^(-?(?:\d+(?:\.\d+)?|\.\d+))(pt|px|in|cm|mm|q|pc|em|rem)?$/i;

/** A CSS length in points (a bare number is points, as html-to-pdfmake takes it); undefined otherwise. */
export function points(value: string): number | undefined {
  const match = LENGTH.exec(value.trim());
  if (!match) return undefined;
  const unit = (match[2] ?? 'pt').toLowerCase();
  return Math.round(Number(match[1]) * POINTS[unit] * 100) / 100;
}

const PERCENT = /^(\d+(?:\.\d+)?|\.\d+)%$/;

/** A length or a percentage; undefined for anything else (`auto`). */
export function boxLength(value: string): BoxLength | undefined {
  const percent = PERCENT.exec(value.trim());
  if (percent) return { percent: Number(percent[1]) };
  const pt = points(value);
  return pt === undefined ? undefined : { pt };
}

type Node = Record<string, unknown>;

/** pdfmake's width of a column: points, or a percentage as text. */
const columnWidth = (length: BoxLength): number | string =>
  'pt' in length ? length.pt : `${length.percent}%`;

const ZERO_MARGIN = [0, 0, 0, 0];

/** `dash` patterns of pdfmake for the dashed and dotted styles, scaled by the line's width. */
function lineStyle(side: BorderSide | undefined): { dash: { length: number; space: number } } | undefined {
  if (!side || side.style === 'solid') return undefined;
  const unit = Math.max(side.width, 0.5);
  return side.style === 'dashed'
    ? { dash: { length: 3 * unit, space: 2 * unit } }
    : { dash: { length: unit, space: unit } };
}

/**
 * The one-cell table that draws padding and borders around `inner`. Its layout answers per side,
 * so each side has its own width, style and colour (pdfmake's cell `border` has only one width).
 */
function paddedBox(inner: Node, spec: BoxSpec): Node {
  const [left, top, right, bottom] = spec.border ?? [];
  const [padLeft, padTop, padRight, padBottom] = spec.padding ?? [0, 0, 0, 0];
  const cell: Node = { ...inner, margin: ZERO_MARGIN };
  // A background fills the box, padding included, as in CSS.
  const fill = inner['background'];
  if (typeof fill === 'string') {
    cell['fillColor'] = fill;
    delete cell['background'];
  }
  const horizontal = (index: number) => (index === 0 ? top : bottom);
  const vertical = (index: number) => (index === 0 ? left : right);
  return {
    table: { widths: ['*'], body: [[cell]] },
    layout: {
      hLineWidth: (index: number) => horizontal(index)?.width ?? 0,
      vLineWidth: (index: number) => vertical(index)?.width ?? 0,
      hLineColor: (index: number) => horizontal(index)?.color ?? 'black',
      vLineColor: (index: number) => vertical(index)?.color ?? 'black',
      hLineStyle: (index: number) => lineStyle(horizontal(index)),
      vLineStyle: (index: number) => lineStyle(vertical(index)),
      paddingLeft: () => padLeft,
      paddingTop: () => padTop,
      paddingRight: () => padRight,
      paddingBottom: () => padBottom,
    },
  };
}

/** `inner` in a row of columns that gives it its width and its `%` margins. */
function widthColumns(inner: Node, spec: BoxSpec): Node {
  const columns: Node[] = [];
  if (spec.marginLeft) columns.push({ width: columnWidth(spec.marginLeft), text: '' });
  columns.push({ width: spec.width ? columnWidth(spec.width) : '*', stack: [inner] });
  // The rest of the line stays empty, as beside a block narrower than its container.
  if (spec.width) columns.push({ width: '*', text: '' });
  if (spec.marginRight) columns.push({ width: columnWidth(spec.marginRight), text: '' });
  return { columns, columnGap: 0 };
}

const SINGLE_MARGINS = ['marginLeft', 'marginTop', 'marginRight', 'marginBottom'] as const;

/**
 * The node's margin as pdfmake reads it (`margin`, then `marginLeft` ... over it), taken out of
 * the node; undefined when it has none.
 */
function takeMargin(node: Node): unknown[] | undefined {
  const { margin } = node;
  delete node['margin'];
  let result: unknown[] | undefined = Array.isArray(margin)
    ? [...(margin as unknown[])]
    : typeof margin === 'number'
      ? [margin, margin, margin, margin]
      : undefined;
  SINGLE_MARGINS.forEach((key, index) => {
    if (node[key] === undefined) return;
    result ??= [0, 0, 0, 0];
    result[index] = node[key];
    delete node[key];
  });
  return result;
}

/** One marked node rebuilt; its own margins move to the outermost node. */
function boxed(node: Node, spec: BoxSpec): Node {
  const hasBox = spec.padding !== undefined || spec.border !== undefined;
  const hasColumns =
    spec.width !== undefined || spec.marginLeft !== undefined || spec.marginRight !== undefined;
  let outer: Node = node;
  if (hasBox || hasColumns) {
    const inner: Node = { ...node };
    const margin = takeMargin(inner);
    outer = hasBox ? paddedBox(inner, spec) : { ...inner, margin: ZERO_MARGIN };
    if (hasColumns) outer = widthColumns(outer, spec);
    if (margin !== undefined) outer['margin'] = margin;
  }
  // pdfmake honours these on any node: taken out of the flow, a new page, kept on one page.
  if (spec.position) outer['absolutePosition'] = spec.position;
  if (spec.pageBreak) outer['pageBreak'] = spec.pageBreak;
  if (spec.unbreakable) outer['unbreakable'] = true;
  return outer;
}

/**
 * Rebuilds every node html-to-pdfmake marked with a spec's index, depth first (a box in a box).
 * Marks that name no spec (an author's own `data-pdfmake`) are removed and change nothing.
 */
export function applyBoxes(content: unknown, specs: readonly BoxSpec[], depth = 0): unknown {
  // Nothing marked: the tree stays as it is, uncopied (most documents, every Markdown one).
  if (depth > 500 || specs.length === 0) return content;
  if (Array.isArray(content)) return content.map((item) => applyBoxes(item, specs, depth + 1));
  if (!isPlainObject(content)) return content;
  // A table's data-pdfmake lands on its `table` member: the mark is the whole node's.
  const table = content['table'];
  const tableMark = isPlainObject(table) ? table[BOX_MARK] : undefined;
  const node: Node = {};
  for (const [key, value] of Object.entries(content)) {
    if (key === 'layout' || key === 'absolutePosition') node[key] = value;
    else if (key === 'table' && isPlainObject(value) && BOX_MARK in value) {
      const { [BOX_MARK]: _mark, ...rest } = value;
      node[key] = applyBoxes(rest, specs, depth + 1);
    } else node[key] = applyBoxes(value, specs, depth + 1);
  }
  const mark = node[BOX_MARK] ?? tableMark;
  if (mark === undefined) return node;
  delete node[BOX_MARK];
  const spec = typeof mark === 'number' ? specs[mark] : undefined;
  return spec ? boxed(node, spec) : node;
}
