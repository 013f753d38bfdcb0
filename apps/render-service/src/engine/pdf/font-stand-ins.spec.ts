import { readFileSync } from 'node:fs';
import path from 'node:path';

import { openFont, STAND_INS, withStandInGlyphs } from './font-stand-ins';

const ROBOTO = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');

describe('withStandInGlyphs', () => {
  describe.each(['Roboto-Regular.ttf', 'Roboto-Medium.ttf', 'Roboto-Italic.ttf', 'Roboto-MediumItalic.ttf'])(
    '%s',
    (file) => {
      const original = readFileSync(path.join(ROBOTO, file));
      const before = openFont(original);
      const after = openFont(withStandInGlyphs(original));

      it('lacked U+202F, and now has a glyph of its own for it, as wide as a thin space', () => {
        expect(before.hasGlyphForCodePoint(0x202f)).toBe(false);
        const narrow = after.glyphForCodePoint(0x202f) as unknown as { id: number; advanceWidth: number };
        const thin = after.glyphForCodePoint(0x2009) as unknown as { id: number; advanceWidth: number };
        expect(narrow.id).toBe(before.numGlyphs);
        expect(narrow.id).not.toBe(thin.id);
        expect(narrow.advanceWidth).toBe(thin.advanceWidth);
        expect(after.numGlyphs).toBe(before.numGlyphs + 1);
      });

      it('maps every other character to the glyph it had, with the same width', () => {
        for (const codePoint of before.characterSet) {
          const [was, is] = [before, after].map(
            (font) => font.glyphForCodePoint(codePoint) as unknown as { id: number; advanceWidth: number },
          );
          expect([codePoint, is.id, is.advanceWidth]).toEqual([codePoint, was.id, was.advanceWidth]);
        }
        expect(after.characterSet.length).toBe(before.characterSet.length + 1);
      });
    },
  );

  it('leaves a file it cannot read as it is', () => {
    const truncated = readFileSync(path.join(ROBOTO, 'Roboto-Regular.ttf')).subarray(0, 300);
    expect(withStandInGlyphs(truncated)).toBe(truncated);
  });

  it('leaves a font that lacks none of the stand-ins as it is', () => {
    const once = withStandInGlyphs(readFileSync(path.join(ROBOTO, 'Roboto-Regular.ttf')));
    expect(withStandInGlyphs(once)).toBe(once);
    for (const { codePoint } of STAND_INS) expect(openFont(once).hasGlyphForCodePoint(codePoint)).toBe(true);
  });
});
