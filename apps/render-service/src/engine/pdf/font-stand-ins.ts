import { createRequire } from 'node:module';

import { fontkitPath } from '../vendor/font-subsetting';

/**
 * A character a document may hold that a font may lack, and the characters whose glyph can stand
 * in for it: `blank` takes only the width (a space), otherwise the outline is copied as well.
 */
interface StandIn {
  readonly codePoint: number;
  readonly from: readonly number[];
  readonly blank: boolean;
}

/**
 * Spaces and separators of CLDR and of French typography that fonts often lack: Roboto (pdfmake's)
 * has no U+202F, the narrow no-break space of French typography (before `;`, `!`, `?`; the group
 * separator of fr-CH up to Node 20), and drew it as a missing-glyph box as wide as a letter. Each
 * becomes a glyph of its own, so a PDF's text layer (ToUnicode) still reads it as the character
 * the document holds.
 */
export const STAND_INS: readonly StandIn[] = [
  // NARROW NO-BREAK SPACE: a thin space (Unicode gives them the same width class).
  { codePoint: 0x202f, from: [0x2009, 0x2006], blank: true },
  { codePoint: 0x00a0, from: [0x0020], blank: true },
  // FIGURE SPACE (the width of a digit) and PUNCTUATION SPACE (of a full stop).
  { codePoint: 0x2007, from: [0x0030], blank: true },
  { codePoint: 0x2008, from: [0x002e], blank: true },
  // NON-BREAKING HYPHEN: the hyphen's shape, where the font has no own.
  { codePoint: 0x2011, from: [0x2010, 0x002d], blank: false },
];

/** The parts of a fontkit font read here. */
interface FontkitFont {
  readonly characterSet: readonly number[];
  readonly numGlyphs: number;
  glyphForCodePoint(codePoint: number): { readonly id: number };
  hasGlyphForCodePoint(codePoint: number): boolean;
}
interface Fontkit {
  create(buffer: Buffer): FontkitFont;
}

let fontkit: Fontkit | undefined;
/** pdfkit's own fontkit: the one that will read the font in the documents. */
export const openFont = (bytes: Buffer): FontkitFont =>
  (fontkit ??= createRequire(fontkitPath())('fontkit') as Fontkit).create(bytes);

/** Tables whose layout depends on the number of glyphs in ways not rewritten here: such fonts stay as they are. */
const UNSUPPORTED_TABLES = ['CFF ', 'CFF2', 'fvar', 'gvar', 'vmtx', 'vhea', 'EBLC', 'CBLC', 'sbix', 'SVG '];
/** Per-glyph tables that are optional: dropped rather than rewritten. */
const DROPPED_TABLES = new Set(['hdmx', 'LTSH', 'VDMX', 'DSIG']);

type Tables = Map<string, Buffer>;

function readTables(bytes: Buffer): Tables {
  const tables: Tables = new Map();
  const count = bytes.readUInt16BE(4);
  for (let i = 0; i < count; i += 1) {
    const record = 12 + i * 16;
    const tag = bytes.toString('latin1', record, record + 4);
    const offset = bytes.readUInt32BE(record + 8);
    const length = bytes.readUInt32BE(record + 12);
    tables.set(tag, Buffer.from(bytes.subarray(offset, offset + length)));
  }
  return tables;
}

function checksum(data: Buffer): number {
  const padded = data.length % 4 ? Buffer.concat([data, Buffer.alloc(4 - (data.length % 4))]) : data;
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

/** A TrueType file of these tables (tags sorted, each 4-byte aligned, checksums and head's adjustment set). */
function writeFont(sfntVersion: number, tables: Tables): Buffer {
  const tags = [...tables.keys()].sort();
  const entrySelector = Math.floor(Math.log2(tags.length));
  const header = Buffer.alloc(12 + tags.length * 16);
  header.writeUInt32BE(sfntVersion, 0);
  header.writeUInt16BE(tags.length, 4);
  header.writeUInt16BE(2 ** entrySelector * 16, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(tags.length * 16 - 2 ** entrySelector * 16, 10);
  const head = tables.get('head');
  head?.writeUInt32BE(0, 8);
  const chunks: Buffer[] = [header];
  let offset = header.length;
  tags.forEach((tag, index) => {
    const data = tables.get(tag) as Buffer;
    const record = 12 + index * 16;
    header.write(tag, record, 'latin1');
    header.writeUInt32BE(checksum(data), record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(data.length, record + 12);
    const padding = (4 - (data.length % 4)) % 4;
    chunks.push(data, Buffer.alloc(padding));
    offset += data.length + padding;
  });
  const font = Buffer.concat(chunks);
  if (head) {
    const headOffset = header.readUInt32BE(12 + tags.indexOf('head') * 16 + 8);
    font.writeUInt32BE((0xb1b0afba - checksum(font)) >>> 0, headOffset + 8);
  }
  return font;
}

/** Runs of consecutive code points with consecutive glyph ids. */
function runsOf(mapping: ReadonlyArray<readonly [number, number]>): Array<[number, number, number]> {
  const runs: Array<[number, number, number]> = [];
  for (const [code, glyph] of mapping) {
    const last = runs[runs.length - 1];
    if (last && code === last[1] + 1 && glyph === last[2] + (code - last[0])) last[1] = code;
    else runs.push([code, code, glyph]);
  }
  return runs;
}

/** A cmap of a format 4 subtable (Unicode BMP, platforms 0/3 and 3/1) and a format 12 one (3/10, all planes). */
function writeCmap(mapping: ReadonlyArray<readonly [number, number]>): Buffer {
  const bmp = runsOf(mapping.filter(([code]) => code < 0xffff));
  bmp.push([0xffff, 0xffff, 0]);
  const segments = bmp.length;
  const format4 = Buffer.alloc(16 + segments * 8);
  if (format4.length > 0xffff) throw new Error('too many cmap segments');
  const entrySelector = Math.floor(Math.log2(segments));
  format4.writeUInt16BE(4, 0);
  format4.writeUInt16BE(format4.length, 2);
  format4.writeUInt16BE(segments * 2, 6);
  format4.writeUInt16BE(2 ** entrySelector * 2, 8);
  format4.writeUInt16BE(entrySelector, 10);
  format4.writeUInt16BE(segments * 2 - 2 ** entrySelector * 2, 12);
  bmp.forEach(([start, end, glyph], i) => {
    format4.writeUInt16BE(end, 14 + i * 2);
    format4.writeUInt16BE(start, 16 + segments * 2 + i * 2);
    // idDelta: glyph = code + delta (mod 65536); the last segment maps 0xFFFF to glyph 0.
    format4.writeUInt16BE((glyph - start + 0x10000) & 0xffff, 16 + segments * 4 + i * 2);
  });
  const groups = runsOf(mapping);
  const format12 = Buffer.alloc(16 + groups.length * 12);
  format12.writeUInt16BE(12, 0);
  format12.writeUInt32BE(format12.length, 4);
  format12.writeUInt32BE(groups.length, 12);
  groups.forEach(([start, end, glyph], i) => {
    format12.writeUInt32BE(start, 16 + i * 12);
    format12.writeUInt32BE(end, 20 + i * 12);
    format12.writeUInt32BE(glyph, 24 + i * 12);
  });
  const header = Buffer.alloc(4 + 3 * 8);
  header.writeUInt16BE(3, 2);
  const records: Array<[number, number, number]> = [
    [0, 3, header.length],
    [3, 1, header.length],
    [3, 10, header.length + format4.length],
  ];
  records.forEach(([platform, encoding, offset], i) => {
    header.writeUInt16BE(platform, 4 + i * 8);
    header.writeUInt16BE(encoding, 6 + i * 8);
    header.writeUInt32BE(offset, 8 + i * 8);
  });
  return Buffer.concat([header, format4, format12]);
}

/** The characters of STAND_INS this font lacks but can be given, with the glyph each copies. */
export function standInsFor(font: FontkitFont): Array<StandIn & { readonly source: number }> {
  return STAND_INS.flatMap((standIn) => {
    if (font.hasGlyphForCodePoint(standIn.codePoint)) return [];
    const source = standIn.from.find((codePoint) => font.hasGlyphForCodePoint(codePoint));
    return source === undefined ? [] : [{ ...standIn, source: font.glyphForCodePoint(source).id }];
  });
}

/**
 * The TrueType font with a glyph of its own for each character of STAND_INS it lacks (a copy of
 * the glyph that stands in), mapped in its cmap. A font it cannot rewrite (CFF outlines, variable,
 * vertical, bitmap), that it cannot read or that lacks nothing is returned as it is: pdfkit then
 * reports what it makes of it when a document uses it, as before.
 */
export function withStandInGlyphs(bytes: Buffer): Buffer {
  try {
    return addStandInGlyphs(bytes);
  } catch {
    return bytes;
  }
}

function addStandInGlyphs(bytes: Buffer): Buffer {
  const font = openFont(bytes);
  const additions = standInsFor(font);
  const tables = readTables(bytes);
  if (additions.length === 0 || UNSUPPORTED_TABLES.some((tag) => tables.has(tag))) return bytes;
  for (const required of ['head', 'hhea', 'hmtx', 'maxp', 'loca', 'glyf', 'cmap'])
    if (!tables.has(required)) return bytes;
  const head = tables.get('head') as Buffer;
  const hhea = tables.get('hhea') as Buffer;
  const maxp = tables.get('maxp') as Buffer;
  const glyphs = maxp.readUInt16BE(4);
  const longMetrics = hhea.readUInt16BE(34);
  const longLoca = head.readInt16BE(50) === 1;
  const hmtx = tables.get('hmtx') as Buffer;
  const loca = tables.get('loca') as Buffer;
  const glyf = tables.get('glyf') as Buffer;
  const offsetOf = (glyph: number): number =>
    longLoca ? loca.readUInt32BE(glyph * 4) : loca.readUInt16BE(glyph * 2) * 2;
  const metricOf = (glyph: number): [number, number] => {
    const long = Math.min(glyph, longMetrics - 1);
    const advance = hmtx.readUInt16BE(long * 4);
    const lsb =
      glyph < longMetrics
        ? hmtx.readInt16BE(glyph * 4 + 2)
        : hmtx.readInt16BE(longMetrics * 4 + (glyph - longMetrics) * 2);
    return [advance, lsb];
  };

  // Every glyph's metrics in full (long) form, and loca in long form: simplest to extend.
  const total = glyphs + additions.length;
  const newHmtx = Buffer.alloc(total * 4);
  const newLoca = Buffer.alloc((total + 1) * 4);
  const outlines: Buffer[] = [glyf.subarray(0, offsetOf(glyphs))];
  let end = offsetOf(glyphs);
  for (let glyph = 0; glyph < glyphs; glyph += 1) {
    const [advance, lsb] = metricOf(glyph);
    newHmtx.writeUInt16BE(advance, glyph * 4);
    newHmtx.writeInt16BE(lsb, glyph * 4 + 2);
    newLoca.writeUInt32BE(offsetOf(glyph), glyph * 4);
  }
  const mapping = new Map<number, number>(
    font.characterSet.map((codePoint) => [codePoint, font.glyphForCodePoint(codePoint).id]),
  );
  additions.forEach(({ codePoint, source, blank }, index) => {
    const glyph = glyphs + index;
    const [advance, lsb] = metricOf(source);
    newHmtx.writeUInt16BE(advance, glyph * 4);
    newHmtx.writeInt16BE(blank ? 0 : lsb, glyph * 4 + 2);
    newLoca.writeUInt32BE(end, glyph * 4);
    if (!blank) {
      const outline = glyf.subarray(offsetOf(source), offsetOf(source + 1));
      const padded = Buffer.concat([outline, Buffer.alloc((4 - (outline.length % 4)) % 4)]);
      outlines.push(padded);
      end += padded.length;
    }
    mapping.set(codePoint, glyph);
  });
  newLoca.writeUInt32BE(end, total * 4);
  head.writeInt16BE(1, 50);
  hhea.writeUInt16BE(total, 34);
  maxp.writeUInt16BE(total, 4);
  tables.set('hmtx', newHmtx);
  tables.set('loca', newLoca);
  tables.set('glyf', Buffer.concat(outlines));
  tables.set('cmap', writeCmap([...mapping].sort(([a], [b]) => a - b)));
  // post format 2 names every glyph: format 3 names none, which a PDF does not need.
  const post = tables.get('post');
  if (post && post.readUInt32BE(0) !== 0x00030000) {
    const version3 = Buffer.from(post.subarray(0, 32));
    version3.writeUInt32BE(0x00030000, 0);
    tables.set('post', version3);
  }
  for (const tag of DROPPED_TABLES) tables.delete(tag);
  return writeFont(bytes.readUInt32BE(0), tables);
}
