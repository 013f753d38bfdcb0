import PDFDocument, { type EmbeddedFont, type PdfKitDocument } from 'pdfmake/js/PDFDocument';

import { WordLayouts } from './word-layouts';

/**
 * Words a worker keeps laid out per generation, all fonts together (WordLayouts holds two): a few
 * templates' labels and the data of the last documents, at some 400 bytes a word.
 */
const WORDS_PER_GENERATION = 8192;

/** The characters a document drew as a missing glyph (its fonts have none), in the order met. */
const MISSING = Symbol('missing glyphs');
type WithMissing = { [MISSING]?: Set<number> };
type FontkitFont = { hasGlyphForCodePoint(codePoint: number): boolean };

/** The characters that no font of this pdfkit document holds and were drawn as .notdef. */
export const missingGlyphsOf = (document: object): readonly number[] => [
  ...((document as WithMissing)[MISSING] ?? []),
];

/**
 * Notes on the document each character a font draws as glyph 0 (.notdef, a box): the text pdfkit
 * encodes is what the PDF shows, whatever font or style pdfmake chose for it.
 */
function reportMissingGlyphs(font: EmbeddedFont): void {
  const encode = font.encode;
  if (typeof encode !== 'function') return;
  font.encode = function (this: EmbeddedFont, text: string, features?: unknown) {
    const encoded = encode.call(this, text, features);
    // The subset's glyph 0 is always .notdef.
    if (encoded[0].includes('0000')) {
      const document = this.document as WithMissing;
      const missing = (document[MISSING] ??= new Set());
      for (const character of text) {
        const codePoint = character.codePointAt(0) as number;
        if (codePoint > 0x1f && !(this.font as FontkitFont).hasGlyphForCodePoint(codePoint))
          missing.add(codePoint);
      }
    }
    return encoded;
  };
}

/**
 * pdfkit parses a font file for every document that uses it, which costs more than laying out
 * a one-page invoice. A parsed font is read-only once built, so this worker keeps one per family
 * and style and gives each document its own embedding (subset, widths) of it; with `wordLayouts`,
 * the words laid out in it are kept across documents as well (WordLayouts).
 */
export function shareParsedFonts(wordLayouts: boolean): void {
  const parsed = new Map<string, EmbeddedFont>();
  const words = new WordLayouts(WORDS_PER_GENERATION);
  const shareLayouts = (font: EmbeddedFont, key: string): EmbeddedFont => {
    reportMissingGlyphs(font);
    if (wordLayouts && typeof font.layoutRun === 'function')
      font.layoutCached = (word) => words.run(`${key}\u0000${word}`, () => font.layoutRun(word));
    return font;
  };
  const provideFont = PDFDocument.prototype.provideFont;
  PDFDocument.prototype.provideFont = function (this: PdfKitDocument, family, bold, italics) {
    const style = this.getFontType(bold, italics);
    const own = this.fontCache[family]?.[style];
    if (own) return own;
    const key = `${family}\u0000${style}`;
    const first = parsed.get(key);
    if (!first || this.getFontFile(family, bold, italics) === null) {
      const font = shareLayouts(provideFont.call(this, family, bold, italics), key);
      parsed.set(key, font);
      return font;
    }
    // fontkit keeps each glyph with the characters it was first looked up for; a glyph first
    // met as part of an accented one (À holds A) has none, and would be missing from this
    // document's ToUnicode map (its text could not be copied). Glyphs are cheap: start afresh.
    (first.font as { _glyphs: Record<number, unknown> })._glyphs = {};
    const font = shareLayouts(new first.constructor(this, first.font, `F${++this._fontCount}`), key);
    // Registered like pdfkit's font() does, so the document embeds it when it ends.
    this._fontFamilies[key] = font;
    (this.fontCache[family] ??= {})[style] = font;
    return font;
  };
}

/**
 * pdfmake draws an SVG's text with `document.font(file)`, `file` being the name its font section
 * gives the family and style; pdfkit would read that name from disk, where it is not (the fonts
 * are in pdfmake's memory), warn on the console and draw the text in whatever font came last,
 * Helvetica at the start of a document, which no PDF/A may hold unembedded. The name is this
 * document's font of that family and style instead, provided as for any other text.
 */
export function drawSvgTextInDocumentFonts(): void {
  const font = PDFDocument.prototype.font;
  PDFDocument.prototype.font = function (this: PdfKitDocument, ...args: unknown[]) {
    const [source] = args;
    if (args.length === 1 && typeof source === 'string') {
      for (const [family, styles] of Object.entries(this.fonts))
        for (const [style, file] of Object.entries(styles))
          if (file === source) {
            this._font = this.provideFont(family, style.startsWith('bold'), style.endsWith('italics'));
            return this;
          }
    }
    return font.apply(this, args);
  };
}

/**
 * Registers this document's font of `family` (regular or bold) under `name`, as pdfkit's font()
 * registers what it loads, so that code drawing on the document (the QR-bill library) finds the
 * worker's shared parsed font by that name instead of reading a file.
 */
export function registerFontAs(document: object, name: string, family: string, bold: boolean): void {
  const pdf = document as PdfKitDocument;
  pdf._fontFamilies[name] = pdf.provideFont(family, bold, false);
}
