// Reads PDFs for the tests with pdf.js (ES modules only, so it runs in a worker thread of its own
// rather than under Jest's module loader): text, positions, colours, fonts, metadata, structure.
import { parentPort } from 'node:worker_threads';

const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
const { OPS, VerbosityLevel } = pdfjs;

// pdf.js reports what it had to repair or could not read as console warnings: they are collected
// for the PDF being read (one at a time) rather than printed.
let warnings = [];
const consoleWarn = console.warn;
console.warn = (...parts) => {
  const message = parts.join(' ');
  if (message.startsWith('Warning: ')) warnings.push(message.slice('Warning: '.length));
  else consoleWarn(...parts);
};

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

/** Where a destination leads: the index of its page, or undefined when it leads nowhere. */
async function pageOfDestination(document, destination) {
  const explicit = typeof destination === 'string' ? await document.getDestination(destination) : destination;
  if (!Array.isArray(explicit)) return undefined;
  const [target] = explicit;
  if (Number.isInteger(target)) return target;
  return target && typeof target === 'object'
    ? document.getPageIndex(target).catch(() => undefined)
    : undefined;
}

/** The page's links: the URI of each, or the index of the page it leads to (undefined: nowhere). */
async function linksOf(document, page) {
  const links = [];
  for (const annotation of await page.getAnnotations()) {
    if (annotation.subtype !== 'Link') continue;
    if (annotation.url !== undefined) links.push({ url: annotation.url });
    else links.push({ page: await pageOfDestination(document, annotation.dest) });
  }
  return links;
}

async function extract(bytes) {
  const document = await pdfjs.getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: VerbosityLevel.WARNINGS,
  }).promise;
  const pages = [];
  const sizes = [];
  const items = [];
  const runs = [];
  const structTrees = [];
  const links = [];
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
    links.push(await linksOf(document, page));
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
    links,
    fonts: [...fonts.values()],
    xmp: metadata ? Object.fromEntries([...metadata]) : null,
    xmpRaw: metadata ? metadata.getRaw() : null,
    markInfo,
    viewerPreferences,
  };
}

/** Reads one PDF, with the warnings pdf.js gave while reading it. */
async function extractWithWarnings(bytes) {
  warnings = [];
  const result = await extract(bytes);
  return { ...result, warnings };
}

// One PDF at a time, so that each is given its own warnings.
let queue = Promise.resolve();
parentPort.on('message', ({ id, bytes }) => {
  queue = queue.then(() =>
    extractWithWarnings(bytes).then(
      (result) => parentPort.postMessage({ id, result }),
      (error) =>
        parentPort.postMessage({ id, error: String(error && error.message ? error.message : error) }),
    ),
  );
});
