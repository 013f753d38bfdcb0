import { isPlainObject } from '@portal/http-context';
import { echoInput, quoteValue } from '@portal/problem-details';

import { RenderError } from '../common/render-error';

/**
 * The shapes of a pdfmake document definition that pdfmake cannot lay out, found before it tries:
 * it would fail inside its own code with messages such as `Cannot read properties of undefined
 * (reading '_calcWidth')`, or loop for ever (a watermark whose text is a number). Each is answered
 * 422 naming the node's path and what the author can change. Only what pdfmake fails on is
 * refused: what it lays out, however odd, passes. Walks the nodes once (checkDocumentResources
 * has bounded their depth), following pdfmake's own order of node kinds.
 */

/** pdfmake's node kinds, in the order it recognises them (DocPreprocessor.preprocessNode). */
const CONTAINERS = ['columns', 'stack', 'ul', 'ol'] as const;
const LEAVES = ['toc', 'image', 'svg', 'canvas', 'qr', 'attachment'] as const;
const KINDS = 'text, stack, columns, ul, ol, table, image, svg, canvas, qr or toc';

/** Table layout members pdfmake calls as functions, which JSON cannot give. */
const LAYOUT_FUNCTIONS = [
  'hLineWidth',
  'vLineWidth',
  'hLineStyle',
  'vLineStyle',
  'paddingLeft',
  'paddingRight',
  'paddingTop',
  'paddingBottom',
] as const;

/** The numbers each kind of canvas vector needs. */
const VECTOR_NUMBERS: Readonly<Record<string, readonly string[]>> = {
  rect: ['x', 'y', 'w', 'h'],
  ellipse: ['x', 'y', 'r1', 'r2'],
  line: ['x1', 'y1', 'x2', 'y2'],
};

const WIDTH = /^(\*|auto|\d+(\.\d+)?%)$/;

type Node = Record<string, unknown>;

/** What pdfmake takes for a number: a number, or text that is one (it converts). */
const isNumeric = (value: unknown): boolean =>
  (typeof value === 'number' && Number.isFinite(value)) ||
  (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)));

/** A span as pdfmake counts it: `colSpan: 2.5` covers 3 columns; anything not above 1 none. */
const spanOf = (value: unknown): number => (value && Number(value) > 1 ? Math.ceil(Number(value)) : 1);

function refuse(path: string, problem: string): never {
  throw new RenderError('DOCUMENT.INVALID', `${echoInput(path)} ${problem}`);
}

function checkContainer(items: unknown, path: string): void {
  if (!Array.isArray(items)) refuse(path, 'must be a list of nodes.');
  items.forEach((item, index) => checkNode(item, `${path}[${index}]`));
}

function checkWidths(widths: unknown, columns: number, path: string): void {
  // pdfmake takes a missing (or falsy) `widths` as 'auto' for every column.
  if (!widths) return;
  const explain = "a list of one width per column (a number, '*', 'auto' or a percentage such as '25%')";
  if (typeof widths === 'string') {
    if (!WIDTH.test(widths)) refuse(path, `must be ${explain}, or one such width for every column.`);
    return;
  }
  if (!Array.isArray(widths)) refuse(path, `must be ${explain}.`);
  if (widths.length < columns)
    refuse(
      path,
      `has ${widths.length} widths for ${columns} columns (the cells of the first row): ${explain}.`,
    );
  widths.forEach((width, index) => {
    if (typeof width === 'string' && !WIDTH.test(width))
      refuse(`${path}[${index}]`, "must be a width: a number, '*', 'auto' or a percentage such as '25%'.");
  });
}

/**
 * Rows, cells and spans as pdfmake reads them: the first row sets the number of columns; every
 * row has a cell for each column not covered by a colSpan or rowSpan above or beside it, and
 * none past the last column; spans stay inside the table.
 */
function checkTable(table: unknown, path: string): void {
  if (!isPlainObject(table)) refuse(path, 'must be an object whose body is the list of rows.');
  const body = table['body'];
  if (!Array.isArray(body) || body.length === 0)
    refuse(`${path}.body`, 'must be a list of rows (each a list of cells), at least one.');
  body.forEach((row, index) => {
    if (!Array.isArray(row)) refuse(`${path}.body[${index}]`, 'must be a list of cells.');
  });
  const rows = body as unknown[][];
  const columns = rows[0].length;
  checkWidths(table['widths'], columns, `${path}.widths`);
  const headerRows = table['headerRows'];
  if (typeof headerRows === 'number' && headerRows > rows.length)
    refuse(`${path}.headerRows`, `is ${headerRows}, but the table has ${rows.length} rows.`);

  const covered = new Set<number>();
  const rule =
    `every row has one cell for ${columns === 1 ? 'the one column' : `each of the ${columns} columns`} of ` +
    'the first row (a colSpan or rowSpan covers cells, whose places hold empty placeholders such as {})';
  rows.forEach((row, rowIndex) => {
    const rowPath = `${path}.body[${rowIndex}]`;
    if (row.length > columns) refuse(rowPath, `has ${row.length} cells: ${rule}.`);
    for (let column = 0; column < columns; column += 1) {
      if (covered.has(rowIndex * columns + column)) continue;
      const cell = row[column];
      if (cell === undefined) refuse(rowPath, `has no cell for column ${column + 1}: ${rule}.`);
      const cellPath = `${rowPath}[${column}]`;
      const colSpan = isPlainObject(cell) ? spanOf(cell['colSpan']) : 1;
      const rowSpan = isPlainObject(cell) ? spanOf(cell['rowSpan']) : 1;
      if (column + colSpan > columns)
        refuse(
          `${cellPath}.colSpan`,
          `covers ${colSpan} columns from column ${column + 1}, past the table's ${columns}.`,
        );
      if (rowIndex + rowSpan > rows.length)
        refuse(
          `${cellPath}.rowSpan`,
          `covers ${rowSpan} rows from row ${rowIndex + 1}, past the table's ${rows.length}.`,
        );
      for (let down = 0; down < rowSpan; down += 1)
        for (let across = 0; across < colSpan; across += 1)
          if (down > 0 || across > 0) covered.add((rowIndex + down) * columns + column + across);
      checkNode(cell, cellPath);
    }
  });
}

function checkLayout(layout: unknown, path: string): void {
  if (!isPlainObject(layout)) return;
  for (const name of LAYOUT_FUNCTIONS)
    if (layout[name] !== undefined)
      refuse(
        `${path}.${name}`,
        "is a function in pdfmake, which a JSON document cannot give: use a named layout ('noBorders', " +
          "'headerLineOnly', 'lightHorizontalLines') or the cells' border, borderColor and fillColor.",
      );
}

function checkCanvas(vectors: unknown, path: string): void {
  if (!Array.isArray(vectors)) refuse(path, 'must be a list of vectors (rect, line, polyline, ellipse).');
  vectors.forEach((vector, index) => {
    const vectorPath = `${path}[${index}]`;
    if (!isPlainObject(vector))
      refuse(vectorPath, 'must be a vector: an object with a type (rect, line, polyline, ellipse).');
    const type = vector['type'];
    if (type === 'polyline') {
      const points = vector['points'];
      if (!Array.isArray(points)) refuse(`${vectorPath}.points`, 'must be a list of points {x, y}.');
      points.forEach((point, pointIndex) => {
        if (!isPlainObject(point) || !isNumeric(point['x']) || !isNumeric(point['y']))
          refuse(`${vectorPath}.points[${pointIndex}]`, 'must be a point {x, y} of two numbers.');
      });
      return;
    }
    // Other types pdfmake leaves out.
    if (typeof type !== 'string' || !Object.hasOwn(VECTOR_NUMBERS, type)) return;
    for (const name of VECTOR_NUMBERS[type])
      if (!isNumeric(vector[name]))
        refuse(
          `${vectorPath}.${name}`,
          `must be a number: a ${type} needs ${VECTOR_NUMBERS[type].join(', ')}.`,
        );
  });
}

function checkMargin(node: Node, path: string): void {
  const margin = node['margin'];
  const rule =
    'a margin is a number, or a list of 2 or 4 numbers ([horizontal, vertical] or [left, top, right, bottom]).';
  // Text, even "5", is added to positions as text by pdfmake and breaks the layout of what follows.
  const isNumber = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value);
  if (typeof margin === 'string') refuse(`${path}.margin`, `must be a number: ${rule}`);
  if (!Array.isArray(margin)) return;
  margin.forEach((value, index) => {
    if (!isNumber(value)) refuse(`${path}.margin[${index}]`, `must be a number: ${rule}`);
  });
}

function checkNode(node: unknown, path: string): void {
  if (Array.isArray(node)) return checkContainer(node, path);
  // Text, numbers, booleans, null and {} are text nodes to pdfmake.
  if (!isPlainObject(node) || Object.keys(node).length === 0) return;
  checkMargin(node, path);
  if (node['section']) return checkNode(node['section'], `${path}.section`);
  for (const container of CONTAINERS)
    if (node[container]) return checkContainer(node[container], `${path}.${container}`);
  if (node['table']) {
    checkLayout(node['layout'], `${path}.layout`);
    return checkTable(node['table'], `${path}.table`);
  }
  // Inline text (strings, or objects with their own text) lays out whatever it holds.
  if (node['text'] !== undefined) return;
  const leaf = LEAVES.find((kind) => node[kind]);
  if (leaf === 'canvas') return checkCanvas(node['canvas'], `${path}.canvas`);
  if (leaf === 'qr' && typeof node['qr'] !== 'string')
    refuse(`${path}.qr`, 'must be the text the QR code holds.');
  if (leaf !== undefined || node['pageReference'] || node['textReference']) return;
  refuse(path, `is not a node pdfmake knows: it needs one of ${KINDS}.`);
}

/** The watermark as pdfmake draws it: a text, or an object whose text is one. */
function checkWatermark(watermark: unknown): void {
  if (isPlainObject(watermark) && watermark['text'] !== undefined && typeof watermark['text'] !== 'string')
    refuse('watermark.text', 'must be a text.');
}

/**
 * Every textReference and pageReference names an id some node has (pdfmake fails inside its own
 * code on a textReference to nothing). Iterative: inline texts nest as deep as the document.
 */
function checkReferences(definition: Record<string, unknown>): void {
  const ids = new Set<unknown>();
  const references: Array<readonly [string, unknown]> = [];
  const pending: unknown[] = [definition];
  while (pending.length > 0) {
    const value = pending.pop();
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
      continue;
    }
    const node = value as Node;
    if (node['id']) ids.add(node['id']);
    for (const kind of ['textReference', 'pageReference'])
      if (node[kind]) references.push([kind, node[kind]]);
    for (const item of Object.values(node)) pending.push(item);
  }
  for (const [kind, id] of references)
    if (!ids.has(id))
      throw new RenderError(
        'DOCUMENT.INVALID',
        `A ${kind} of the document names the id ${quoteValue(id, 100)}, which no node of the document has.`,
      );
}

/** Refuses, by its path, the first node of `definition` that pdfmake could not lay out. */
export function checkDocumentStructure(definition: Record<string, unknown>): void {
  checkWatermark(definition['watermark']);
  for (const name of ['content', 'header', 'footer', 'background'] as const)
    if (definition[name] !== undefined) checkNode(definition[name], name);
  checkReferences(definition);
}
