// Extracts the text and information of PDFs for the tests, with pdf.js (ES modules only, so it
// runs in a worker thread of its own rather than under Jest's module loader).
import { parentPort } from 'node:worker_threads';

const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');

async function extract(bytes) {
  const document = await pdfjs.getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  const pages = [];
  const sizes = [];
  const runs = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => `${item.str}${item.hasEOL ? '\n' : ''}`).join(''));
    // Each piece of text with its size in points (the scale of its text matrix).
    runs.push(
      content.items
        .filter((item) => item.str.trim() !== '')
        .map((item) => ({
          text: item.str,
          fontSize: Math.round(Math.hypot(item.transform[0], item.transform[1]) * 10) / 10,
        })),
    );
    const [left, bottom, right, top] = page.view;
    sizes.push([Math.round(right - left), Math.round(top - bottom)]);
  }
  const { info } = await document.getMetadata();
  await document.destroy();
  return { pages, sizes, runs, info };
}

parentPort.on('message', ({ id, bytes }) => {
  extract(bytes).then(
    (result) => parentPort.postMessage({ id, result }),
    (error) => parentPort.postMessage({ id, error: String(error && error.message ? error.message : error) }),
  );
});
