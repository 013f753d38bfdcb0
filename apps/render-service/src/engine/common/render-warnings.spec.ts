import {
  headerSafe,
  MAX_WARNING_LENGTH,
  MAX_WARNINGS,
  missingGlyphsWarning,
  RenderWarnings,
  withWarningFirst,
} from './render-warnings';

describe(RenderWarnings.name, () => {
  it('reports each key once, in the order first met, gathering details', () => {
    const warnings = new RenderWarnings();
    warnings.add('a', 'first');
    warnings.addDetail('b', (details) => `second (on ${details.join(', ')})`, 'p');
    warnings.add('a', 'first again');
    warnings.addDetail('b', (details) => `second (on ${details.join(', ')})`, 'td');
    warnings.addDetail('b', (details) => `second (on ${details.join(', ')})`, 'p');
    expect(warnings.list()).toEqual(['first', 'second (on p, td)']);
    expect(warnings.size).toBe(2);
  });

  // Compared detail by detail, 300,000 took minutes (100,000: 58 s); one Set, a fraction of a second.
  it('gathers 300,000 distinct details under one key, each once, in the order first met', () => {
    const warnings = new RenderWarnings();
    let rendered: string[] = [];
    const render = (details: string[]): string => ((rendered = details), `on ${details.join(', ')}`);
    for (let index = 0; index < 300_000; index += 1) warnings.addDetail('css', render, `x-${index}`);
    warnings.addDetail('css', render, 'x-0');
    expect(warnings.list()[0]).toMatch(/^on x-0, x-1, x-2, /);
    expect(rendered).toHaveLength(300_000);
    expect(rendered[299_999]).toBe('x-299999');
  });

  it(`lists at most ${MAX_WARNINGS}, then how many more, each at most ${MAX_WARNING_LENGTH} characters`, () => {
    const warnings = new RenderWarnings();
    for (let index = 0; index < MAX_WARNINGS + 5; index += 1) warnings.add(`k${index}`, `w${index}`);
    warnings.add('long', 'x'.repeat(500));
    const list = warnings.list();
    expect(list).toHaveLength(MAX_WARNINGS + 1);
    expect(list[MAX_WARNINGS - 1]).toBe(`w${MAX_WARNINGS - 1}`);
    expect(list[MAX_WARNINGS]).toBe('and 6 more');

    const one = new RenderWarnings();
    one.add('long', 'x'.repeat(500));
    expect(one.list()[0]).toHaveLength(MAX_WARNING_LENGTH);
    expect(one.list()[0]).toMatch(/\.\.\.$/);
  });
});

describe(headerSafe.name, () => {
  it('keeps printable ASCII without semicolons, shortened', () => {
    expect(headerSafe('Zoë; "x"\n')).toBe('Zo?? "x"?');
    expect(headerSafe('abcdefghij', 8)).toBe('abcde...');
  });
});

describe(missingGlyphsWarning.name, () => {
  it('names each character by its code point, a dozen at most', () => {
    expect(missingGlyphsWarning([0x4e2d, 0x1f600])).toBe(
      'no embedded font has a glyph for U+4E2D, U+1F600 (drawn as a box)',
    );
    const many = missingGlyphsWarning(Array.from({ length: 30 }, (_, index) => 0x4e00 + index));
    expect(many).toMatch(/U\+4E0B and 18 more \(drawn as a box\)$/);
    expect(many.length).toBeLessThanOrEqual(MAX_WARNING_LENGTH);
  });
});

describe(withWarningFirst.name, () => {
  const list = (count: number): string[] => {
    const warnings = new RenderWarnings();
    for (let index = 0; index < count; index += 1) warnings.add(`w${index}`, `w${index}`);
    return warnings.list();
  };

  it('puts the warning first', () => {
    expect(withWarningFirst('glyphs', list(2))).toEqual(['glyphs', 'w0', 'w1']);
    expect(withWarningFirst('glyphs', [])).toEqual(['glyphs']);
  });

  it('keeps the cap, counting what no longer fits', () => {
    const full = withWarningFirst('glyphs', list(MAX_WARNINGS));
    expect(full).toHaveLength(MAX_WARNINGS + 1);
    expect(full[0]).toBe('glyphs');
    expect(full[MAX_WARNINGS]).toBe('and 1 more');
    const capped = withWarningFirst('glyphs', list(MAX_WARNINGS + 5));
    expect(capped).toHaveLength(MAX_WARNINGS + 1);
    expect(capped[MAX_WARNINGS]).toBe('and 6 more');
  });
});
