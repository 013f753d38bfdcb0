import LayoutBuilder, { type LayoutLine } from 'pdfmake/js/LayoutBuilder';
import type { PdfKitDocument, StructureElement } from 'pdfmake/js/PDFDocument';
import Renderer, { type PageRenderer } from 'pdfmake/js/Renderer';

/**
 * The structure of a tagged PDF. pdfmake's `tagged: true` only makes pdfkit mark the document as
 * tagged (MarkInfo, an empty StructTreeRoot); nothing on the pages belongs to the tree, so a
 * screen reader finds no text. This gives every document rendered with `tagged` a `Document`
 * element holding, in reading (drawing) order:
 *
 * - one `H1`..`H6` or `P` element per text node (all its lines, across pages): a heading where
 *   the node says so (html-to-pdfmake's `nodeName`, which a json template may set as well),
 *   a paragraph otherwise (list items and table cells included);
 * - a `Figure` with its `/Alt` text for an image node that has an `alt`;
 * - and marks everything else (rules, table lines and fills, bullets, images without `alt`, SVG,
 *   watermarks) as an artifact, which assistive technology skips.
 *
 * Tables, lists and links are not given their own structure types (Table/TR/TD, L/LI, Link).
 */

const SOURCE = Symbol('the text node a line was laid out from');
const HEADINGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);

type SourcedLine = LayoutLine & { [SOURCE]?: object };

interface Tagging {
  readonly document: StructureElement;
  /** The element the last line went into, and the node it came from. */
  current?: { readonly node: object | undefined; readonly element: StructureElement; readonly role: string };
}

const tagging = new WeakMap<PdfKitDocument, Tagging>();

function roleOf(node: object | undefined): string {
  const name = (node as { nodeName?: unknown } | undefined)?.nodeName;
  return typeof name === 'string' && HEADINGS.has(name.toUpperCase()) ? name.toUpperCase() : 'P';
}

/** Runs `draw` as an artifact when the document is being tagged. */
function asArtifact<T extends unknown[]>(
  draw: (this: PageRenderer, ...args: T) => void,
): (this: PageRenderer, ...args: T) => void {
  return function (this: PageRenderer, ...args: T) {
    if (!tagging.has(this.pdfDocument)) return draw.apply(this, args);
    this.pdfDocument.markContent('Artifact');
    try {
      draw.apply(this, args);
    } finally {
      this.pdfDocument.endMarkedContent();
    }
  };
}

let installed = false;

/** Once per worker; documents without `tagged` are drawn exactly as before. */
export function installTagging(): void {
  if (installed) return;
  installed = true;

  // Each line remembers the node it was laid out from, so that a node's lines form one element.
  const buildNextLine = LayoutBuilder.prototype.buildNextLine;
  LayoutBuilder.prototype.buildNextLine = function (textNode: object) {
    const line = buildNextLine.call(this, textNode) as SourcedLine | null;
    if (line) line[SOURCE] = textNode;
    return line;
  };

  const prototype = Renderer.prototype;
  const renderPages = prototype.renderPages;
  prototype.renderPages = function (pages) {
    const pdf = this.pdfDocument;
    if (!pdf.options.tagged) return renderPages.call(this, pages);
    const document = pdf.struct('Document');
    pdf.addStructure(document);
    tagging.set(pdf, { document });
    try {
      renderPages.call(this, pages);
    } finally {
      tagging.delete(pdf);
    }
    // Ends (and writes) every element below it.
    document.end();
  };

  const renderLine = prototype.renderLine;
  prototype.renderLine = function (line, x, y) {
    const pdf = this.pdfDocument;
    const state = tagging.get(pdf);
    if (!state) return renderLine.call(this, line, x, y);
    const node = (line as SourcedLine)[SOURCE];
    if (!state.current || node === undefined || state.current.node !== node) {
      const role = roleOf(node);
      const element = pdf.struct(role);
      state.document.add(element);
      state.current = { node, element, role };
    }
    const content = pdf.markStructureContent(state.current.role);
    try {
      renderLine.call(this, line, x, y);
    } finally {
      pdf.endMarkedContent();
    }
    state.current.element.add(content);
  };

  const renderImage = prototype.renderImage;
  const imageArtifact = asArtifact(renderImage);
  prototype.renderImage = function (image) {
    const pdf = this.pdfDocument;
    const state = tagging.get(pdf);
    const alt = (image as { alt?: unknown }).alt;
    if (!state || typeof alt !== 'string' || alt.trim() === '') return imageArtifact.call(this, image);
    const figure = pdf.struct('Figure', { alt });
    state.document.add(figure);
    state.current = undefined;
    const content = pdf.markStructureContent('Figure');
    try {
      renderImage.call(this, image);
    } finally {
      pdf.endMarkedContent();
    }
    figure.add(content);
  };

  prototype.renderVector = asArtifact(prototype.renderVector);
  prototype.renderSVG = asArtifact(prototype.renderSVG);
  prototype.renderAttachment = asArtifact(prototype.renderAttachment);
  prototype.renderWatermark = asArtifact(prototype.renderWatermark);
}
