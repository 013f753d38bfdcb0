import { RenderError } from '../common/render-error';

/**
 * The most nodes a document may lay out: every object, array and string of its content, header,
 * footer, background and watermark (a text node and its text are two, a table cell's text one, a
 * canvas vector and its type two). pdfmake holds every node's layout at once, a few KiB each: on
 * this machine a 192 MiB heap laid out 15,000 text nodes (30,000 counted) in 141 MiB, 12,000 table
 * rows of three cells (48,000) in 157 MiB and 80,000 canvas lines (160,000) in 166 MiB, so that a
 * worker's heap (RENDER_WORKER_HEAP_MB) holds any document within the bound, and the pod's memory
 * budget holds every worker at its worst (deploy/base/render-service/runtime.env). A letter is
 * some hundreds; a 20-page report of 600 table rows some 3,000.
 */
export const DOCUMENT_MAX_NODES = 40_000;

/** The SVG text a document may draw (pdfkit keeps every path of it while it draws). */
export const DOCUMENT_MAX_SVG_BYTES = 2 * 1024 * 1024;

/**
 * The most HTML elements an html or md template may write for a pdf. jsdom, html-to-pdfmake and
 * pdfmake take some 25 KiB of heap per element between them: 6,000 elements (a table of 2,000 rows
 * of two cells) took a 192 MiB heap to 153 MiB, 24,000 ran out of it. A letter has some dozens, a
 * 20-page report of 600 rows of four cells 3,000.
 */
export const MARKUP_MAX_ELEMENTS = 4_000;

/** An element's opening tag: `<` and a letter (closing tags, comments and text do not count). */
const OPENING_TAG = /<[a-z]/gi;

const LAID_OUT = ['content', 'header', 'footer', 'background', 'watermark'] as const;

/**
 * Refuses, before pdfmake lays it out, a document larger than a render may lay out: more nodes than
 * DOCUMENT_MAX_NODES, or more SVG text than DOCUMENT_MAX_SVG_BYTES (a 422 naming the limit). One
 * pass without recursion, stopping at the limit.
 */
export function checkDocumentSize(definition: Record<string, unknown>): void {
  const pending: unknown[] = LAID_OUT.map((name) => definition[name]);
  let nodes = 0;
  let svgBytes = 0;
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      nodes += 1;
    } else if (Array.isArray(value)) {
      nodes += 1;
      for (const item of value) pending.push(item);
    } else if (value !== null && typeof value === 'object') {
      nodes += 1;
      for (const [key, item] of Object.entries(value)) {
        if (key === 'svg' && typeof item === 'string') svgBytes += item.length;
        else pending.push(item);
      }
    }
    if (nodes > DOCUMENT_MAX_NODES)
      throw new RenderError(
        'DOCUMENT.TOO_LARGE',
        `The document has more than ${DOCUMENT_MAX_NODES.toLocaleString('en')} nodes (texts, table cells, ` +
          'canvas vectors and their parts) to lay out, more than a render may: a loop over the data may ' +
          'repeat more than intended, or split the document into several (a render job renders many).',
      );
    if (svgBytes > DOCUMENT_MAX_SVG_BYTES)
      throw new RenderError(
        'DOCUMENT.TOO_LARGE',
        `The document's SVG images hold more than ${DOCUMENT_MAX_SVG_BYTES / (1024 * 1024)} MiB of text, more ` +
          'than a render may draw.',
      );
  }
}

/** Refuses, before jsdom parses it, HTML with more elements than a render may lay out (a 422). */
export function checkMarkupSize(html: string): void {
  let elements = 0;
  OPENING_TAG.lastIndex = 0;
  while (OPENING_TAG.test(html)) {
    elements += 1;
    if (elements > MARKUP_MAX_ELEMENTS)
      throw new RenderError(
        'DOCUMENT.TOO_LARGE',
        `The HTML this template writes has more than ${MARKUP_MAX_ELEMENTS.toLocaleString('en')} elements, more ` +
          'than a PDF may be laid out from: a loop over the data may repeat more than intended, or split the ' +
          'document into several (a render job renders many).',
      );
  }
}
