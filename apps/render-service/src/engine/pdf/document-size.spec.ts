import { RenderError } from '../common/render-error';
import {
  checkDocumentSize,
  checkMarkupSize,
  DOCUMENT_MAX_NODES,
  DOCUMENT_MAX_SVG_BYTES,
  MARKUP_MAX_ELEMENTS,
} from './document-size';

/** A content of `count` nodes as counted: the array itself, then strings. */
const strings = (count: number): Record<string, unknown> => ({
  content: Array.from({ length: count - 1 }, () => 'Zeile'),
});

describe(checkDocumentSize.name, () => {
  it('passes a document of exactly the most nodes, and refuses one more, naming the limit', () => {
    expect(() => checkDocumentSize(strings(DOCUMENT_MAX_NODES))).not.toThrow();
    expect(() => checkDocumentSize(strings(DOCUMENT_MAX_NODES + 1))).toThrow(
      expect.objectContaining({
        code: 'DOCUMENT.TOO_LARGE',
        message: expect.stringContaining('40,000 nodes'),
      }),
    );
  });

  it('counts objects, arrays and strings of the content, header, footer, background and watermark, not numbers', () => {
    const vectors = (count: number) =>
      Array.from({ length: count }, () => ({ type: 'line', x1: 0, y1: 0, x2: 10, y2: 10 }));
    // A canvas vector is two (its object and its type); the content array and the canvas node and array three.
    const half = (DOCUMENT_MAX_NODES - 3) / 2;
    expect(() => checkDocumentSize({ content: [{ canvas: vectors(Math.floor(half)) }] })).not.toThrow();
    expect(() => checkDocumentSize({ content: [{ canvas: vectors(Math.floor(half) + 1) }] })).toThrow(
      RenderError,
    );
    const split = Math.floor(DOCUMENT_MAX_NODES / 2);
    expect(() =>
      checkDocumentSize({
        header: Array(split).fill('a'),
        footer: Array(split).fill('b'),
        info: { title: 'x' },
      }),
    ).toThrow(RenderError);
    // Document information and styles are not laid out: they do not count.
    expect(() =>
      checkDocumentSize({ content: 'x', styles: Array(DOCUMENT_MAX_NODES * 2).fill('s') }),
    ).not.toThrow();
  });

  it('refuses more SVG text than a render may draw', () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0L1 1"/>'.repeat(120_000)}</svg>`;
    expect(svg.length).toBeGreaterThan(DOCUMENT_MAX_SVG_BYTES);
    expect(() => checkDocumentSize({ content: [{ svg }] })).toThrow(
      expect.objectContaining({ message: expect.stringContaining('SVG images hold more than 2 MiB') }),
    );
    expect(() =>
      checkDocumentSize({ content: [{ svg: svg.slice(0, DOCUMENT_MAX_SVG_BYTES - 6) + '</svg>' }] }),
    ).not.toThrow();
  });

  it('walks a deep document without recursion', () => {
    let deep: unknown = 'leaf';
    for (let depth = 0; depth < 30_000; depth += 1) deep = [deep];
    expect(() => checkDocumentSize({ content: deep })).not.toThrow();
  });
});

describe(checkMarkupSize.name, () => {
  const rows = (count: number) => `<table>${'<tr><td>a</td></tr>'.repeat(count)}</table>`;

  it('passes HTML of the most elements, refuses one more, and counts opening tags only', () => {
    // The table, then two elements a row: 1,999 rows are 3,999 elements, 2,000 are 4,001.
    expect(MARKUP_MAX_ELEMENTS).toBe(4000);
    expect(() => checkMarkupSize(rows(1999))).not.toThrow();
    expect(() => checkMarkupSize(rows(2000))).toThrow(
      expect.objectContaining({
        code: 'DOCUMENT.TOO_LARGE',
        message: expect.stringContaining('4,000 elements'),
      }),
    );
    expect(() =>
      checkMarkupSize(`<p>${'a < b, </p> <!-- c --> '.repeat(MARKUP_MAX_ELEMENTS * 2)}</p>`),
    ).not.toThrow();
  });
});
