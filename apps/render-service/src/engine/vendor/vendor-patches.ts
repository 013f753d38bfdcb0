import { drawSvgTextInDocumentFonts, shareParsedFonts } from './font-sharing';
import { encodeNumberArraysAtOnce } from './font-subsetting';
import { installTagging } from './pdf-tagging';
import { checkPatchedVersions } from './vendor-versions';
import { escapeXmpMetadata } from './xmp-escaping';

let installed = false;

/**
 * The one place that changes pdfmake's, pdfkit's, fontkit's and restructure's internals, once per
 * worker, after checking that they are the versions written for:
 * - font-sharing.ts: parsed fonts (and, unless `raw`, laid-out words) shared by documents, and
 *   each character drawn as a missing glyph noted (pdfkit's PDFDocument.provideFont, EmbeddedFont),
 *   and an SVG's text drawn in those fonts (PDFDocument.font); the QR-bill's fonts registered by
 *   name in a document (registerFontAs, pdfkit's _fontFamilies);
 * - font-subsetting.ts, unless `raw`: embedded font subsets encoded faster (restructure's Array);
 * - xmp-escaping.ts and pdf-tagging.ts, unless `raw`: XMP metadata escaped for PDF/A (pdfkit's
 *   _addInfo) and tagged PDF (pdfmake's LayoutBuilder and Renderer).
 * `raw` is pdfmake as it comes but for the shared parsed fonts and SVG text in them: the
 * benchmark's limit line. Handlebars' internals are not patched but subclassed, per environment
 * (handlebars-compiler.ts); vendor-versions.ts checks its version with the others.
 */
export function installVendorPatches({ raw = false } = {}): void {
  if (installed) return;
  checkPatchedVersions();
  installed = true;
  shareParsedFonts(!raw);
  drawSvgTextInDocumentFonts();
  if (raw) return;
  encodeNumberArraysAtOnce();
  escapeXmpMetadata();
  installTagging();
}
