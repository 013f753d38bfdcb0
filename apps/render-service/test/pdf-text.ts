import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** A piece of text on a page as pdf.js reads it; x and y (of its baseline) from the bottom left, in points. */
export interface TextItem {
  readonly str: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly fontName: string;
  /** Its font size in points. */
  readonly fontSize: number;
}

/** A node of a page's structure tree (pdf.js getStructTree): elements with roles, content by id. */
export interface StructNode {
  readonly role?: string;
  readonly type?: string;
  readonly alt?: string;
  readonly lang?: string;
  readonly children?: StructNode[];
}

export interface ExtractedPdf {
  /** Each page's text, lines ending in \n. */
  readonly pages: string[];
  readonly text: string;
  /** Each page's [width, height] in points. */
  readonly sizes: Array<[number, number]>;
  /** The PDF's information dictionary: Title, Author, ..., Custom, and Language (the catalog's /Lang). */
  readonly info: Record<string, any>;
  /** Each page's text pieces with their positions and font sizes. */
  readonly items: TextItem[][];
  /** Each page's drawn text with the fill colour it was drawn in (`#rrggbb`). */
  readonly runs: Array<Array<{ text: string; color: string }>>;
  /** Each page's structure tree (a Root with no children when the PDF is not tagged), or null. */
  readonly structTrees: Array<StructNode | null>;
  /** Every font the text uses, by its PDF name, and whether the PDF embeds its file. */
  readonly fonts: Array<{ name: string; embedded: boolean }>;
  /** The XMP metadata's properties (`pdfaid:part`, `dc:title`, ...), or null without metadata. */
  readonly xmp: Record<string, string> | null;
  readonly xmpRaw: string | null;
  /** Each page's links: the URI of one, or the index of the page it leads to (undefined: nowhere). */
  readonly links: Array<Array<{ url: string } | { page: number | undefined }>>;
  /** What pdf.js warned of while reading the PDF (what it repaired, or could not read). */
  readonly warnings: string[];
  /** The catalog's MarkInfo ({ Marked, ... }) and ViewerPreferences ({ DisplayDocTitle, ... }). */
  readonly markInfo: Record<string, boolean> | null;
  readonly viewerPreferences: Record<string, unknown> | null;
}

/** The items of a page whose text contains `text`. */
export const itemsWith = (pdf: ExtractedPdf, text: string, page = 0): TextItem[] =>
  (pdf.items[page] ?? []).filter((item) => item.str.includes(text));

/**
 * The objects of a PDF written by pdfkit, which keeps dictionaries uncompressed and out of object
 * streams, read from the file's bytes: `object(12)` is the text between `12 0 obj` and its
 * `stream`/`endobj`. For what pdf.js does not expose (the output intents).
 */
export function pdfObjects(bytes: Uint8Array): { catalog: string; object(id: number): string } {
  const raw = Buffer.from(bytes).toString('latin1');
  const object = (id: number): string => {
    const match = new RegExp(`(?:^|\\n)${id} 0 obj\\s*([\\s\\S]*?)(?:\\bstream\\b|\\bendobj\\b)`).exec(raw);
    if (!match) throw new Error(`object ${id} is not in the PDF`);
    return match[1];
  };
  const root = /\/Root (\d+) 0 R/.exec(raw.slice(raw.lastIndexOf('trailer')));
  if (!root) throw new Error('the PDF has no trailer /Root');
  return { catalog: object(Number(root[1])), object };
}

let worker: Worker | undefined;
let sequence = 0;
const pending = new Map<number, { resolve: (value: ExtractedPdf) => void; reject: (error: Error) => void }>();

function extractor(): Worker {
  if (!worker) {
    worker = new Worker(path.join(__dirname, 'pdf-text-worker.mjs'));
    worker.on('message', ({ id, result, error }: { id: number; result?: ExtractedPdf; error?: string }) => {
      const waiting = pending.get(id);
      pending.delete(id);
      if (!waiting) return;
      if (error !== undefined || !result) waiting.reject(new Error(`Not a readable PDF: ${error}`));
      else waiting.resolve({ ...result, text: result.pages.join('\n') });
    });
    worker.unref();
  }
  return worker;
}

/** The text of a PDF as a reader would copy it, read with pdf.js. */
export function extractPdf(bytes: Uint8Array): Promise<ExtractedPdf> {
  const id = ++sequence;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    extractor().postMessage({ id, bytes: new Uint8Array(bytes) });
  });
}

export async function closePdfExtractor(): Promise<void> {
  const running = worker;
  worker = undefined;
  await running?.terminate();
}
