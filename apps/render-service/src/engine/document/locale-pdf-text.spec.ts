// Contract 9, "Documents in every national language": what each formatter writes reaches the PDF
// as Intl wrote it, every character drawn from the embedded fonts (no missing-glyph box).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import pdfmake from 'pdfmake';

import { closePdfExtractor, extractPdf } from '../../../test/pdf-text';

import { openFont } from '../pdf/font-stand-ins';
import { DEFAULT_FONT, installFonts } from '../pdf/fonts';
import { type Locale, LOCALES } from '../template/helpers';
import { type RenderTask, runTask } from './render-document';
import { TemplateCache } from '../template/template-engine';

const templates = new TemplateCache();
const dir = mkdtempSync(path.join(tmpdir(), 'locale-pdf-'));
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await closePdfExtractor();
});

const DATE = new Date('2026-08-05T12:00:00Z');
const zurich = (locale: Locale, options: Intl.DateTimeFormatOptions): string =>
  new Intl.DateTimeFormat(locale, { timeZone: 'Europe/Zurich', ...options }).format(DATE);
const number = (locale: Locale, options: Intl.NumberFormatOptions, value: number): string =>
  new Intl.NumberFormat(locale, { signDisplay: 'negative', ...options }).format(value);
const franc = { style: 'currency', currency: 'CHF' } as const;

/** Each formatter's use, and what Intl writes for it (built here, not by template/helpers.ts). */
const USES: ReadonlyArray<readonly [string, (locale: Locale) => string]> = [
  ['{{chf 12345.5}}', (locale) => number(locale, franc, 12345.5)],
  ['{{chf -20000}}', (locale) => number(locale, franc, -20000)],
  ['{{chf 0}}', (locale) => number(locale, franc, 0)],
  ['{{formatNumber 1234567.891}}', (locale) => number(locale, {}, 1234567.891)],
  [
    '{{formatNumber -98765.4 2}}',
    (locale) => number(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }, -98765.4),
  ],
  [
    '{{formatPercent 0.0775}}',
    (locale) => number(locale, { style: 'percent', maximumFractionDigits: 2 }, 0.0775),
  ],
  ['{{formatDate day "long"}}', (locale) => zurich(locale, { dateStyle: 'long' })],
  ['{{formatDate day "short"}}', (locale) => zurich(locale, { dateStyle: 'short' })],
  [
    '{{formatDate day "full" time="short"}}',
    (locale) => zurich(locale, { dateStyle: 'full', timeStyle: 'short' }),
  ],
  // The time zone's name: French and Italian write it with a typographic apostrophe (U+2019).
  [
    '{{formatDate day "long" time="full"}}',
    (locale) => zurich(locale, { dateStyle: 'long', timeStyle: 'full' }),
  ],
];

const TEMPLATES: Record<'json' | 'html' | 'md', string> = {
  // Handlebars' single quotes: a JSON string holds no bare double quote.
  json: JSON.stringify({ content: USES.map(([use], index) => `${index}: ${use.replace(/"/g, "'")}`) }),
  html: `<html><body>${USES.map(([use], index) => `<p>${index}: ${use}</p>`).join('')}</body></html>`,
  md: USES.map(([use], index) => `${index}: ${use}`).join('\n\n'),
};

async function pdfText(inputFormat: RenderTask['inputFormat'], template: string, locale: Locale) {
  const outcome = await runTask(
    {
      kind: 'render',
      inputFormat,
      outputFormat: 'pdf',
      template,
      templateLabel: 'test',
      data: JSON.stringify({ day: DATE.toISOString() }),
      rendererOptions: JSON.stringify({ locale }),
    },
    templates,
  );
  if (!outcome.ok) throw new Error(outcome.message);
  const file = path.join(dir, `${inputFormat}-${locale}.pdf`);
  writeFileSync(file, outcome.bytes);
  // poppler writes every Unicode space as U+0020; pdf.js's glyphs read the ToUnicode map as it is.
  const poppler = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  const pdf = await extractPdf(outcome.bytes);
  const text = pdf.runs
    .flat()
    .map((run) => run.text)
    .join('');
  return { text, poppler, warnings: outcome.warnings };
}

describe('formatters in a PDF, in every national language', () => {
  beforeAll(() => installFonts(undefined));

  describe.each(LOCALES.map((locale) => [locale]))('%s', (locale) => {
    it.each(['json', 'html', 'md'] as const)(
      'a %s template: the extracted text is what Intl writes',
      async (format) => {
        const { text, poppler, warnings } = await pdfText(format, TEMPLATES[format], locale);
        const lines = poppler.split('\n').map((line) => line.trim());
        for (const [index, [, expected]] of USES.entries()) {
          // Exactly, by the PDF's own text (pdf.js); and as poppler reads it, which spaces every space.
          expect(text).toContain(`${index}: ${expected(locale)}`);
          expect(lines).toContain(`${index}: ${expected(locale).replace(/\u00a0/g, ' ')}`);
        }
        expect(poppler).not.toContain('\u0000');
        expect(warnings.filter((warning) => warning.includes('glyph'))).toEqual([]);
      },
    );
  });

  it("fr-CH amounts carry Intl's apostrophes and a real no-break space; a narrow one from the template stays", async () => {
    const { text } = await pdfText('txt', '{{chf 12345.5}} {{chf -20000}} 10\u202f%', 'fr-CH');
    expect(text).toBe("12'345.50\u00a0CHF -20'000.00\u00a0CHF 10\u202f%");
  });

  it('every character a formatter writes has a glyph (not .notdef) in each style of the default font', () => {
    const written = new Set<number>();
    for (const locale of LOCALES)
      for (const [, expected] of USES)
        for (const character of expected(locale)) written.add(character.codePointAt(0) as number);
    const files = pdfmake.virtualfs as unknown as { readFileSync(name: string): Buffer };
    for (const style of ['Regular', 'Medium', 'Italic', 'MediumItalic']) {
      const font = openFont(files.readFileSync(`fonts/${DEFAULT_FONT}/Roboto-${style}.ttf`));
      const missing = [...written].filter((codePoint) => font.glyphForCodePoint(codePoint).id === 0);
      expect([style, missing.map((codePoint) => codePoint.toString(16))]).toEqual([style, []]);
    }
    // Among them the separators: the no-break space before or after CHF, the apostrophe that
    // groups digits in the Swiss locales, the typographic one of French and Italian zone names.
    expect(written).toContain(0x00a0);
    expect(written).toContain(0x0027);
    expect(written).toContain(0x2019);
  });

  it('names a character no embedded font holds in the warnings', async () => {
    const { warnings } = await pdfText('txt', 'Tax \u4e2d\u{1f600} {{chf 1}}', 'fr-CH');
    expect(warnings).toEqual(['no embedded font has a glyph for U+4E2D, U+1F600 (drawn as a box)']);
  });
});
