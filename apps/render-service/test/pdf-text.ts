import path from 'node:path';
import { Worker } from 'node:worker_threads';

export interface ExtractedPdf {
  /** Each page's text, lines ending in \n. */
  readonly pages: string[];
  readonly text: string;
  /** Each page's [width, height] in points. */
  readonly sizes: Array<[number, number]>;
  /** Each page's pieces of text with their font size in points. */
  readonly runs: Array<Array<{ text: string; fontSize: number }>>;
  /** The PDF's information dictionary: Title, Author, ..., Custom. */
  readonly info: Record<string, any>;
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
