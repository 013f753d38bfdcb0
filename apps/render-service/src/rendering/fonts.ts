import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import pdfmake from 'pdfmake';
import PDFDocument, { type EmbeddedFont, type PdfKitDocument } from 'pdfmake/js/PDFDocument';

import { encodeNumberArraysAtOnce } from './font-subsetting';
import { WordLayouts } from './word-layouts';

type FontStyle = 'normal' | 'bold' | 'italics' | 'bolditalics';
type FontFamilies = Record<string, Record<FontStyle, string>>;

export const DEFAULT_FONT = 'Roboto';

const ROBOTO_DIR = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
const ROBOTO: Record<FontStyle, string> = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
};

const STYLE_SUFFIXES: ReadonlyArray<[FontStyle, RegExp]> = [
  ['bolditalics', /-(bold ?italics?|medium ?italics?|semibold ?italics?|bi)$/i],
  ['bold', /-(bold|medium|semibold)$/i],
  ['italics', /-(italic|italics|oblique)$/i],
  ['normal', /-(regular|normal|book|roman)$/i],
];

/**
 * Font families from a folder of TrueType files: `Family-Regular.ttf`, `Family-Bold.ttf`,
 * `Family-Italic.ttf`, `Family-BoldItalic.ttf`; a style that is missing falls back to the regular
 * one, and a lone `Family.ttf` serves all four.
 */
export function fontFamiliesIn(dir: string): Map<string, Partial<Record<FontStyle, string>>> {
  const families = new Map<string, Partial<Record<FontStyle, string>>>();
  for (const file of readdirSync(dir).sort()) {
    if (!/\.ttf$/i.test(file)) continue;
    const stem = file.replace(/\.ttf$/i, '');
    const [style, suffix] = STYLE_SUFFIXES.find(([, pattern]) => pattern.test(stem)) ?? ['normal', /$^/];
    const family = stem.replace(suffix, '');
    if (!family) continue;
    const styles = families.get(family) ?? {};
    styles[style] ??= path.join(dir, file);
    families.set(family, styles);
  }
  return families;
}

/**
 * Words a worker keeps laid out per generation, all fonts together (WordLayouts holds two): a few
 * templates' labels and the data of the last documents, at some 400 bytes a word.
 */
const WORDS_PER_GENERATION = 8192;

let installed = false;
let installedFamilies: readonly string[] = [];

/** The font families this worker has (empty before installFonts). */
export const fontFamilies = (): readonly string[] => installedFamilies;

/**
 * Puts Roboto and the fonts of `fontsDir` into pdfmake's in-memory file system, once per worker,
 * and makes every document of this worker share the parsed fonts. Unless `raw` (pdfmake as it
 * comes, the benchmark's limit line), documents also share the words the fonts have laid out, and
 * the font subsets they embed are encoded faster (encodeNumberArraysAtOnce).
 */
export function installFonts(fontsDir: string | undefined, { raw = false } = {}): string[] {
  if (installed) throw new Error('Fonts are installed once per worker.');
  installed = true;
  const families: FontFamilies = {};
  const add = (family: string, files: Partial<Record<FontStyle, string>>): void => {
    const regular = files.normal ?? files.bold ?? files.italics ?? files.bolditalics;
    if (!regular) return;
    const names = {} as Record<FontStyle, string>;
    for (const style of ['normal', 'bold', 'italics', 'bolditalics'] as const) {
      const file = files[style] ?? (style === 'bolditalics' ? (files.bold ?? regular) : regular);
      const name = `fonts/${family}/${path.basename(file)}`;
      if (!pdfmake.virtualfs.existsSync(name)) pdfmake.virtualfs.writeFileSync(name, readFileSync(file));
      names[style] = name;
    }
    families[family] = names;
  };
  add(
    DEFAULT_FONT,
    Object.fromEntries(Object.entries(ROBOTO).map(([style, file]) => [style, path.join(ROBOTO_DIR, file)])),
  );
  if (fontsDir) for (const [family, files] of fontFamiliesIn(fontsDir)) add(family, files);
  pdfmake.setFonts(families);
  // Nothing a document names is fetched or read: fonts are in memory, images must be data: URIs.
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  shareParsedFonts(!raw);
  if (!raw) encodeNumberArraysAtOnce();
  installedFamilies = Object.keys(families);
  return [...installedFamilies];
}

/**
 * pdfkit parses a font file for every document that uses it, which costs more than laying out
 * a one-page invoice. A parsed font is read-only once built, so this worker keeps one per family
 * and style and gives each document its own embedding (subset, widths) of it; with `wordLayouts`,
 * the words laid out in it are kept across documents as well (WordLayouts).
 */
function shareParsedFonts(wordLayouts: boolean): void {
  const parsed = new Map<string, EmbeddedFont>();
  const words = new WordLayouts(WORDS_PER_GENERATION);
  const shareLayouts = (font: EmbeddedFont, key: string): EmbeddedFont => {
    if (wordLayouts && typeof font.layoutRun === 'function')
      font.layoutCached = (word) => words.run(`${key}\u0000${word}`, () => font.layoutRun(word));
    return font;
  };
  const provideFont = PDFDocument.prototype.provideFont;
  PDFDocument.prototype.provideFont = function (this: PdfKitDocument, family, bold, italics) {
    const style = this.getFontType(bold, italics);
    const own = this.fontCache[family]?.[style];
    if (own) return own;
    const key = `${family}\u0000${style}`;
    const first = parsed.get(key);
    if (!first || this.getFontFile(family, bold, italics) === null) {
      const font = shareLayouts(provideFont.call(this, family, bold, italics), key);
      parsed.set(key, font);
      return font;
    }
    // fontkit keeps each glyph with the characters it was first looked up for; a glyph first
    // met as part of an accented one (À holds A) has none, and would be missing from this
    // document's ToUnicode map (its text could not be copied). Glyphs are cheap: start afresh.
    (first.font as { _glyphs: Record<number, unknown> })._glyphs = {};
    const font = shareLayouts(new first.constructor(this, first.font, `F${++this._fontCount}`), key);
    // Registered like pdfkit's font() does, so the document embeds it when it ends.
    this._fontFamilies[key] = font;
    (this.fontCache[family] ??= {})[style] = font;
    return font;
  };
}
