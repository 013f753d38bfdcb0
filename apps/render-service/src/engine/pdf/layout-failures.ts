import { quoteInput } from '@portal/problem-details';

import { RenderError } from '../common/render-error';

/**
 * What pdfmake (and the pdfkit beneath it) throws while laying out a document, told in this
 * service's words: never the library's message, which may be internal (`Cannot read properties of
 * undefined (reading '_calcWidth')`) or repeat the document at length (contract 5).
 * document-structure.ts refuses most malformed documents before pdfmake sees them, with their
 * path; what still fails here is either a reason pdfmake states, put in words of ours, or a
 * failure inside the library, answered with the kind of node it was laying out and what to
 * check, the original kept for the service's log (RenderError's cause).
 */

/** pdfmake's own reasons, by their message: the author's to change. */
const STATED: ReadonlyArray<readonly [RegExp, (match: RegExpExecArray, fonts: readonly string[]) => string]> =
  [
    [
      /^Font '([^]*)' in style '[^']*' is not defined/,
      (match, fonts) =>
        `The document names the font ${quoteInput(match[1], 100)}, which is not installed; the fonts are ${fonts.join(', ')}.`,
    ],
    [
      /^(No image|Invalid image)/,
      () =>
        'An image of the document could not be read: an image is a PNG or JPEG file as a data: URI ' +
        '(base64), or the name of one in the images dictionary.',
    ],
    [
      /^(Invalid svg document|Invalid SVG document|Unexpected svg viewBox)/i,
      () =>
        'An SVG of the document could not be read: svg must be the text of an <svg> element with a valid viewBox.',
    ],
    [
      /^SVG is missing defined (width and height|width|height)/,
      (match) => `An SVG of the document has no ${match[1]}: give them on the node or on its <svg> element.`,
    ],
    [
      /too large data for the Qr format/,
      () =>
        'A QR code of the document cannot hold its text: it is too long for a QR code (or for the version it names).',
    ],
    [
      /^Page size .* not recognized/,
      () =>
        "The document's pageSize is not a page size pdfmake knows (A4, LETTER, LEGAL, A3, ...) nor {width, height}.",
    ],
    [
      /^Invalid pageMargins definition/,
      () => "The document's pageMargins must be a number or a list of 2 or 4 numbers.",
    ],
    [
      /^Page reference id not found/,
      () => 'A pageReference of the document names an id that no node of the document has.',
    ],
    [
      /^The document has no page (\S*)/,
      (match) =>
        `A link of the document goes to page ${quoteInput(match[1], 20)}, which the document does not have ` +
        '(a number as link is a page; a web address is a text).',
    ],
    [
      /^Node id '([^]*)' already exists/,
      (match) => `Two nodes of the document have the id ${quoteInput(match[1], 100)}: ids must be unique.`,
    ],
    [
      /^TOC '([^]*)' already exists/,
      (match) =>
        `Two tables of contents of the document have the id ${quoteInput(match[1], 100)}: ids must be unique.`,
    ],
    [
      /^Incorrect document structure, section node/,
      () => 'A section node may only stand at the top level of the content.',
    ],
    [
      /^Unknown decoration/,
      () => 'A decoration of the document is not one of underline, lineThrough or overline.',
    ],
    [
      /^(No attachment|The "src" key is required for attachments)/,
      () => 'An attachment of the document has no src: a file as a data: URI (base64).',
    ],
  ];

/** The kinds of node by the functions that lay them out, innermost first in a stack trace. */
const KINDS: ReadonlyArray<readonly [RegExp, string, string]> = [
  [
    /\b(measureTable|processTable|processRow|TableProcessor)\b/,
    'a table',
    'every row has one cell per column of the first row (placeholders where a colSpan or rowSpan covers), ' +
      "spans stay inside the table, and widths has one entry per column (a number, '*', 'auto' or 'N%')",
  ],
  [
    /\b(measureColumns|processColumns)\b/,
    'columns',
    'columns is a list of nodes, with numbers or "*" as widths',
  ],
  [
    /\b(measureUnorderedList|measureOrderedList|processList|buildUnorderedMarker|buildOrderedMarker)\b/,
    'a list',
    'ul and ol are lists of nodes',
  ],
  [
    /\b(measureImage|processImage|renderImage|addImage)\b/,
    'an image',
    'its width, height and fit are numbers',
  ],
  [
    /\b(measureSVG|processSVG|renderSVG|addSVG|SVGMeasure)\b/,
    'an SVG',
    'svg is the text of an <svg> element',
  ],
  [/\b(measureCanvas|processCanvas|addCanvas)\b/, 'a canvas', 'every vector has its type and numbers'],
  [/\b(measureQr|processQr|addQr)\b/, 'a QR code', 'qr is a text and its fit and version are numbers'],
  [/\b(addWatermark|renderWatermark)\b/, 'the watermark', 'its text is a text and its sizes are numbers'],
  [/\b(addHeadersAndFooters|addDynamicRepeatable)\b/, 'a header or footer', 'they are nodes'],
  [/\baddBackground\b/, 'the background', 'it is a node'],
  [/\b(measureToc|processToc)\b/, 'a table of contents', 'toc is an object'],
  [
    /\b(measureLeaf|processLeaf|buildInlines|TextInlines|buildNextLine|renderLine)\b/,
    'a text',
    'its fontSize, lineHeight, characterSpacing and margin are numbers',
  ],
  [
    /\b(renderVector|addVector)\b/,
    'a line or shape (of a canvas, or a table border)',
    'sizes and coordinates are numbers',
  ],
];

const GENERAL_HINT =
  'stack, columns, ul, ol and table.body are lists, and sizes, margins, widths and coordinates are numbers';

/** The kind of node whose layout failed, from the innermost pdfmake function in the stack. */
function kindOf(error: Error): readonly [string, string] | undefined {
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  for (const frame of frames)
    for (const [pattern, kind, hint] of KINDS) if (pattern.test(frame)) return [kind, hint];
  return undefined;
}

/** A failure of pdfmake on the document as a 422 of ours; the original rides along as the cause. */
export function layoutFailure(error: unknown, fonts: readonly string[]): RenderError {
  const message = error instanceof Error ? error.message : String(error);
  for (const [pattern, describe] of STATED) {
    const match = pattern.exec(message);
    if (match) return new RenderError('DOCUMENT.INVALID', describe(match, fonts));
  }
  const found = error instanceof Error ? kindOf(error) : undefined;
  const what = found ? `${found[0]} of the document` : 'the document';
  if (/^unsupported number/.test(message))
    return new RenderError(
      'DOCUMENT.NOT_A_NUMBER',
      `pdfmake could not lay out ${what}: a value that must be a number is not one ` +
        '(a fontSize, margin, width, height or coordinate written as text?).',
      { cause: error },
    );
  return new RenderError(
    'DOCUMENT.INVALID',
    `pdfmake could not lay out ${what}; check that ${found ? found[1] : GENERAL_HINT}.`,
    { cause: error },
  );
}
