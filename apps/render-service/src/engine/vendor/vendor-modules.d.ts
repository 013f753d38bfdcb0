// The parts of pdfmake 0.3 (server side) and html-to-pdfmake this service uses; neither ships types.

declare module 'pdfmake' {
  interface OutputDocument {
    /**
     * The laid-out pdfkit document (pdfmake/js/PDFDocument's PdfKitDocument), not yet ended: more
     * may be drawn on it before getBuffer() ends it (the same document).
     */
    getStream(): Promise<object>;
    getBuffer(): Promise<Buffer>;
  }
  interface VirtualFileSystem {
    writeFileSync(filename: string, content: Buffer): void;
    existsSync(filename: string): boolean;
  }
  interface FontFiles {
    normal: string;
    bold: string;
    italics: string;
    bolditalics: string;
  }
  interface PdfMake {
    readonly virtualfs: VirtualFileSystem;
    createPdf(document: Record<string, unknown>, options?: Record<string, unknown>): OutputDocument;
    setFonts(fonts: Record<string, FontFiles>): void;
    setUrlAccessPolicy(policy: (url: string) => boolean): void;
    setLocalAccessPolicy(policy: (path: string) => boolean): void;
  }
  const pdfmake: PdfMake;
  export = pdfmake;
}

declare module 'pdfmake/js/PageSize' {
  export function normalizePageSize(
    pageSize: unknown,
    pageOrientation: unknown,
  ): { readonly width: number; readonly height: number };
  export function normalizePageMargin(margin: unknown): {
    readonly left: number;
    readonly top: number;
    readonly right: number;
    readonly bottom: number;
  };
}

declare module 'pdfmake/js/standardPageSizes' {
  const sizes: Record<string, [number, number]>;
  export default sizes;
}

declare module 'pdfmake/js/PDFDocument' {
  /** pdfkit's per-document font: wraps a parsed fontkit font. */
  export interface EmbeddedFont {
    readonly font: unknown;
    readonly constructor: new (document: PdfKitDocument, font: unknown, id: string) => EmbeddedFont;
    /** Lays a word out with fontkit, positions scaled to thousandths of the font size. */
    layoutRun(word: string): WordRun;
    /** Where layout() gets each word's run: pdfkit's own keeps them for the document's life. */
    layoutCached(word: string): WordRun;
    /** The subset's glyph ids of a text (4 hex digits each) and their positions. */
    encode: (this: EmbeddedFont, text: string, features?: unknown) => [string[], GlyphPosition[]];
    readonly document: PdfKitDocument;
  }
  /** A glyph of a laid-out word, as pdfkit's EmbeddedFont reads it (fontkit's Glyph has more). */
  export interface LaidOutGlyph {
    readonly id: number;
    /** In font units; pdfkit scales it. */
    readonly advanceWidth: number;
    /** The characters the glyph stands for (the PDF's ToUnicode map). */
    readonly codePoints: readonly number[];
  }
  /** Where a glyph goes, in thousandths of the font size (pdfkit's scaled fontkit GlyphPosition). */
  export interface GlyphPosition {
    readonly xAdvance: number;
    readonly yAdvance: number;
    readonly xOffset: number;
    readonly yOffset: number;
    readonly advanceWidth: number;
  }
  /** A laid-out word: what EmbeddedFont.layoutRun returns and its layout() reads. */
  export interface WordRun {
    readonly glyphs: readonly LaidOutGlyph[];
    readonly positions: readonly GlyphPosition[];
    readonly advanceWidth: number;
  }
  export interface PdfKitDocument {
    /** pdfmake's font section: each family's file name by style (normal, bold, italics, bolditalics). */
    readonly fonts: Record<string, Record<string, string>>;
    fontCache: Record<string, Record<string, EmbeddedFont>>;
    _fontFamilies: Record<string, EmbeddedFont>;
    /** The font text is drawn in now. */
    _font: EmbeddedFont;
    /** pdfkit's: the font of a registered name, a file or a buffer, made current. */
    font: (this: PdfKitDocument, ...args: unknown[]) => PdfKitDocument;
    _fontCount: number;
    getFontType(bold: boolean, italics: boolean): string;
    getFontFile(family: string, bold: boolean, italics: boolean): unknown;
    provideFont: (this: PdfKitDocument, family: string, bold: boolean, italics: boolean) => EmbeddedFont;
    /** pdfkit's options as pdfmake passed them. */
    readonly options: { readonly tagged?: boolean; readonly lang?: string };
    /** The information dictionary (Title, Author, ..., CreationDate). */
    info: Record<string, unknown>;
    /** Writes the information dictionary's XMP equivalents into the metadata. */
    _addInfo: (this: PdfKitDocument) => void;
    struct(type: string, options?: { alt?: string; lang?: string }): StructureElement;
    addStructure(element: StructureElement): PdfKitDocument;
    markStructureContent(tag: string, options?: Record<string, unknown>): StructureContent;
    markContent(tag: string, options?: Record<string, unknown> | null): PdfKitDocument;
    endMarkedContent(): PdfKitDocument;
  }
  /** A node of the structure tree (pdfkit's PDFStructureElement). */
  export interface StructureElement {
    add(child: StructureElement | StructureContent): StructureElement;
    end(): void;
  }
  /** A marked-content sequence that belongs to a structure element. */
  export interface StructureContent {
    readonly refs: unknown[];
  }
  const PDFDocument: { prototype: PdfKitDocument };
  export default PDFDocument;
}

declare module 'pdfmake/js/LayoutBuilder' {
  /** A laid-out line of text; pdfmake's Line. */
  export type LayoutLine = object;
  const LayoutBuilder: {
    prototype: { buildNextLine: (this: unknown, textNode: object) => LayoutLine | null };
  };
  export default LayoutBuilder;
}

declare module 'pdfmake/js/Renderer' {
  import type { PdfKitDocument } from 'pdfmake/js/PDFDocument';

  /** Draws laid-out pages into the pdfkit document, item by item. */
  export interface PageRenderer {
    readonly pdfDocument: PdfKitDocument;
    renderPages: (this: PageRenderer, pages: unknown[]) => void;
    renderLine: (this: PageRenderer, line: object, x: number, y: number) => void;
    renderVector: (this: PageRenderer, vector: object) => void;
    renderImage: (this: PageRenderer, image: object) => void;
    renderSVG: (this: PageRenderer, svg: object) => void;
    renderAttachment: (this: PageRenderer, attachment: object) => void;
    renderWatermark: (this: PageRenderer, page: object) => void;
  }
  const Renderer: { prototype: PageRenderer };
  export default Renderer;
}

declare module 'html-to-pdfmake' {
  function htmlToPdfmake(html: string, options: { window: unknown; [option: string]: unknown }): unknown;
  export = htmlToPdfmake;
}

declare module 'jsdom' {
  /** The little of the DOM this service reads and edits before html-to-pdfmake. */
  export interface DomElement {
    readonly tagName: string;
    textContent: string | null;
    readonly outerHTML: string;
    contains(other: DomElement): boolean;
    closest(selectors: string): DomElement | null;
    getAttribute(name: string): string | null;
    setAttribute(name: string, value: string): void;
    removeAttribute(name: string): void;
    remove(): void;
  }
  export interface DomDocument {
    readonly documentElement: DomElement;
    querySelector(selectors: string): DomElement | null;
    querySelectorAll(selectors: string): Iterable<DomElement>;
  }
  /** Only what html-to-pdfmake and the style pass need: a window with a DOMParser. */
  export interface DomWindow {
    readonly DOMParser: new () => { parseFromString(html: string, type: 'text/html'): DomDocument };
  }
  export class JSDOM {
    constructor(html: string, options?: { runScripts?: undefined; resources?: undefined });
    readonly window: DomWindow;
  }
}
