import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { encodeNumberArraysAtOnce, fontkitPath } from './font-subsetting';
import { installVendorPatches } from './vendor-patches';

interface Subset {
  includeGlyph(glyph: number): number;
  encode(): Uint8Array;
}
interface Font {
  layout(text: string): { glyphs: Array<{ id: number }> };
  createSubset(): Subset;
}
interface EncodingType {
  size(value: unknown): number;
  encode(stream: unknown, value: unknown): void;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const fontkit = require(fontkitPath()) as { create(data: Buffer): Font };
const restructure = createRequire(fontkitPath())('restructure') as Record<string, any>;

const ROBOTO = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
const FONTS = ['Roboto-Regular.ttf', 'Roboto-Medium.ttf', 'Roboto-Italic.ttf', 'Roboto-MediumItalic.ttf'];
const TEXTS = [
  'Rechnung 2026-0815 vom 15. März 2026: Zoë Müller-Lüthi, 1700 Fribourg. Total CHF 1’234.50',
  'Œuvre, naïf, ÀÉÈÎÔÙÜ: « Où êtes-vous, Maître Noël ? » Perché è così?',
  'x',
];

/**
 * The same subsets written by fontkit as it comes: in a process of their own, which loads nothing
 * of render-service, so nothing there is patched whatever this one has installed.
 */
function unpatchedSubsets(): Buffer[] {
  const script = `
    const [fontkitPath, dir, fonts, texts] = process.argv.slice(1);
    const fontkit = require(fontkitPath);
    const { readFileSync } = require('node:fs');
    const out = [];
    for (const file of JSON.parse(fonts)) {
      const font = fontkit.create(readFileSync(require('node:path').join(dir, file)));
      for (const text of JSON.parse(texts)) {
        const subset = font.createSubset();
        for (const glyph of font.layout(text).glyphs) subset.includeGlyph(glyph.id);
        out.push(Buffer.from(subset.encode()).toString('base64'));
      }
    }
    process.stdout.write(JSON.stringify(out));`;
  const output = execFileSync(
    process.execPath,
    ['-e', script, fontkitPath(), ROBOTO, JSON.stringify(FONTS), JSON.stringify(TEXTS)],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return (JSON.parse(output) as string[]).map((base64) => Buffer.from(base64, 'base64'));
}

/** Each font's subset of each text, encoded as the PDF embeds it, in this process. */
const subsets = (): Buffer[] =>
  FONTS.flatMap((file) => {
    const font = fontkit.create(readFileSync(path.join(ROBOTO, file)));
    return TEXTS.map((text) => {
      const subset = font.createSubset();
      for (const glyph of font.layout(text).glyphs) subset.includeGlyph(glyph.id);
      return Buffer.from(subset.encode());
    });
  });

const encoded = (type: EncodingType, value: unknown): Buffer => {
  const stream = new restructure.EncodeStream(new Uint8Array(type.size(value)));
  type.encode(stream, value);
  return Buffer.from(stream.buffer as Uint8Array);
};

describe(encodeNumberArraysAtOnce.name, () => {
  it('leaves every byte of the embedded font subsets as it was', () => {
    const before = unpatchedSubsets();
    installVendorPatches();
    // The patched encoder is the one fontkit writes with.
    const encode = jest.spyOn(restructure.Array.prototype, 'encode');
    const after = subsets();
    expect(encode).toHaveBeenCalled();
    encode.mockRestore();
    expect(after).toHaveLength(before.length);
    after.forEach((bytes, index) => expect(bytes.equals(before[index])).toBe(true));
  });

  it('writes plain numbers at once, and still converts fixed-point ones and writes length prefixes', () => {
    installVendorPatches();
    expect(encoded(new restructure.Array(restructure.int16), [1, -2, 300])).toEqual(
      Buffer.from([0x00, 0x01, 0xff, 0xfe, 0x01, 0x2c]),
    );
    expect(encoded(new restructure.Array(restructure.fixed16), [1.5])).toEqual(Buffer.from([0x01, 0x80]));
    expect(encoded(new restructure.Array(restructure.uint8, restructure.uint16), [7, 8])).toEqual(
      Buffer.from([0x00, 0x02, 0x07, 0x08]),
    );
  });
});
