// The parts of pdfmake 0.3 (server side) and html-to-pdfmake this service uses; neither ships types.

declare module 'pdfmake' {
  interface OutputDocument {
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

declare module 'pdfmake/js/standardPageSizes' {
  const sizes: Record<string, [number, number]>;
  export default sizes;
}

declare module 'pdfmake/js/PDFDocument' {
  /** pdfkit's per-document font: wraps a parsed fontkit font. */
  export interface EmbeddedFont {
    readonly font: unknown;
    readonly constructor: new (document: PdfKitDocument, font: unknown, id: string) => EmbeddedFont;
  }
  export interface PdfKitDocument {
    fontCache: Record<string, Record<string, EmbeddedFont>>;
    _fontFamilies: Record<string, EmbeddedFont>;
    _fontCount: number;
    getFontType(bold: boolean, italics: boolean): string;
    getFontFile(family: string, bold: boolean, italics: boolean): unknown;
    provideFont: (this: PdfKitDocument, family: string, bold: boolean, italics: boolean) => EmbeddedFont;
  }
  const PDFDocument: { prototype: PdfKitDocument };
  export default PDFDocument;
}

declare module 'html-to-pdfmake' {
  function htmlToPdfmake(html: string, options: { window: unknown; [option: string]: unknown }): unknown;
  export = htmlToPdfmake;
}

declare module 'jsdom' {
  /** Only what html-to-pdfmake needs: a window with a DOMParser. */
  export class JSDOM {
    constructor(html: string, options?: { runScripts?: undefined; resources?: undefined });
    readonly window: object;
  }
}
