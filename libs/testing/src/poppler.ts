import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Runs a poppler tool on a PDF in a folder of its own. Asynchronously: an e2e test's service
 * answers on the test's own event loop, and a synchronous rasterisation of some seconds held both,
 * so that the server's keep-alive timer closed an idle connection the client's timer had not yet
 * let go of, and the next request was reset (ECONNRESET).
 */
async function withPdf<T>(pdf: Uint8Array, use: (file: string, folder: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(path.join(tmpdir(), 'poppler-'));
  try {
    const file = path.join(folder, 'document.pdf');
    await writeFile(file, pdf);
    return await use(file, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A PDF's pages as PNGs, in page order, as poppler's pdftoppm rasterises them. */
export function pdfPagesAsPng(
  pdf: Uint8Array,
  options: { readonly dpi: number; readonly gray?: boolean; readonly page?: number },
): Promise<Buffer[]> {
  return withPdf(pdf, async (file, folder) => {
    const pages = options.page === undefined ? [] : ['-f', String(options.page), '-l', String(options.page)];
    const colour = options.gray ? ['-gray'] : [];
    await run('pdftoppm', [
      '-r',
      String(options.dpi),
      ...colour,
      '-png',
      ...pages,
      file,
      path.join(folder, 'page'),
    ]);
    const names = (await readdir(folder)).filter((name) => /^page-\d+\.png$/.test(name));
    // pdftoppm pads the page numbers to the same width, so the names sort in page order.
    return Promise.all(names.sort().map((name) => readFile(path.join(folder, name))));
  });
}

/** A PDF's text as poppler's pdftotext gives it: laid out (`-layout`), or each word with its box (`-bbox`). */
export function pdfTextOf(pdf: Uint8Array, mode: 'layout' | 'bbox' = 'layout'): Promise<string> {
  return withPdf(
    pdf,
    async (file) => (await run('pdftotext', [`-${mode}`, file, '-'], { encoding: 'utf8' })).stdout,
  );
}
