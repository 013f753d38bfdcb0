import { DEMO_COLOR_PALETTE } from './demo/demo-ui-templates';
import {
  contrastFailures,
  contrastRatio,
  describeContrastFailure,
  nearestPassingShade,
  paletteAccessibility,
  parseHexColor,
  type Rgba,
  roundRatio,
  toHex,
} from './palette-contrast';

const colour = (hex: string): Rgba => {
  const parsed = parseHexColor(hex);
  if (!parsed) throw new Error(`not a colour: ${hex}`);
  return parsed;
};

const ratio = (text: string, background: string): number =>
  roundRatio(contrastRatio(colour(text), colour(background)));

/** Passes AA everywhere: the demo canton's. */
const PALETTE = DEMO_COLOR_PALETTE;

describe(parseHexColor.name, () => {
  it('reads every form the DTO accepts, in any case', () => {
    expect(parseHexColor('#777')).toEqual({ r: 0x77, g: 0x77, b: 0x77, a: 1 });
    expect(parseHexColor('#7778')).toEqual({ r: 0x77, g: 0x77, b: 0x77, a: 0x88 / 255 });
    expect(parseHexColor('#0055a4')).toEqual({ r: 0, g: 0x55, b: 0xa4, a: 1 });
    expect(parseHexColor('#0055A480')).toEqual({ r: 0, g: 0x55, b: 0xa4, a: 0x80 / 255 });
  });

  it.each(['777', '#77', '#77777', '#GGG', 'rgb(0,0,0)', '#0055A4800'])('refuses %p', (text) => {
    expect(parseHexColor(text)).toBeUndefined();
  });
});

describe(contrastRatio.name, () => {
  // Published figures: WebAIM's contrast checker, and WCAG's understanding document for 1.4.3.
  it.each([
    ['#777', '#FFF', 4.48],
    ['#777777', '#FFFFFF', 4.48],
    ['#767676', '#FFFFFF', 4.54],
    ['#000000', '#FFFFFF', 21],
    ['#FFFFFF', '#FFFFFF', 1],
    ['#0000FF', '#FFFFFF', 8.59],
    ['#FF0000', '#FFFFFF', 4],
    ['#808080', '#FFFFFF', 3.95],
    ['#595959', '#FFFFFF', 7],
    ['#757575', '#FFFFFF', 4.61],
  ])('%s on %s is %d:1', (text, background, expected) => {
    expect(ratio(text, background)).toBe(expected);
    expect(ratio(background, text)).toBe(expected);
  });

  it('decides at full precision: #777 on white (4.478) fails AA, #767676 (4.542) passes', () => {
    expect(contrastRatio(colour('#777777'), colour('#FFFFFF'))).toBeLessThan(4.5);
    expect(contrastRatio(colour('#767676'), colour('#FFFFFF'))).toBeGreaterThan(4.5);
  });
});

describe(paletteAccessibility.name, () => {
  it('measures the primary text on the primary colour and on the pill, and the better of black or white on the others', () => {
    const { meetsAaNormalText, pairs } = paletteAccessibility(PALETTE);
    expect(meetsAaNormalText).toBe(true);
    expect(pairs.map((pair) => [pair.text, pair.background])).toEqual([
      ['primaryColorText', 'primaryColor'],
      ['primaryColorText', 'primaryColorPill'],
      ['white', 'secondaryColor'],
      ['black', 'secondaryColorLightOne'],
      ['black', 'secondaryColorLightTwo'],
      ['white', 'tertiaryColor'],
      ['primaryColor', 'white'],
      ['secondaryColor', 'white'],
      ['tertiaryColor', 'white'],
      ['secondaryColor', 'primaryColor'],
      ['tertiaryColor', 'primaryColor'],
    ]);
    expect(pairs.map((pair) => pair.use)).toEqual([
      ...Array<string>(6).fill('palette'),
      ...Array<string>(3).fill('document'),
      ...Array<string>(2).fill('combination'),
    ]);
    expect(pairs[2]).toEqual({
      text: 'white',
      textColor: '#FFFFFF',
      background: 'secondaryColor',
      backgroundColor: '#1F2937',
      use: 'palette',
      contrastRatio: ratio('#FFFFFF', '#1F2937'),
      meetsAaNormalText: true,
      meetsAaLargeText: true,
    });
  });

  // Issue 31: demo-branded-letter prints secondaryColor as text on white (its footer); a yellow one
  // was reported 17.2:1 (black text on it), while the footer was nearly invisible.
  it('measures the palette colours documents print as text on white, and counts them', () => {
    const { meetsAaNormalText, pairs } = paletteAccessibility({ ...PALETTE, secondaryColor: '#FFEB3B' });
    expect(meetsAaNormalText).toBe(false);
    expect(pairs.find((pair) => pair.text === 'secondaryColor' && pair.background === 'white')).toEqual({
      text: 'secondaryColor',
      textColor: '#FFEB3B',
      background: 'white',
      backgroundColor: '#FFFFFF',
      use: 'document',
      contrastRatio: 1.22,
      meetsAaNormalText: false,
      meetsAaLargeText: false,
    });
    expect(contrastFailures({ ...PALETTE, secondaryColor: '#FFEB3B' }).map(describeContrastFailure)).toEqual([
      'colorPalette.secondaryColor: contrast 1.22:1 with background white #FFFFFF is below the 4.5:1 WCAG 2.2 ' +
        `AA asks of text; nearest passing shade ${toHex(nearestPassingShade(colour('#FFEB3B'), colour('#FFFFFF'), 4.5))} ` +
        `(${roundRatio(contrastRatio(nearestPassingShade(colour('#FFEB3B'), colour('#FFFFFF'), 4.5), colour('#FFFFFF'))).toFixed(2)}:1)`,
    ]);
  });

  it('reports the secondary and tertiary colours as text on the primary colour without counting them', () => {
    // The demo palette: dark blue on red is 1.43:1, which no shipped template prints.
    const { meetsAaNormalText, pairs } = paletteAccessibility(PALETTE);
    const combinations = pairs.filter((pair) => pair.use === 'combination');
    expect(combinations.map((pair) => [pair.text, pair.contrastRatio, pair.meetsAaNormalText])).toEqual([
      ['secondaryColor', ratio(PALETTE.secondaryColor, PALETTE.primaryColor), false],
      ['tertiaryColor', ratio(PALETTE.tertiaryColor, PALETTE.primaryColor), false],
    ]);
    expect(meetsAaNormalText).toBe(true);
    expect(contrastFailures(PALETTE)).toEqual([]);
  });

  it('flags #777 text on white: 4.48, large text only', () => {
    const { meetsAaNormalText, pairs } = paletteAccessibility({
      ...PALETTE,
      primaryColor: '#FFFFFF',
      primaryColorText: '#777',
    });
    expect(meetsAaNormalText).toBe(false);
    expect(pairs[0]).toMatchObject({ contrastRatio: 4.48, meetsAaNormalText: false, meetsAaLargeText: true });
  });

  it('measures translucent colours as seen: the background over white, the text over its background', () => {
    // Black at 50 % over white is #808080 (3.95:1 with white); white text at 0 % is the background itself.
    const { pairs } = paletteAccessibility({
      ...PALETTE,
      primaryColor: '#00000080',
      primaryColorText: '#FFFFFF',
    });
    expect(pairs[0].contrastRatio).toBeCloseTo(3.95, 1);
    expect(paletteAccessibility({ ...PALETTE, primaryColorText: '#FFFFFF00' }).pairs[0].contrastRatio).toBe(
      1,
    );
  });
});

describe(contrastFailures.name, () => {
  it('finds none in a palette that passes', () => {
    expect(contrastFailures(PALETTE)).toEqual([]);
  });

  it('names the text on the primary colour and the pill under the primary text, each with a passing shade', () => {
    const failures = contrastFailures({
      ...PALETTE,
      primaryColor: '#FFFFFF',
      primaryColorText: '#777777',
      primaryColorPill: '#DDDDDD',
    });
    // A white primary colour also leaves headings printed in it invisible on the page.
    expect(failures.map((failure) => failure.path)).toEqual([
      'colorPalette.primaryColorText',
      'colorPalette.primaryColorPill',
      'colorPalette.primaryColor',
    ]);
    // One step darker is enough for #777 on white.
    expect(failures[0]).toMatchObject({ passingShade: '#767676' });
    expect(roundRatio(failures[0].passingRatio)).toBe(4.54);
    expect(describeContrastFailure(failures[0])).toBe(
      'colorPalette.primaryColorText: contrast 4.48:1 with background primaryColor #FFFFFF is below the 4.5:1 ' +
        'WCAG 2.2 AA asks of text; nearest passing shade #767676 (4.54:1)',
    );
    expect(describeContrastFailure(failures[1])).not.toMatch(/,/);
    expect(contrastRatio(colour(failures[1].passingShade), colour('#777777'))).toBeGreaterThanOrEqual(4.5);
  });
});

describe(nearestPassingShade.name, () => {
  it.each([
    ['#D52B1E', '#FFFFFF'],
    ['#FFFFFF', '#FFFFFF'],
    ['#808080', '#808080'],
    ['#FBE3E1', '#FFFFFF'],
    ['#0055A4', '#0055A4'],
  ])('finds a shade of %s that passes with %s, of the same hue', (hex, against) => {
    const shade = nearestPassingShade(colour(hex), colour(against), 4.5);
    expect(contrastRatio(shade, colour(against))).toBeGreaterThanOrEqual(4.5);
    expect(toHex(shade)).toMatch(/^#[0-9A-F]{6}$/);
  });

  it('keeps a colour that passes as it is', () => {
    expect(toHex(nearestPassingShade(colour('#595959'), colour('#FFFFFF'), 4.5))).toBe('#595959');
  });
});
