import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

import { closePdfExtractor, type ExtractedPdf, extractPdf } from '../../test/pdf-text';
import { type RenderTask, runTask } from '../engine/document/render-document';
import { installFonts } from '../engine/pdf/fonts';
import { TemplateCache } from '../engine/template/template-engine';
import { DEMO_QR_BILL, DEMO_TEMPLATES } from '../templates/demo-templates';
import { mergePdfs, PdfMergeRefused } from './pdf-merge';

const templates = new TemplateCache();
const work = mkdtempSync(path.join(tmpdir(), 'pdf-merge-'));

async function render(
  inputFormat: RenderTask['inputFormat'],
  template: string,
  data: unknown,
  rendererOptions?: Record<string, unknown>,
): Promise<Uint8Array> {
  const outcome = await runTask(
    {
      kind: 'render',
      inputFormat,
      outputFormat: 'pdf',
      template,
      templateLabel: 'pdf-merge test',
      data: JSON.stringify(data),
      rendererOptions: rendererOptions === undefined ? null : JSON.stringify(rendererOptions),
    },
    templates,
  );
  if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
  return outcome.bytes;
}

/** The documents one at a time, each on a later turn of the event loop, as rows read from a database. */
async function* inOrder(documents: readonly Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const document of documents) {
    await setImmediate();
    yield document;
  }
}

async function merged(documents: readonly Uint8Array[], options?: { title?: string }): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of mergePdfs(inOrder(documents), options)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A poppler tool's output; anything it says on stderr (a syntax error it repaired) fails the test. */
function poppler(tool: string, args: readonly string[]): string {
  const { stdout, stderr, status } = spawnSync(tool, args, { encoding: 'utf8' });
  if (status !== 0 || stderr !== '') throw new Error(`${tool} ${args.join(' ')}: exit ${status}, ${stderr}`);
  return stdout;
}

let fileCount = 0;
function saved(pdf: Uint8Array): string {
  fileCount += 1;
  const file = path.join(work, `${fileCount}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

/** pdfinfo's fields: `Pages`, `PDF version`, `Title`, ... */
function information(pdf: Uint8Array): Record<string, string> {
  const lines = poppler('pdfinfo', ['-enc', 'UTF-8', saved(pdf)]).split('\n');
  return Object.fromEntries(lines.filter((line) => line.includes(':')).map((line) => line.split(/:\s+/, 2)));
}

/** Each page's text as pdftotext reads it. */
function pageTexts(pdf: Uint8Array): string[] {
  return poppler('pdftotext', ['-enc', 'UTF-8', saved(pdf), '-'])
    .split('\f')
    .slice(0, -1);
}

/** Each page as a grayscale PNG at 50 dpi, as the visual tests rasterise (test/visual.e2e-spec.ts). */
function rasters(pdf: Uint8Array): Buffer[] {
  const folder = mkdtempSync(path.join(work, 'pages-'));
  poppler('pdftoppm', ['-r', '50', '-gray', '-png', saved(pdf), path.join(folder, 'page')]);
  return readdirSync(folder)
    .filter((name) => /^page-\d+\.png$/.test(name))
    .sort()
    .map((name) => readFileSync(path.join(folder, name)));
}

/** Pixels that differ between two rasters of the same size (pixelmatch's colour threshold 0.1). */
function differentPixels(actual: Buffer, expected: Buffer): number {
  const [a, b] = [PNG.sync.read(actual), PNG.sync.read(expected)];
  if (a.width !== b.width || a.height !== b.height) return Infinity;
  return pixelmatch(a.data, b.data, null, a.width, a.height, { threshold: 0.1 });
}

/** A 40 × 40 PNG of red and blue squares: an image whose every pixel a raster comparison sees. */
function checkerboard(): string {
  const png = new PNG({ width: 40, height: 40 });
  for (let y = 0; y < 40; y += 1)
    for (let x = 0; x < 40; x += 1) {
      const red = (Math.floor(x / 8) + Math.floor(y / 8)) % 2 === 0;
      png.data.set(red ? [200, 40, 20, 255] : [20, 40, 200, 255], (y * 40 + x) * 4);
    }
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

// A letter of two pages whose link and title read like references, and whose second page links to its first.
const LETTER = JSON.stringify({
  info: { title: 'Brief (1 0 R) \\ 2' },
  content: [
    { text: 'Brief an {{name}}', fontSize: 16 },
    { text: 'Die Akte (1 0 R) ansehen', link: 'https://example.org/akte?ref=1 0 R (2)' },
    { text: 'Seite zwei', pageBreak: 'before' },
    { text: 'Zurück zur ersten Seite', linkToPage: 1 },
  ],
});

const HTML = `<html><head><title>Bescheid</title></head><body>
<p>Ein Bild und zwei Verweise für {{name}}:</p>
<img src="${checkerboard()}" width="80">
<p><a href="https://www.example.ch/gesuch?id=(1 0 R)">Gesuch online</a></p>
<p><a href="#rechtsmittel">Zur Rechtsmittelbelehrung</a></p>
<h2 id="rechtsmittel">Rechtsmittelbelehrung</h2>
<p>Gegen diesen Bescheid kann innert 30 Tagen Einsprache erhoben werden.</p>
</body></html>`;

const NOTICE = DEMO_TEMPLATES.find(({ name }) => name === 'demo-notice')!;

describe(mergePdfs.name, () => {
  beforeAll(() => installFonts(undefined));
  afterAll(async () => {
    rmSync(work, { recursive: true, force: true });
    await closePdfExtractor();
  });

  describe("render-service's own documents", () => {
    /** The inputs in the order merged (each named for the messages), and what the merge made of them. */
    let inputs: Array<{ name: string; pdf: Uint8Array }>;
    let output: Buffer;

    beforeAll(async () => {
      const name = { name: 'Zoë Müller-Lüthi' };
      inputs = [
        { name: 'QR-bill invoice', pdf: await render('json', DEMO_QR_BILL.template, DEMO_QR_BILL.data) },
        { name: 'json letter', pdf: await render('json', LETTER, name) },
        { name: 'html with an image and links', pdf: await render('html', HTML, name) },
        { name: 'txt notice', pdf: await render('txt', NOTICE.template, NOTICE.data) },
        {
          name: 'QR-bill invoice, PDF/A-1b',
          pdf: await render('json', DEMO_QR_BILL.template, DEMO_QR_BILL.data, { pdfa: 'PDF/A-1b' }),
        },
        {
          name: 'json letter, PDF/A-2b and tagged',
          pdf: await render('json', LETTER, name, { pdfa: 'PDF/A-2b', tagged: true }),
        },
        { name: 'html, tagged', pdf: await render('html', HTML, name, { tagged: true }) },
      ];
      output = await merged(
        inputs.map(({ pdf }) => pdf),
        { title: 'Sammeldokument (1 0 R) für Zoë' },
      );
    }, 60_000);

    it('is one PDF 1.7 of all their pages that poppler reads without complaint', () => {
      const info = information(output);
      const pages = inputs.map(({ pdf }) => Number(information(pdf)['Pages']));
      expect(pages).toEqual([1, 2, 1, 1, 1, 2, 1]);
      expect(info).toMatchObject({
        Pages: String(pages.reduce((sum, count) => sum + count)),
        'PDF version': '1.7',
        Title: 'Sammeldokument (1 0 R) für Zoë',
        Producer: 'render-service',
        Encrypted: 'no',
        // What belonged to one document stays behind: the merge is neither tagged nor PDF/A.
        Tagged: 'no',
        'Metadata Stream': 'no',
      });
      expect(info['CreationDate']).toMatch(/\d{4}/);
    });

    /** Each input page's `what`, named by its document and page. */
    function byPage<T>(what: (pdf: Uint8Array) => T[]): Array<{ page: string; value: T }> {
      return inputs.flatMap(({ name, pdf }) =>
        what(pdf).map((value, index) => ({ page: `${name}, page ${index + 1}`, value })),
      );
    }

    it("holds each input page's text, in order (pdftotext)", () => {
      const expected = byPage(pageTexts);
      expect(expected.map(({ value }) => value).join('')).toContain('Zurück zur ersten Seite');
      const actual = pageTexts(output);
      expect(actual.map((text, index) => ({ page: expected[index]?.page, value: text }))).toEqual(expected);
    });

    it('draws each page as its input page, pixel for pixel (pdftoppm -r 50 -gray)', () => {
      const expected = byPage(rasters);
      const actual = rasters(output);
      expect(actual).toHaveLength(expected.length);
      const differences = actual.map((raster, index) => ({
        page: expected[index].page,
        different: differentPixels(raster, expected[index].value),
      }));
      expect(differences).toEqual(expected.map(({ page }) => ({ page, different: 0 })));
    });

    it('is read by pdf.js without a warning, its links leading where they led in their document', async () => {
      const read = await extractPdf(output);
      expect(read.warnings).toEqual([]);
      // A link to a page leads to the same page of the same document, now further on.
      const expected: ExtractedPdf['links'] = [];
      for (const { pdf } of inputs) {
        const first = expected.length;
        const { links } = await extractPdf(pdf);
        expected.push(
          ...links.map((page) =>
            page.map((link) => ('url' in link ? link : { page: first + (link.page ?? NaN) })),
          ),
        );
      }
      expect(expected.flat()).toEqual(
        expect.arrayContaining([
          { url: expect.stringContaining('example.org/akte?ref=1') },
          { url: expect.stringContaining('example.ch/gesuch?id=') },
          { page: 1 },
          { page: 3 },
          { page: 6 },
          { page: 8 },
        ]),
      );
      expect(read.links).toEqual(expected);
      expect(read.pages).toHaveLength(expected.length);
      expect(read.xmp).toBeNull();
      expect(read.markInfo).toBeNull();
    });

    it('copies strings byte for byte: no reference is rewritten inside one', () => {
      const text = output.toString('latin1');
      expect(text).toContain('/URI (https://example.org/akte?ref=1 0 R \\(2\\))');
      expect(text).toContain('/URI (https://www.example.ch/gesuch?id=\\(1 0 R\\))');
    });

    it('leaves behind what belonged to one document: structure, output intents, metadata, names', () => {
      const text = output.toString('latin1');
      for (const key of [
        '/StructTreeRoot',
        '/StructParents',
        '/OutputIntents',
        '/Metadata',
        '/Names',
        '/Info',
      ])
        expect({ key, count: text.split(key).length - 1 }).toEqual({ key, count: key === '/Info' ? 1 : 0 });
      expect(text.match(/\/Type \/Catalog/g)).toHaveLength(1);
      expect(text.match(/\/Type \/Pages/g)).toHaveLength(1);
    });
  });

  describe('syntax it must not misread', () => {
    it('never takes "n 0 R" in a literal string, a hex string or a name for a reference', async () => {
      // Parentheses that nest, escaped parentheses and backslashes, an octal escape (\061 is "1"),
      // a line continuation, a hex string of "1 0 R", a name with an escaped space.
      const tricky = [
        '(nested (1 0 R) and \\) escaped \\\\ 2 0 R \\061 0 R)',
        '(\\\\)',
        '(a \\\n3 0 R continued)',
        '<3120302052>',
      ];
      const annotation =
        `<< /Type /Annot /Subtype /Link /Rect [10 10 50 50] /Dest [3 0 R /Fit] /Contents ${tricky[0]} ` +
        `/T ${tricky[1]} /Subj ${tricky[2]} /NM ${tricky[3]} /A#20B 4 0 R >>`;
      const document = handMade([
        CATALOG,
        PAGES,
        [3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Annots [5 0 R] >>'],
        CONTENT,
        [5, annotation],
      ]);
      const first = handMade([CATALOG, PAGES, PAGE, CONTENT]);
      const output = await merged([first, document]);

      const text = output.toString('latin1');
      for (const string of tricky) expect(text).toContain(string);
      // Its real references were renumbered: the first document's page and contents are 4 and 5,
      // this one's page 6 and its contents 7.
      expect(text).toContain('/Dest [6 0 R /Fit]');
      expect(text).toContain('/A#20B 7 0 R');
      expect(information(output)['Pages']).toBe('2');
      const read = await extractPdf(output);
      expect(read.warnings).toEqual([]);
      expect(read.links).toEqual([[], [{ page: 1 }]]);
    });
  });

  describe('what it refuses', () => {
    const good = (): Buffer => handMade([CATALOG, PAGES, PAGE, CONTENT]);

    async function refusal(documents: readonly Uint8Array[]): Promise<PdfMergeRefused> {
      const chunks: Uint8Array[] = [];
      try {
        for await (const chunk of mergePdfs(inOrder(documents))) chunks.push(chunk);
      } catch (error) {
        if (!(error instanceof PdfMergeRefused)) throw error;
        return error;
      }
      throw new Error(`expected a refusal, the merge wrote ${Buffer.concat(chunks).length} bytes`);
    }

    it.each<[string, () => Uint8Array, RegExp]>([
      [
        'a cross-reference stream (and with it object streams)',
        crossReferenceStream,
        /its cross-references are a stream \(PDF 1\.5 compression, which also packs objects into object streams\)/,
      ],
      [
        'an object stream',
        () =>
          handMade([CATALOG, PAGES, PAGE, CONTENT, [5, stream('1 0 (x)', '/Type /ObjStm /N 1 /First 4')]]),
        /object 5 is an object stream \(\/Type \/ObjStm\)/,
      ],
      [
        'a hybrid file (/XRefStm)',
        () => handMade([CATALOG, PAGES, PAGE, CONTENT], '/Root 1 0 R /XRefStm 100'),
        /a cross-reference stream too \(\/XRefStm/,
      ],
      [
        'an indirect /Length',
        () =>
          handMade([CATALOG, PAGES, PAGE, [4, '<< /Length 5 0 R >>\nstream\n0 0 m\nendstream'], [5, '5']]),
        /the stream of object 4 has an indirect \/Length \(5 0 R\)/,
      ],
      [
        'a /Length that is not where the stream ends',
        () => handMade([CATALOG, PAGES, PAGE, [4, '<< /Length 3 >>\nstream\n0 0 m 100 100 l S\nendstream']]),
        /the stream of object 4 does not end \(endstream\) where its \/Length says/,
      ],
      ['garbage', () => Buffer.from('<html>not a PDF</html>'.repeat(50)), /does not begin with a PDF header/],
      [
        'random bytes after a PDF header',
        () => Buffer.concat([Buffer.from('%PDF-1.3\n'), Buffer.alloc(4000, 0x8a)]),
        /it has no startxref at its end/,
      ],
      [
        'PDF 2.0',
        () => handMade([CATALOG, PAGES, PAGE, CONTENT], '/Root 1 0 R', '%PDF-2.0'),
        /it is PDF 2\.0, which the merged PDF 1\.7 cannot claim to be/,
      ],
      [
        'an encrypted file',
        () =>
          handMade(
            [CATALOG, PAGES, PAGE, CONTENT, [5, '<< /Filter /Standard /V 1 >>']],
            '/Root 1 0 R /Encrypt 5 0 R',
          ),
        /it is encrypted \(\/Encrypt\)/,
      ],
      [
        'an incremental update',
        () => handMade([CATALOG, PAGES, PAGE, CONTENT], '/Root 1 0 R /Prev 9'),
        /updated incrementally \(\/Prev\)/,
      ],
      [
        'a nested page tree',
        () =>
          handMade([
            CATALOG,
            [2, '<< /Type /Pages /Count 1 /Kids [5 0 R] >>'],
            PAGE,
            CONTENT,
            [5, '<< /Type /Pages /Parent 2 0 R /Count 1 /Kids [3 0 R] >>'],
          ]),
        /its page tree is not flat/,
      ],
      [
        'a page tree root that pages inherit from',
        () =>
          handMade([
            CATALOG,
            [2, '<< /Type /Pages /Count 1 /Kids [3 0 R] /MediaBox [0 0 200 200] /Rotate 90 >>'],
            [3, '<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>'],
            CONTENT,
          ]),
        /its page tree root holds \/MediaBox, \/Rotate for its pages to inherit/,
      ],
      [
        'a reference to an object it does not hold',
        () =>
          handMade([
            CATALOG,
            PAGES,
            [3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources 9 0 R >>'],
            CONTENT,
          ]),
        /object 3 refers to 9 0 R, which the document does not hold/,
      ],
      [
        'a cross-reference table that points beside an object',
        () => handMade([CATALOG, PAGES, PAGE, CONTENT], '/Root 1 0 R', '%PDF-1.3', 4),
        /its cross-reference table puts object 4 at byte \d+, where "4 0 obj" does not begin/,
      ],
      [
        'a string that does not end',
        () => handMade([CATALOG, PAGES, [3, '<< /Type /Page /Parent 2 0 R /T (open ( >>'], CONTENT]),
        /it is not well-formed PDF \(the string that begins at byte \d+ does not end\)/,
      ],
    ])('refuses %s, naming the document and why', async (_, document, reason) => {
      const refused = await refusal([good(), document()]);
      expect(refused.message).toMatch(/^Document 2 cannot be merged: /);
      expect(refused.message).toMatch(reason);
      expect(refused.documentIndex).toBe(1);
    });

    it('refuses no documents at all', async () => {
      const refused = await refusal([]);
      expect(refused.message).toBe('There are no documents to merge.');
      expect(refused.documentIndex).toBeUndefined();
    });

    it('merges the hand-made document those refusals start from', async () => {
      expect(information(await merged([good(), good()]))['Pages']).toBe('2');
    });
  });

  describe('memory', () => {
    // A full garbage collection before each measure, so that what is measured is what is still held
    // (Jest runs without --expose-gc; the flag exposes gc to a context made after it is set).
    setFlagsFromString('--expose-gc');
    const collectGarbage = runInNewContext('gc') as () => void;
    /** The JavaScript heap and the buffers outside it, where the PDF's bytes are. */
    const held = (): number => {
      collectGarbage();
      const { heapUsed, arrayBuffers } = process.memoryUsage();
      return heapUsed + arrayBuffers;
    };
    const BOUND = 30 * 1024 * 1024;

    /** Merges `copies` of the invoice, giving each chunk to `consume`; the most held above the start. */
    async function peakGrowth(invoice: Uint8Array, copies: number, consume: (chunk: Uint8Array) => void) {
      const before = held();
      let peak = 0;
      async function* documents(): AsyncGenerator<Uint8Array> {
        for (let index = 1; index <= copies; index += 1) {
          await setImmediate();
          yield invoice;
          if (index % 250 === 0) peak = Math.max(peak, held() - before);
        }
      }
      let bytes = 0;
      for await (const chunk of mergePdfs(documents())) {
        bytes += chunk.length;
        consume(chunk);
      }
      return { peak, bytes };
    }

    it('merges 2,000 invoices holding no more than a few MB, however much it writes', async () => {
      const invoice = await render('json', DEMO_QR_BILL.template, DEMO_QR_BILL.data);
      const { peak, bytes } = await peakGrowth(invoice, 2000, () => undefined);
      // It writes far more than it may hold.
      expect(bytes).toBeGreaterThan(1.5 * BOUND);
      expect(peak).toBeLessThan(BOUND);

      // The measure sees what a merge holds: a consumer that keeps the chunks passes the bound.
      const kept: Uint8Array[] = [];
      const keeping = await peakGrowth(invoice, 2000, (chunk) => kept.push(chunk));
      expect(keeping.peak).toBeGreaterThan(BOUND);
    }, 120_000);
  });
});

type HandMadeObject = readonly [number, string];

/** A stream object's body: its dictionary (with `entries`) and its bytes. */
function stream(content: string, entries = ''): string {
  return `<< /Length ${Buffer.byteLength(content, 'latin1')} ${entries} >>\nstream\n${content}\nendstream`;
}

const CATALOG: HandMadeObject = [1, '<< /Type /Catalog /Pages 2 0 R >>'];
const PAGES: HandMadeObject = [2, '<< /Type /Pages /Count 1 /Kids [3 0 R] >>'];
const PAGE: HandMadeObject = [3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>'];
const CONTENT: HandMadeObject = [4, stream('0 0 m 100 100 l S')];

/** A PDF of the objects (each its number and what follows `n 0 obj`) laid out as pdfkit lays out its files. */
function handMade(
  objects: readonly HandMadeObject[],
  trailer = '/Root 1 0 R',
  header = '%PDF-1.3',
  /** An object whose offset the table gives one byte too far. */
  misplaced?: number,
): Buffer {
  let text = `${header}\n%\u00ff\u00ff\u00ff\u00ff\n`;
  const offsets = new Map<number, number>();
  for (const [number, body] of objects) {
    offsets.set(number, text.length + (number === misplaced ? 1 : 0));
    text += `${number} 0 obj\n${body}\nendobj\n`;
  }
  const size = Math.max(...offsets.keys()) + 1;
  const table = text.length;
  text += `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let number = 1; number < size; number += 1)
    text += `${String(offsets.get(number) ?? 0).padStart(10, '0')} 00000 ${offsets.has(number) ? 'n' : 'f'} \n`;
  text += `trailer\n<< /Size ${size} ${trailer} >>\nstartxref\n${table}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

/** A PDF whose cross-references are a stream (PDF 1.5), as most writers other than pdfkit write. */
function crossReferenceStream(): Buffer {
  const table = handMade([CATALOG, PAGES, PAGE, CONTENT]).toString('latin1');
  const body = table.slice(0, table.indexOf('xref\n'));
  const offset = body.length;
  const xrefStream = `5 0 obj\n${stream('', '/Type /XRef /Size 6 /W [1 2 1] /Root 1 0 R')}\nendobj\n`;
  return Buffer.from(`${body}${xrefStream}startxref\n${offset}\n%%EOF\n`, 'latin1');
}
