import type { WordRun } from 'pdfmake/js/PDFDocument';

import { WordLayouts } from './word-layouts';

/** A stand-in for fontkit's shaping: one glyph per character, 500 units wide, a kern after 'V'. */
function layoutOf(word: string): WordRun {
  const characters = [...word];
  return {
    glyphs: characters.map((character) => ({
      id: character.codePointAt(0)!,
      advanceWidth: 500,
      codePoints: [character.codePointAt(0)!],
    })),
    positions: characters.map((character) => ({
      xAdvance: character === 'V' ? 440 : 500,
      yAdvance: 0,
      xOffset: 0,
      yOffset: 0,
      advanceWidth: 500,
    })),
    advanceWidth: characters.reduce((sum, character) => sum + (character === 'V' ? 440 : 500), 0),
  };
}

/** A word's run from `layouts`, laid out by `layout` when it is not kept. */
const runOf = (layouts: WordLayouts, word: string, layout: (word: string) => WordRun = layoutOf): WordRun =>
  layouts.run(word, () => layout(word));

describe(WordLayouts.name, () => {
  it('lays a word out once and gives every later document the same run', () => {
    const layouts = new WordLayouts(10);
    const layout = jest.fn(layoutOf);
    const first = runOf(layouts, 'Vielen ', layout);
    const again = runOf(layouts, 'Vielen ', layout);
    expect(layout).toHaveBeenCalledTimes(1);
    expect(again).toBe(first);
    expect(first).toEqual(layoutOf('Vielen '));
  });

  it('keeps runs compact: equal glyphs and positions are one object, across words', () => {
    const layouts = new WordLayouts(10);
    const dank = runOf(layouts, 'Dank ', layoutOf);
    const danke = runOf(layouts, 'Danke', layoutOf);
    expect(danke.glyphs[0]).toBe(dank.glyphs[0]);
    expect(danke.positions[1]).toBe(dank.positions[0]);
  });

  it('keeps glyphs of two fonts apart where they differ, though their ids are equal', () => {
    const layouts = new WordLayouts(10);
    const roboto = layouts.run('Roboto\u0000normal\u0000A', () => layoutOf('A'));
    const brand = layouts.run('Brand\u0000normal\u0000A', () => {
      const run = layoutOf('A');
      return { ...run, glyphs: [{ ...run.glyphs[0], advanceWidth: 610 }] };
    });
    expect(brand.glyphs[0].id).toBe(roboto.glyphs[0].id);
    expect([roboto.glyphs[0].advanceWidth, brand.glyphs[0].advanceWidth]).toEqual([500, 610]);
  });

  it('gives out frozen runs, so no document changes what the next one reads', () => {
    const run = runOf(new WordLayouts(10), 'Total');
    expect(Object.isFrozen(run)).toBe(true);
    expect(Object.isFrozen(run.glyphs)).toBe(true);
    expect(Object.isFrozen(run.glyphs[0])).toBe(true);
    expect(Object.isFrozen(run.glyphs[0].codePoints)).toBe(true);
    expect(Object.isFrozen(run.positions[0])).toBe(true);
    expect(() => {
      (run.positions[0] as { xAdvance: number }).xAdvance = 0;
    }).toThrow(TypeError);
  });

  it('holds at most two generations of words, keeping the ones still in use', () => {
    const layouts = new WordLayouts(3);
    const layout = jest.fn(layoutOf);
    const label = runOf(layouts, 'Rechnung ', layout);
    for (let document = 0; document < 50; document += 1) {
      // Each document: the template's label, and two words of its own data.
      expect(runOf(layouts, 'Rechnung ', layout)).toBe(label);
      runOf(layouts, `Nr. ${document}`, layout);
      runOf(layouts, `CHF ${document}.50`, layout);
      expect(layouts.size).toBeLessThanOrEqual(6);
    }
    // The label was laid out once; every data word once.
    expect(layout.mock.calls.filter(([word]) => word === 'Rechnung ')).toHaveLength(1);
    expect(layout).toHaveBeenCalledTimes(1 + 50 * 2);
  });

  it('lays a word out again once two generations have passed without it', () => {
    const layouts = new WordLayouts(2);
    const layout = jest.fn(layoutOf);
    runOf(layouts, 'alt', layout);
    for (const word of ['a', 'b', 'c', 'd', 'e']) runOf(layouts, word, layout);
    runOf(layouts, 'alt', layout);
    expect(layout.mock.calls.filter(([word]) => word === 'alt')).toHaveLength(2);
  });
});
