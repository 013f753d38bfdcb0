// Reads PDFs for the tests with pdf.js (ES modules only, so it runs in a worker thread of its own
// rather than under Jest's module loader): text, positions, colours, fonts, metadata, structure.
import { parentPort } from 'node:worker_threads';

const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
const { OPS } = pdfjs;

/** The text each showText operator draws, with the fill colour in force (pdf.js gives #rrggbb). */
async function colouredRuns(page) {
  const operators = await page.getOperatorList();
  const runs = [];
  const stack = [];
  let fill = '#000000';
  operators.fnArray.forEach((fn, index) => {
    const args = operators.argsArray[index];
    if (fn === OPS.save) stack.push(fill);
    else if (fn === OPS.restore) fill = stack.pop() ?? fill;
    else if (fn === OPS.setFillRGBColor) fill = args[0];
    else if (fn === OPS.setFillGray) fill = args[0];
    else if (fn === OPS.showText) {
      const text = args[0].map((glyph) => (typeof glyph === 'object' && glyph ? glyph.unicode : '')).join('');
      if (text.trim() !== '') runs.push({ text, color: fill });
    }
  });
  return runs;
}

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
  const items = [];
  const runs = [];
  const structTrees = [];
  const fonts = new Map();
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => `${item.str}${item.hasEOL ? '\n' : ''}`).join(''));
    items.push(
      content.items
        .filter((item) => item.str.trim() !== '')
        .map((item) => ({
          str: item.str,
          x: item.transform[4],
          y: item.transform[5],
          width: item.width,
          height: item.height,
          fontName: item.fontName,
          // The size in points: the scale of its text matrix.
          fontSize: Math.round(Math.hypot(item.transform[0], item.transform[1]) * 10) / 10,
        })),
    );
    const [left, bottom, right, top] = page.view;
    sizes.push([Math.round(right - left), Math.round(top - bottom)]);
    runs.push(await colouredRuns(page));
    structTrees.push(await page.getStructTree());
    // The fonts the page's text uses are loaded by now: embedded unless pdf.js found no file.
    for (const item of content.items) {
      if (fonts.has(item.fontName) || !page.commonObjs.has(item.fontName)) continue;
      const font = page.commonObjs.get(item.fontName);
      fonts.set(item.fontName, { name: font.name, embedded: font.missingFile === false });
    }
  }
  const { info, metadata } = await document.getMetadata();
  const markInfo = await document.getMarkInfo();
  const viewerPreferences = await document.getViewerPreferences();
  await document.destroy();
  return {
    pages,
    sizes,
    info,
    items,
    runs,
    structTrees,
    fonts: [...fonts.values()],
    xmp: metadata ? Object.fromEntries([...metadata]) : null,
    xmpRaw: metadata ? metadata.getRaw() : null,
    markInfo,
    viewerPreferences,
  };
}

parentPort.on('message', ({ id, bytes }) => {
  extract(bytes).then(
    (result) => parentPort.postMessage({ id, result }),
    (error) => parentPort.postMessage({ id, error: String(error && error.message ? error.message : error) }),
  );
});
