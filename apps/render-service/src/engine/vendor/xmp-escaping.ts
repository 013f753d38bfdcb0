import PDFDocument, { type PdfKitDocument } from 'pdfmake/js/PDFDocument';

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);

let installed = false;

/**
 * Once per worker: pdfkit writes the title, author, subject and keywords into the XMP metadata
 * as they are, so `R&D <intern>` would make it malformed XML (and a PDF/A validator refuses the
 * file); they are escaped there (the information dictionary keeps the text).
 */
export function escapeXmpMetadata(): void {
  if (installed) return;
  installed = true;
  const addInfo = PDFDocument.prototype._addInfo;
  PDFDocument.prototype._addInfo = function (this: PdfKitDocument) {
    const info = this.info;
    // The dictionary itself was written before the metadata; only the XMP sees escaped values.
    this.info = Object.fromEntries(
      Object.entries(info).map(([key, value]) => [key, typeof value === 'string' ? escapeXml(value) : value]),
    );
    try {
      addInfo.call(this);
    } finally {
      this.info = info;
    }
  };
}
