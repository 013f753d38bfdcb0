// An SVG's text (a canton's wordmark in its logo) is drawn in the embedded fonts, like every
// other text: never in a font the PDF does not embed, and without a warning on the console.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { closePdfExtractor, extractPdf } from '../../../test/pdf-text';

import { installFonts } from '../pdf/fonts';
import { runTask } from './render-document';
import { TemplateCache } from '../template/template-engine';

const dir = mkdtempSync(path.join(tmpdir(), 'svg-text-'));
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await closePdfExtractor();
});

const wordmark = (attributes: string, text: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="220" height="48" viewBox="0 0 220 48">` +
  `<text x="4" y="31" font-size="19" ${attributes}>${text}</text></svg>`;

/** The PDF of a template whose first node is `svg`, and the fonts poppler finds in it. */
async function rendered(svg: string) {
  const outcome = await runTask(
    {
      kind: 'render',
      inputFormat: 'json',
      outputFormat: 'pdf',
      template: JSON.stringify({ content: [{ svg }, { text: 'Grüezi' }] }),
      templateLabel: 'test',
      data: '{}',
      rendererOptions: '{}',
    },
    new TemplateCache(),
  );
  if (!outcome.ok) throw new Error(outcome.message);
  const file = path.join(dir, 'svg.pdf');
  writeFileSync(file, outcome.bytes);
  // pdffonts: a header of two lines, then one line per font: name, type, encoding, emb, sub, uni, object.
  const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((line) => {
      const [name, ...rest] = line.split(/\s+/);
      return { name: name.replace(/^[A-Z]{6}\+/, ''), embedded: rest.at(-5) === 'yes' };
    });
  const text = (await extractPdf(outcome.bytes)).runs
    .flat()
    .map((run) => run.text)
    .join('');
  return { fonts, text, warnings: outcome.warnings };
}

describe('text in an SVG', () => {
  beforeAll(() => installFonts(undefined));

  it.each([
    [
      'a bold wordmark in a family the service lacks',
      'font-family="Arial, Helvetica, sans-serif" font-weight="700"',
      'Roboto-Medium',
    ],
    ['an italic one', 'font-family="Roboto" font-style="italic"', 'Roboto-Italic'],
    ['one that names no family', '', 'Roboto-Regular'],
  ])('%s is drawn in the embedded font of its style, every font embedded', async (_, attributes, font) => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { fonts, text, warnings } = await rendered(wordmark(attributes, 'Kanton Zürich Œ'));
      expect(warn).not.toHaveBeenCalled();
      expect(fonts.map((entry) => entry.name)).toContain(font);
      expect(fonts.filter((entry) => !entry.embedded)).toEqual([]);
      expect(text).toContain('Kanton Zürich Œ');
      expect(warnings).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });
});
