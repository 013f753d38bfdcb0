import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PNG } from 'pngjs';

import {
  closePdfExtractor,
  type ExtractedPdf,
  extractPdf,
  itemsWith,
  pdfObjects,
  type StructNode,
  type TextItem,
} from './pdf-text';
import {
  json,
  liberationFontsDir,
  render,
  type RenderBody,
  type RenderService,
  startRenderService,
} from './render-test-app';

// A4 with pdfmake's default margins of 40 points.
const PAGE_WIDTH = 595.28;
const MARGIN = 40;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const RIGHT_EDGE = PAGE_WIDTH - MARGIN;

/** The one piece of text (pdf.js gives a word at a time here) that is `word`. */
const word = (pdf: ExtractedPdf, text: string): TextItem => {
  const items = itemsWith(pdf, text);
  expect(items).toHaveLength(1);
  return items[0];
};
/** The colours the words of `text` were drawn in. */
const coloursOf = (pdf: ExtractedPdf, text: string): string[] => {
  const words = text.split(' ');
  return [
    ...new Set((pdf.runs[0] ?? []).filter((run) => words.includes(run.text.trim())).map((run) => run.color)),
  ];
};

/** The element roles below the Document element of a page's structure tree, in order. */
function roles(tree: StructNode | null): string[] {
  const document = tree?.children?.[0];
  expect(document?.role).toBe('Document');
  return (document?.children ?? []).map((child) => child.role ?? `(${child.type})`);
}

// A letter styled the way authors write for a browser: a <style> block with class rules.
const STYLED_LETTER = `<!DOCTYPE html>
<html lang="fr">
<head>
<meta charset="utf-8">
<title>{{subject}}</title>
<style>
  body { font-family: "Liberation", sans-serif; color: #222222; }
  .sender { text-align: right; color: #1f4e79; }
  h1.subject { text-align: center; color: rgb(192, 0, 0); font-size: 16pt; }
  table.lines { width: 100%; border-collapse: collapse; }
  td.label { width: 30%; }
  td.value { width: 70%; }
  td.amount { text-align: right; color: #006400; font-weight: bold; }
  p.note { font-family: Georgia, serif; padding: 4px; letter-spacing: 2px; font-style: italic; }
  a:hover { color: red; }
  @media print { body { color: black; } }
</style>
</head>
<body>
  <p class="sender">{{sender}}</p>
  <h1 class="subject">{{subject}}</h1>
  <table class="lines">
    <tr><td class="label">Objet</td><td class="value">{{object}}</td></tr>
    <tr><td class="label">Montant</td><td class="value amount">{{amount}}</td></tr>
  </table>
  <p class="note">{{note}}</p>
</body>
</html>`;

/** What a PDF's first page shows, as poppler's pdftoppm rasterises it (72 dpi: a pixel a point, grey levels). */
function firstPagePixels(bytes: Uint8Array): {
  width: number;
  height: number;
  grey: (x: number, y: number) => number;
} {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-table-'));
  try {
    writeFileSync(path.join(dir, 'document.pdf'), bytes);
    execFileSync('pdftoppm', ['-r', '72', '-gray', '-png', '-f', '1', '-l', '1', 'document.pdf', 'page'], {
      cwd: dir,
    });
    const [file] = readdirSync(dir).filter((name) => name.endsWith('.png'));
    const png = PNG.sync.read(readFileSync(path.join(dir, file)));
    return { width: png.width, height: png.height, grey: (x, y) => png.data[(y * png.width + x) * 4] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What a table drew besides its text: the longest run of dark pixels in a row or a column (a
 * line; glyphs make short runs) and how many pixels are a light grey fill (#EEEEEE is 238).
 */
function tableMarks(bytes: Uint8Array): { longestLine: number; greyFill: number } {
  const { width, height, grey } = firstPagePixels(bytes);
  let longestLine = 0;
  let greyFill = 0;
  for (let y = 0; y < height; y += 1) {
    let run = 0;
    for (let x = 0; x < width; x += 1) {
      const value = grey(x, y);
      if (value >= 225 && value <= 248) greyFill += 1;
      run = value < 160 ? run + 1 : 0;
      longestLine = Math.max(longestLine, run);
    }
  }
  for (let x = 0; x < width; x += 1) {
    let run = 0;
    for (let y = 0; y < height; y += 1) {
      run = grey(x, y) < 160 ? run + 1 : 0;
      longestLine = Math.max(longestLine, run);
    }
  }
  return { longestLine, greyFill };
}

const TABLE_ROWS =
  '<tr><th>Gebühr</th><th>Betrag</th></tr><tr><td>Wohnsitzbestätigung</td><td>CHF 20.00</td></tr>' +
  '<tr><td>Porto</td><td>CHF 1.10</td></tr>';

const LETTER_DATA = {
  subject: 'Votre demande',
  sender: 'Service de la population, Genève',
  object: 'Permis de séjour',
  amount: 'CHF 125.60',
  note: 'Merci',
};

describe('render-service pdf output: CSS, PDF/A and tagged PDF (HTTP, real PostgreSQL)', () => {
  let service: RenderService;
  let fontsDir: string;

  beforeAll(async () => {
    // A second family for FONTS_DIR, for font-family: Liberation Sans, which pdf.js ships.
    fontsDir = liberationFontsDir();
    service = await startRenderService('render_pdf_output', { FONTS_DIR: fontsDir });
  });

  afterAll(async () => {
    await service?.close();
    await closePdfExtractor();
    rmSync(fontsDir, { recursive: true, force: true });
  });

  async function renderPdf(body: RenderBody, headers: Record<string, string> = {}) {
    const response = await render(service.renderer, { outputFormat: 'pdf', ...body }, { headers });
    expect(response.status).toBe(200);
    return { response, pdf: await extractPdf(response.bytes) };
  }

  describe('CSS in html to pdf', () => {
    it('applies the class rules of <style> blocks: colours, alignment, widths, fonts', async () => {
      const { response, pdf } = await renderPdf({
        inputFormat: 'html',
        templateData: STYLED_LETTER,
        data: json(LETTER_DATA),
      });

      // Colours from class rules, and the body's for the rest.
      expect(coloursOf(pdf, 'Service population, Genève')).toEqual(['#1f4e79']);
      expect(coloursOf(pdf, 'Votre demande')).toEqual(['#c00000']);
      expect(coloursOf(pdf, 'CHF 125.60')).toEqual(['#006400']);
      expect(coloursOf(pdf, 'Objet Permis séjour Montant Merci')).toEqual(['#222222']);

      // text-align: right ends at the right margin; center is centred on the page; 16pt.
      const genève = word(pdf, 'Genève');
      expect(genève.x + genève.width).toBeCloseTo(RIGHT_EDGE, 1);
      const [votre, demande] = [word(pdf, 'Votre'), word(pdf, 'demande')];
      expect((votre.x + demande.x + demande.width) / 2).toBeCloseTo(PAGE_WIDTH / 2, 1);
      expect(votre.height).toBe(16);

      // Widths: the table spans the text width (width: 100%), its first column 30 % of it, so
      // the second column's text starts there, past half the 1-point rule and pdfmake's 4-point
      // cell padding; right-aligned text ends 1 + 4 points inside the right margin.
      expect(word(pdf, 'Objet').x).toBeCloseTo(MARGIN + 1 + 4, 1);
      expect(word(pdf, 'Permis').x).toBeCloseTo(MARGIN + 0.3 * TEXT_WIDTH + 0.5 + 4, 1);
      const amount = word(pdf, '125.60');
      expect(amount.x + amount.width).toBeCloseTo(RIGHT_EDGE - 1 - 4, 1);
      // Without the class rules the same table is as wide as its text: the rules made the widths.
      const unstyled = await extractPdf(
        (
          await render(service.renderer, {
            inputFormat: 'html',
            outputFormat: 'pdf',
            templateData: STYLED_LETTER.replace(/<style>[\s\S]*<\/style>/, ''),
            data: json(LETTER_DATA),
          })
        ).bytes,
      );
      expect(word(unstyled, 'Permis').x).toBeLessThan(word(pdf, 'Permis').x - 50);
      expect(coloursOf(unstyled, 'Service population, Genève')).toEqual(['#000000']);

      // font-family: the installed family it names; Georgia is not installed, so Roboto.
      const names = pdf.fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, ''));
      expect(names).toEqual(
        expect.arrayContaining(['LiberationSans', 'LiberationSans-Bold', 'Roboto-Italic']),
      );

      // What the PDF cannot honour is named, not dropped silently.
      const warnings = (response.headers.get('x-render-warnings') ?? '').split('; ');
      expect(warnings).toEqual([
        'CSS rules for :hover are not applied in PDF',
        'CSS @media rules are not applied in PDF',
        "font-family 'Georgia' is not installed, Roboto is used",
        'CSS letter-spacing is not supported in PDF (on p)',
      ]);
      // The HTML <title> is the PDF's.
      expect(pdf.info['Title']).toBe('Votre demande');
    });

    it('renders the same letter as html with its <style> untouched', async () => {
      const response = await render(service.renderer, {
        inputFormat: 'html',
        outputFormat: 'html',
        templateData: STYLED_LETTER,
        data: json(LETTER_DATA),
      });
      expect(response.status).toBe(200);
      expect(response.text).toContain('.sender { text-align: right; color: #1f4e79; }');
      expect(response.headers.get('x-render-warnings')).toBeNull();
    });

    it('sends no warnings header when everything is honoured, and caps a long list', async () => {
      const clean = await render(service.renderer, {
        inputFormat: 'html',
        outputFormat: 'pdf',
        templateData: '<style>p { color: #123456; margin: 4px 8px }</style><p>A</p>',
      });
      expect(clean.status).toBe(200);
      expect(clean.headers.get('x-render-warnings')).toBeNull();

      const properties = Array.from({ length: 30 }, (_, index) => `x-prop-${index}: 1`).join('; ');
      const noisy = await render(service.renderer, {
        inputFormat: 'html',
        outputFormat: 'pdf',
        templateData: `<p style="${properties}">A</p>`,
      });
      expect(noisy.status).toBe(200);
      const warnings = (noisy.headers.get('x-render-warnings') ?? '').split('; ');
      expect(warnings).toHaveLength(21);
      expect(warnings[0]).toBe('CSS x-prop-0 is not supported in PDF (on p)');
      expect(warnings[20]).toBe('and 10 more');
    });

    it('draws a table as its HTML shows it: no lines and no header fill unless the CSS (or border attribute) asks', async () => {
      const marksOf = async (html: string) => {
        const response = await render(service.renderer, {
          inputFormat: 'html',
          outputFormat: 'pdf',
          templateData: `<html><head><style>table { width: 100%; } ${html}</style></head><body><table${html.includes('BORDER') ? ' border="1"' : ''}>${TABLE_ROWS}</table></body></html>`,
        });
        expect(response.status).toBe(200);
        expect(response.headers.get('x-render-warnings')).toBeNull();
        return tableMarks(response.bytes);
      };
      // Unstyled: the browser draws neither grid nor fill.
      const plain = await marksOf('');
      expect(plain.longestLine).toBeLessThan(40);
      expect(plain.greyFill).toBeLessThan(300);
      // `background-color: transparent` on th: no fill either.
      const transparent = await marksOf('th { background-color: transparent; }');
      expect(transparent.greyFill).toBeLessThan(300);
      // What the CSS asks is drawn: a fill, and lines under the cells (the width of the table).
      const filled = await marksOf('th { background-color: #eeeeee; }');
      expect(filled.greyFill).toBeGreaterThan(1000);
      const ruled = await marksOf('td, th { border-bottom: 1px solid #000000; }');
      expect(ruled.longestLine).toBeGreaterThan(200);
      // The border attribute draws every cell's lines, as a browser does.
      const framed = await marksOf('/* BORDER */');
      expect(framed.longestLine).toBeGreaterThan(200);
    });

    it('exposes the warnings header to browsers (CORS)', async () => {
      const response = await render(
        service.renderer,
        { inputFormat: 'html', outputFormat: 'pdf', templateData: '<p style="letter-spacing: 1px">A</p>' },
        { headers: { Origin: 'http://localhost:4200' } },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-expose-headers')).toContain('X-Render-Warnings');
      expect(response.headers.get('x-render-warnings')).toBe(
        'CSS letter-spacing is not supported in PDF (on p)',
      );
    });
  });

  describe('PDF/A', () => {
    const INVOICE = JSON.stringify({
      content: [
        { text: 'Rechnung {{number}}', fontSize: 16, bold: true },
        { text: 'Total {{total}}', italics: true },
        { table: { body: [['Gebühr', '450.00']] } },
      ],
    });

    it.each([
      ['PDF/A-1b', '1', '1.4'],
      ['PDF/A-2b', '2', '1.7'],
      ['PDF/A-3b', '3', '1.7'],
    ])(
      '%s: pdfaid in the XMP, every font embedded, an sRGB output intent, the title shown',
      async (part, number, version) => {
        const title = 'R&D <Rechnung> 2026';
        const { response, pdf } = await renderPdf({
          inputFormat: 'json',
          templateData: INVOICE,
          data: json({ number: '2026-0042', total: 'CHF 710.60' }),
          rendererOptions: json({ pdfa: part, info: { title, author: 'Gemeinde Müllheim' } }),
        });
        expect(pdf.info['PDFFormatVersion']).toBe(version);
        expect(pdf.xmp?.['pdfaid:part']).toBe(number);
        expect(pdf.xmp?.['pdfaid:conformance']).toBe('B');
        // The XMP is well-formed and agrees with the information dictionary.
        expect(pdf.info['Title']).toBe(title);
        expect(pdf.xmp?.['dc:title']).toBe(title);
        expect(pdf.xmpRaw).toContain('R&amp;D &lt;Rechnung&gt; 2026');

        // Every font the text uses is embedded; none of the standard 14 is referenced.
        expect(pdf.fonts.length).toBeGreaterThanOrEqual(2);
        for (const font of pdf.fonts) expect(font).toEqual({ name: expect.any(String), embedded: true });
        const raw = Buffer.from(response.bytes).toString('latin1');
        expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier|Symbol|ZapfDingbats)/);
        expect(raw.match(/\/FontFile2 /g)?.length).toBe(raw.match(/\/Type \/FontDescriptor/g)?.length);
        if (part === 'PDF/A-1b') expect(raw).toContain('/CIDSet ');

        // The output intent: GTS_PDFA1 with the sRGB ICC profile (3 components).
        const objects = pdfObjects(response.bytes);
        const intents = /\/OutputIntents \[(\d+) 0 R\]/.exec(objects.catalog);
        expect(intents).not.toBeNull();
        const intent = objects.object(Number(intents?.[1]));
        expect(intent).toContain('/S /GTS_PDFA1');
        expect(intent).toContain('/OutputConditionIdentifier (sRGB IEC61966-2.1)');
        const profile = /\/DestOutputProfile (\d+) 0 R/.exec(intent);
        expect(objects.object(Number(profile?.[1]))).toMatch(/\/N 3\b/);

        // Viewers show the title; the language is the locale's (de-CH by default).
        expect(pdf.viewerPreferences).toMatchObject({ DisplayDocTitle: true });
        expect(pdf.info['Language']).toBe('de-CH');
        expect(objects.catalog).not.toContain('/Encrypt');
      },
    );

    it('leaves a render without pdfa as it was: PDF 1.3, no XMP, no output intent', async () => {
      const { response, pdf } = await renderPdf({ inputFormat: 'json', templateData: INVOICE });
      expect(pdf.info['PDFFormatVersion']).toBe('1.3');
      expect(pdf.xmp).toBeNull();
      expect(pdfObjects(response.bytes).catalog).not.toContain('/OutputIntents');
      expect(pdf.markInfo).toBeNull();
    });

    it.each([
      [
        'a watermark in PDF/A-1b (drawn light, so transparent, unless it sets opacity 1)',
        { pdfa: 'PDF/A-1b', watermark: 'ENTWURF' },
        /PDF\/A-1b forbids transparency: watermark.opacity is 0.1 .*use PDF\/A-2b, or watermark.opacity 1/,
      ],
      [
        'text with an opacity in PDF/A-1b',
        { pdfa: 'PDF/A-1b' },
        /PDF\/A-1b forbids transparency: content\[0\]\.opacity/,
        '{"content": [{"text": "x", "opacity": 0.5}]}',
      ],
      [
        'an embedded file in PDF/A-2b',
        { pdfa: 'PDF/A-2b' },
        /PDF\/A-2b does not allow this embedded file \(files\)/,
        '{"content": ["x"], "files": {"a.txt": {"src": "data:text/plain;base64,eA=="}}}',
      ],
      [
        'a password in PDF/A-3b',
        { pdfa: 'PDF/A-3b' },
        /PDF\/A-3b forbids encryption: the document sets userPassword/,
        '{"content": ["x"], "userPassword": "secret"}',
      ],
    ])('refuses %s with 422', async (_case, options, detail, template = INVOICE) => {
      const response = await render(service.renderer, {
        inputFormat: 'json',
        outputFormat: 'pdf',
        templateData: template,
        rendererOptions: json(options),
      });
      expect(response.status).toBe(422);
      expect(response.body.detail).toMatch(detail);
    });

    it('takes a PDF/A-1b watermark drawn opaque, and PDF/A-2b transparency', async () => {
      for (const options of [
        { pdfa: 'PDF/A-1b', watermark: { text: 'ENTWURF', opacity: 1, color: '#eeeeee' } },
        { pdfa: 'PDF/A-2b', watermark: 'ENTWURF' },
      ]) {
        const { pdf } = await renderPdf({
          inputFormat: 'json',
          templateData: INVOICE,
          rendererOptions: json(options),
        });
        expect(pdf.text).toContain('ENTWURF');
      }
    });
  });

  describe('tagged PDF', () => {
    // 1 x 1 pixel PNG.
    const PIXEL =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

    it('gives html a structure tree: headings, paragraphs, artifacts; language from the locale', async () => {
      const { response, pdf } = await renderPdf({
        inputFormat: 'html',
        templateData:
          '<h1>Décision</h1><p>Madame,</p><p>Nous avons le plaisir de vous informer que votre demande est acceptée.</p>' +
          '<hr><table><tr><td>Montant</td><td>CHF 125.60</td></tr></table><h2>Voies de droit</h2><p>Recours dans les 30 jours.</p>',
        rendererOptions: json({ tagged: true, locale: 'fr-CH', info: { title: 'Décision' } }),
      });
      expect(pdf.markInfo).toMatchObject({ Marked: true });
      expect(pdf.info['Language']).toBe('fr-CH');
      expect(pdf.info['PDFFormatVersion']).toBe('1.7');
      expect(pdf.viewerPreferences).toMatchObject({ DisplayDocTitle: true });
      expect(pdf.xmp?.['dc:title']).toBe('Décision');
      const catalog = pdfObjects(response.bytes).catalog;
      expect(catalog).toMatch(/\/StructTreeRoot \d+ 0 R/);
      expect(catalog).toContain('/Lang (fr-CH)');
      // Every text node is an element with its content; rules and table lines are artifacts.
      expect(roles(pdf.structTrees[0] ?? null)).toEqual(['H1', 'P', 'P', 'P', 'P', 'H2', 'P']);
      const document = pdf.structTrees[0]?.children?.[0];
      for (const element of document?.children ?? [])
        expect(element.children).toEqual(
          expect.arrayContaining([expect.objectContaining({ type: 'content' })]),
        );
      expect(pdf.text).toContain('Voies de droit');
    });

    it('keeps lang over the locale, marks headings in json by nodeName and images by alt', async () => {
      const { pdf } = await renderPdf({
        inputFormat: 'json',
        templateData: JSON.stringify({
          content: [
            { text: 'Entscheid', nodeName: 'H1', fontSize: 18 },
            { image: PIXEL, width: 20, alt: 'Wappen der Gemeinde' },
            { image: PIXEL, width: 20 },
            { text: 'Sehr geehrte Frau Müller' },
          ],
        }),
        rendererOptions: json({ tagged: true, lang: 'rm-CH', pdfa: 'PDF/A-2b' }),
      });
      expect(pdf.info['Language']).toBe('rm-CH');
      expect(pdf.xmp?.['pdfaid:part']).toBe('2');
      expect(roles(pdf.structTrees[0] ?? null)).toEqual(['H1', 'Figure', 'P']);
      const figure = pdf.structTrees[0]?.children?.[0]?.children?.[1];
      expect(figure?.alt).toBe('Wappen der Gemeinde');
    });

    it("takes the document's language from the render's locale: the template's <html lang>, else Accept-Language", async () => {
      const tagged = json({ tagged: true });
      const declared = await renderPdf(
        {
          inputFormat: 'html',
          templateData: '<html lang="it-CH"><body><p>Decisione</p></body></html>',
          rendererOptions: tagged,
        },
        { 'accept-language': 'fr-CH' },
      );
      expect(declared.pdf.info['Language']).toBe('it-CH');
      const asked = await renderPdf(
        { inputFormat: 'md', templateData: '# Décision', rendererOptions: json({ pdfa: 'PDF/A-2b' }) },
        { 'accept-language': 'fr-CH, en;q=0.8' },
      );
      expect(asked.pdf.info['Language']).toBe('fr-CH');
      const unasked = await renderPdf({
        inputFormat: 'txt',
        templateData: 'Entscheid',
        rendererOptions: tagged,
      });
      expect(unasked.pdf.info['Language']).toBe('de-CH');
    });

    it('leaves an untagged render without structure', async () => {
      const { pdf } = await renderPdf({ inputFormat: 'html', templateData: '<h1>A</h1><p>B</p>' });
      expect(pdf.structTrees[0]?.children ?? []).toEqual([]);
      expect(pdf.markInfo).toBeNull();
    });
  });

  describe('options', () => {
    it.each([
      [{ pdfa: 'PDF/A-4' }, /rendererOptions\.pdfa must be one of PDF\/A-1b, PDF\/A-2b, PDF\/A-3b/],
      [{ pdfa: true }, /rendererOptions\.pdfa must be one of/],
      [{ tagged: 'yes' }, /rendererOptions\.tagged must be true or false/],
      [{ lang: 'français' }, /rendererOptions\.lang must be a language tag/],
      [{ lang: '' }, /rendererOptions\.lang must be a language tag/],
    ])('refuses %j with 422 naming the option', async (options, detail) => {
      const response = await render(service.renderer, {
        inputFormat: 'txt',
        outputFormat: 'pdf',
        templateData: 'x',
        rendererOptions: json(options),
      });
      expect(response.status).toBe(422);
      expect(response.body.detail).toMatch(detail);
    });

    it('reads the PDF/A part in any case', async () => {
      const { pdf } = await renderPdf({
        inputFormat: 'txt',
        templateData: 'x',
        rendererOptions: json({ pdfa: 'pdf/a-3B' }),
      });
      expect(pdf.xmp?.['pdfaid:part']).toBe('3');
    });
  });
});
