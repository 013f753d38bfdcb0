import type { GlyphPosition, LaidOutGlyph, WordRun } from 'pdfmake/js/PDFDocument';

/**
 * The words a render worker's fonts have laid out, kept for all its documents, by a key naming the
 * font and the word. pdfkit shapes each word with fontkit and keeps the result for one document
 * only, so every render of a template shaped its labels again: a fifth of a worker's time on an
 * invoice.
 *
 * Bounded by two generations, whatever the number of fonts: when the current one is full it
 * becomes the previous one and the older is dropped; a word met again is carried into the current
 * one, so the words every document uses (a template's labels) stay, and the words of one
 * document's data pass through. Runs are kept compact and frozen: glyphs and positions are shared
 * between words, and no document can change what another one reads.
 */
export class WordLayouts {
  private current = new Map<string, WordRun>();
  private previous = new Map<string, WordRun>();
  private readonly glyphs = new Map<string, LaidOutGlyph>();
  private readonly positions = new Map<string, GlyphPosition>();

  constructor(private readonly wordsPerGeneration: number) {}

  /** Words held, in both generations. */
  get size(): number {
    return this.current.size + this.previous.size;
  }

  /** The run kept under `key`; `layout` is called only when neither generation holds it. */
  run(key: string, layout: () => WordRun): WordRun {
    const kept = this.current.get(key);
    if (kept) return kept;
    const run = this.previous.get(key) ?? this.compact(layout());
    if (this.current.size >= this.wordsPerGeneration) {
      this.previous = this.current;
      this.current = new Map();
      // The shared glyphs and positions of dropped words go too; kept runs hold their own.
      this.glyphs.clear();
      this.positions.clear();
    }
    this.current.set(key, run);
    return run;
  }

  private compact(run: WordRun): WordRun {
    return Object.freeze({
      glyphs: Object.freeze(
        run.glyphs.map(({ id, advanceWidth, codePoints }) =>
          // Every field is in the key: equal glyphs of two fonts are interchangeable.
          shared(this.glyphs, `${id}:${advanceWidth}:${codePoints.join(',')}`, () => ({
            id,
            advanceWidth,
            codePoints: Object.freeze([...codePoints]),
          })),
        ),
      ),
      positions: Object.freeze(
        run.positions.map(({ xAdvance, yAdvance, xOffset, yOffset, advanceWidth }) =>
          shared(this.positions, `${xAdvance}:${yAdvance}:${xOffset}:${yOffset}:${advanceWidth}`, () => ({
            xAdvance,
            yAdvance,
            xOffset,
            yOffset,
            advanceWidth,
          })),
        ),
      ),
      advanceWidth: run.advanceWidth,
    });
  }
}

function shared<T extends object>(table: Map<string, T>, key: string, create: () => T): T {
  let value = table.get(key);
  if (!value) {
    value = Object.freeze(create());
    table.set(key, value);
  }
  return value;
}
