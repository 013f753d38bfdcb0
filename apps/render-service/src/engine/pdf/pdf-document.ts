import pdfmake from 'pdfmake';

import { OutputBudget } from '../common/output-budget';
import { RenderError } from '../common/render-error';
import { pdfWithPaymentPart, type QrBill } from '../qr-bill/qr-bill';
import type { Locale } from '../template/helpers';
import { missingGlyphsOf } from '../vendor/font-sharing';
import { checkDocumentSize } from './document-size';
import { checkDocumentStructure } from './document-structure';
import { DEFAULT_FONT, fontFamilies } from './fonts';
import { layoutFailure } from './layout-failures';
import { withConformance } from './pdf-conformance';
import { applyRendererOptions, type DocumentDefinition, type RendererOptions } from './renderer-options';
import { checkDocumentResources } from './resource-guard';
import { svgImagesAsSvg } from './svg-images';

/**
 * A document definition as PDF bytes: the options applied, PDF/A and tagging settled, the checks
 * done (size, resources, and for an `authored` definition, a json template's own, its structure, so
 * that a malformed node is answered by its path), laid out by pdfmake with the QR-bill's payment
 * part drawn on it; and the characters drawn as missing glyphs.
 */
export async function pdfOf(
  document: DocumentDefinition,
  options: RendererOptions,
  locale: Locale,
  templateLabel: string,
  pdfBytes: number,
  authored: boolean,
  qrBill: QrBill | undefined,
): Promise<{ bytes: Uint8Array; missingGlyphs: readonly number[] }> {
  // PDF/A and tagging: the document's language is the render's locale unless `lang` (or the template) says.
  const withOptions = withConformance(applyRendererOptions(document, options), locale);
  const info = (withOptions['info'] ?? {}) as Record<string, unknown>;
  const defaultStyle = (withOptions['defaultStyle'] ?? {}) as Record<string, unknown>;
  const definition = {
    ...withOptions,
    // The template that produced the document, as a custom field of the PDF's information.
    info: { ...info, Template: templateLabel },
    defaultStyle: { font: DEFAULT_FONT, ...defaultStyle },
  };
  svgImagesAsSvg(definition);
  checkDocumentSize(definition);
  checkDocumentResources(definition);
  if (authored) checkDocumentStructure(definition);
  const paymentPart = qrBill
    ? pdfWithPaymentPart(definition, qrBill, { locale, families: fontFamilies(), defaultFont: DEFAULT_FONT })
    : undefined;
  let bytes: Uint8Array;
  let missingGlyphs: readonly number[];
  try {
    const output = pdfmake.createPdf(paymentPart?.definition ?? definition);
    // The laid-out document notes the characters its fonts drew as missing glyphs (vendor/font-sharing.ts).
    const pdfDocument = await output.getStream();
    // Drawn but not ended: the payment part goes on its last page before getBuffer() ends it
    // (getBuffer ends the same document getStream gives).
    paymentPart?.draw(pdfDocument);
    bytes = await output.getBuffer();
    missingGlyphs = missingGlyphsOf(pdfDocument);
  } catch (error) {
    if (error instanceof RenderError) throw error;
    throw layoutFailure(error, fontFamilies());
  }
  new OutputBudget(pdfBytes, 'RENDER_MAX_PDF_BYTES').check(bytes.byteLength);
  return { bytes, missingGlyphs };
}
