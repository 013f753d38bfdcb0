import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import pdfmake from 'pdfmake';

import { closePdfExtractor, extractPdf } from '../../../test/pdf-text';
import { fontkitPath } from '../vendor/font-subsetting';
import { fontFamiliesIn, installFonts } from './fonts';

// fontkit's parsed fonts share one class: spying on its layout counts every word pdfkit shapes.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fontkit = require(fontkitPath()) as { create: (data: Buffer) => object };
const fontkitFont = Object.getPrototypeOf(
  fontkit.create(readFileSync(require.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'))),
) as { layout(text: string): unknown };

describe(fontFamiliesIn.name, () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'render-fonts-'));
    for (const file of [
      'Brand-Regular.ttf',
      'Brand-Bold.ttf',
      'Brand-Italic.ttf',
      'Brand-BoldItalic.ttf',
      'Mono.ttf',
      'Serif-Medium.TTF',
      'Serif-MediumItalic.ttf',
      'notes.txt',
    ]) {
      writeFileSync(path.join(dir, file), '');
    }
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('groups TrueType files into families by their style suffix', () => {
    const families = fontFamiliesIn(dir);
    expect([...families.keys()].sort()).toEqual(['Brand', 'Mono', 'Serif']);
    expect(families.get('Brand')).toEqual({
      normal: path.join(dir, 'Brand-Regular.ttf'),
      bold: path.join(dir, 'Brand-Bold.ttf'),
      italics: path.join(dir, 'Brand-Italic.ttf'),
      bolditalics: path.join(dir, 'Brand-BoldItalic.ttf'),
    });
    expect(families.get('Mono')).toEqual({ normal: path.join(dir, 'Mono.ttf') });
    expect(families.get('Serif')).toEqual({
      bold: path.join(dir, 'Serif-Medium.TTF'),
      bolditalics: path.join(dir, 'Serif-MediumItalic.ttf'),
    });
  });
});

describe(installFonts.name, () => {
  const render = async (...paragraphs: string[]): Promise<Buffer> =>
    pdfmake.createPdf({ content: paragraphs.map((text) => ({ text })) }).getBuffer();
  const flat = (text: string): string => text.replace(/\s+/g, ' ').trim();

  beforeAll(() => installFonts(undefined));
  afterAll(() => closePdfExtractor());
  afterEach(() => jest.restoreAllMocks());

  it("shapes a template's words once per worker, not once per document, and the text stays exact", async () => {
    const letter = ['Rechnung 2026-0815 für Zoë Müller-Lüthi', 'Œuvre, naïf, ÀÉÈÎÔÙÜ: Vielen Dank.'];
    await render(...letter);
    const layout = jest.spyOn(fontkitFont, 'layout');
    const again = await render(...letter);
    expect(layout).not.toHaveBeenCalled();
    expect(flat((await extractPdf(again)).text)).toBe(flat(letter.join(' ')));

    // A new document shapes only its new words (pdfkit's words end with their space), and its text
    // copies out whole: A after À, whose glyph holds A's, keeps its character.
    const next = await render('Rechnung 2026-0816 für Jürg Rüegg', 'À Àpfel A Œuvre');
    const shaped = layout.mock.calls.map(([word]) => word);
    expect(shaped.sort()).toEqual(['2026-0816 ', 'A ', 'Jürg ', 'Rüegg', 'Œuvre', 'À ', 'Àpfel '].sort());
    expect(flat((await extractPdf(next)).text)).toBe('Rechnung 2026-0816 für Jürg Rüegg À Àpfel A Œuvre');
  });
});
