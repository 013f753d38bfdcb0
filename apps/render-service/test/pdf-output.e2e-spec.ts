import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { closePdfExtractor, type ExtractedPdf, extractPdf, itemsWith, type TextItem } from './pdf-text';
import { json, render, type RenderBody, type RenderService, startRenderService } from './render-test-app';

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

const LETTER_DATA = {
  subject: 'Votre demande',
  sender: 'Service de la population, Genève',
  object: 'Permis de séjour',
  amount: 'CHF 125.60',
  note: 'Merci',
};

describe('render-service pdf output: CSS (HTTP, real PostgreSQL)', () => {
  let service: RenderService;
  let fontsDir: string;

  beforeAll(async () => {
    // A second family for FONTS_DIR, for font-family: Liberation Sans, which pdf.js ships.
    fontsDir = mkdtempSync(path.join(tmpdir(), 'render-fonts-'));
    const liberation = path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts');
    for (const style of ['Regular', 'Bold', 'Italic', 'BoldItalic'])
      copyFileSync(
        path.join(liberation, `LiberationSans-${style}.ttf`),
        path.join(fontsDir, `Liberation-${style}.ttf`),
      );
    service = await startRenderService('render_pdf_output', { FONTS_DIR: fontsDir });
  });

  afterAll(async () => {
    await service?.close();
    await closePdfExtractor();
    rmSync(fontsDir, { recursive: true, force: true });
  });

  async function renderPdf(body: RenderBody) {
    const response = await render(service.renderer, { outputFormat: 'pdf', ...body });
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
        'CSS padding is not supported in PDF (on p)',
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

    it('exposes the warnings header to browsers (CORS)', async () => {
      const response = await render(
        service.renderer,
        { inputFormat: 'html', outputFormat: 'pdf', templateData: '<p style="padding: 1px">A</p>' },
        { headers: { Origin: 'http://localhost:4200' } },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-expose-headers')).toContain('X-Render-Warnings');
      expect(response.headers.get('x-render-warnings')).toBe('CSS padding is not supported in PDF (on p)');
    });
  });
});
