import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import pdfmake from 'pdfmake';

import { installVendorPatches } from '../vendor/vendor-patches';
import { withStandInGlyphs } from './font-stand-ins';

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

let installed = false;
let installedFamilies: readonly string[] = [];

/** The font families this worker has (empty before installFonts). */
export const fontFamilies = (): readonly string[] => installedFamilies;

/**
 * Puts Roboto and the fonts of `fontsDir` into pdfmake's in-memory file system, once per worker,
 * and installs the vendor patches (vendor/vendor-patches.ts): every document of this worker shares the
 * parsed fonts. Unless `raw` (pdfmake as it comes, the benchmark's limit line), documents also
 * share the words the fonts have laid out, the font subsets they embed are encoded faster, and
 * PDF/A and tagged PDF are written right.
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
      // With glyphs of their own for the separators CLDR writes that the font lacks (font-stand-ins.ts).
      if (!pdfmake.virtualfs.existsSync(name))
        pdfmake.virtualfs.writeFileSync(name, withStandInGlyphs(readFileSync(file)));
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
  // Parsed fonts shared by the documents, faster subsets, PDF/A and tagging: pdfmake's,
  // pdfkit's, fontkit's and restructure's internals, patched once, for their exact versions.
  installVendorPatches({ raw });
  installedFamilies = Object.keys(families);
  return [...installedFamilies];
}
