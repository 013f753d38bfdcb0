import type { ColorPalette } from './ui-template.entity';

/** WCAG 2.2 success criterion 1.4.3 (AA): normal text, and large text (18 pt, or 14 pt bold). */
export const AA_NORMAL_TEXT = 4.5;
export const AA_LARGE_TEXT = 3;

/** An sRGB colour, channels 0..255; alpha 0..1. */
export interface Rgba {
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a: number;
}

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };
const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };

/**
 * A colour in one of the forms ColorPaletteDto accepts: `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`
 * (any case); undefined for anything else.
 */
export function parseHexColor(text: string): Rgba | undefined {
  if (!/^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(text)) return undefined;
  const digits = text.slice(1);
  const short = digits.length <= 4;
  const channel = (index: number): number =>
    short
      ? parseInt(digits[index] + digits[index], 16)
      : parseInt(digits.slice(2 * index, 2 * index + 2), 16);
  const channels = short ? digits.length : digits.length / 2;
  return { r: channel(0), g: channel(1), b: channel(2), a: channels === 4 ? channel(3) / 255 : 1 };
}

/** `#RRGGBB` in capitals, as the palettes write them. */
export const toHex = ({ r, g, b }: Rgba): string =>
  `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`.toUpperCase();

/** `colour` painted over an opaque `backdrop` (source-over): what the eye sees. */
export function compositeOver(colour: Rgba, backdrop: Rgba): Rgba {
  const { a } = colour;
  return {
    r: colour.r * a + backdrop.r * (1 - a),
    g: colour.g * a + backdrop.g * (1 - a),
    b: colour.b * a + backdrop.b * (1 - a),
    a: 1,
  };
}

/** WCAG 2.2 relative luminance (sRGB, threshold 0.04045), of an opaque colour. */
export function relativeLuminance({ r, g, b }: Rgba): number {
  const linear = (channel: number): number => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2.2 contrast ratio of two opaque colours, 1..21, at full precision. */
export function contrastRatio(first: Rgba, second: Rgba): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((x, y) => y - x);
  return (lighter + 0.05) / (darker + 0.05);
}

/** Two decimals for people; the pass/fail flags are decided at full precision (4.499 fails). */
export const roundRatio = (ratio: number): number => Math.round(ratio * 100) / 100;

type PaletteKey = keyof ColorPalette;

/**
 * What a pair is for. `palette`: the palette's own pairs (its text colour on the primary colour
 * and the pill, black or white on the other fills); `document`: a palette colour as text on the
 * white page, as the portal's conventions and the shipped templates print them (headings in the
 * primary colour, the secondary colour's footers and notes, links in the tertiary colour). These
 * two count in `meetsAaNormalText` and for CONFIG_CONTRAST_POLICY. `combination`: a palette colour
 * as text on the primary colour, which no shipped template prints: measured for a template's author.
 */
export type ContrastPairUse = 'palette' | 'document' | 'combination';

/** One text colour on one background, as the palette implies it. */
export interface ContrastPair {
  /** The palette colour of the text, or `black`/`white`: the better of the two on that background. */
  readonly text: PaletteKey | 'black' | 'white';
  readonly textColor: string;
  /** The palette colour of the background, or `white`: the page. */
  readonly background: PaletteKey | 'white';
  readonly backgroundColor: string;
  readonly use: ContrastPairUse;
  /** Rounded to two decimals. */
  readonly contrastRatio: number;
  readonly meetsAaNormalText: boolean;
  readonly meetsAaLargeText: boolean;
}

export interface PaletteAccessibility {
  /** Every pair of the palette and of documents (not the combinations) meets AA for normal text. */
  readonly meetsAaNormalText: boolean;
  readonly pairs: ContrastPair[];
}

/** A pair below AA for normal text, with the palette colour to change and the nearest shade that passes. */
export interface ContrastFailure {
  /** `colorPalette.primaryColorText`: the colour proper to the pair. */
  readonly path: string;
  readonly pair: ContrastPair;
  readonly ratio: number;
  readonly passingShade: string;
  readonly passingRatio: number;
}

/** Backgrounds on which the portal writes black or white text, whichever reads better. */
const NEUTRAL_TEXT_BACKGROUNDS: readonly PaletteKey[] = [
  'secondaryColor',
  'secondaryColorLightOne',
  'secondaryColorLightTwo',
  'tertiaryColor',
];

/** A palette colour as text on the page, and what prints it so (`document` pairs). */
const DOCUMENT_TEXT_COLOURS: readonly PaletteKey[] = ['primaryColor', 'secondaryColor', 'tertiaryColor'];
/** Palette colours as text on the primary colour (`combination` pairs). */
const COMBINATION_TEXT_COLOURS: readonly PaletteKey[] = ['secondaryColor', 'tertiaryColor'];

/** The pairs a palette's figures are judged by: the combinations are reported only. */
const counts = (pair: ContrastPair): boolean => pair.use !== 'combination';

interface MeasuredPair {
  readonly pair: ContrastPair;
  readonly ratio: number;
  /** The palette colour a failing pair asks to change, and the colour it must contrast with. */
  readonly adjust: PaletteKey;
  readonly adjusted: Rgba;
  readonly against: Rgba;
}

/**
 * Translucent colours are measured as seen: a background over the white page, a text over its
 * background. An unparsable colour (never stored: the DTO checks the form) is measured as black.
 */
function measure(palette: ColorPalette): MeasuredPair[] {
  const colour = (key: PaletteKey): Rgba => parseHexColor(palette[key]) ?? BLACK;
  const backdrop = (key: PaletteKey | 'white'): Rgba =>
    key === 'white' ? WHITE : compositeOver(colour(key), WHITE);
  const measured: MeasuredPair[] = [];
  const add = (
    text: ContrastPair['text'],
    textColour: Rgba,
    textColor: string,
    background: PaletteKey | 'white',
    adjust: PaletteKey,
    use: ContrastPairUse = 'palette',
  ): void => {
    const seenBackground = backdrop(background);
    const seenText = compositeOver(textColour, seenBackground);
    const ratio = contrastRatio(seenText, seenBackground);
    measured.push({
      pair: {
        text,
        textColor,
        background,
        backgroundColor: background === 'white' ? '#FFFFFF' : palette[background],
        use,
        contrastRatio: roundRatio(ratio),
        meetsAaNormalText: ratio >= AA_NORMAL_TEXT,
        meetsAaLargeText: ratio >= AA_LARGE_TEXT,
      },
      ratio,
      adjust,
      adjusted: adjust === background ? seenBackground : seenText,
      against: adjust === background ? seenText : seenBackground,
    });
  };
  // The text colour is the one to change on the primary colour; on the pill, the pill (the text
  // is the primary colour's already).
  add(
    'primaryColorText',
    colour('primaryColorText'),
    palette.primaryColorText,
    'primaryColor',
    'primaryColorText',
  );
  add(
    'primaryColorText',
    colour('primaryColorText'),
    palette.primaryColorText,
    'primaryColorPill',
    'primaryColorPill',
  );
  for (const background of NEUTRAL_TEXT_BACKGROUNDS) {
    const seen = backdrop(background);
    const white = contrastRatio(WHITE, seen) >= contrastRatio(BLACK, seen);
    add(
      white ? 'white' : 'black',
      white ? WHITE : BLACK,
      white ? '#FFFFFF' : '#000000',
      background,
      background,
    );
  }
  // Palette colours as text: on the page (the text colour is the one to change), then on the
  // primary colour, after the pairs above so that their places in the list stay as they were.
  for (const text of DOCUMENT_TEXT_COLOURS) add(text, colour(text), palette[text], 'white', text, 'document');
  for (const text of COMBINATION_TEXT_COLOURS)
    add(text, colour(text), palette[text], 'primaryColor', text, 'combination');
  return measured;
}

/** Palettes measured lately: every template read carries its palette's figures, and a tenant has few palettes. */
const MEASURED_PALETTES = new Map<string, PaletteAccessibility>();
const MEASURED_PALETTES_HELD = 1_000;

/** The figures of the palette's pairs; the same object for the same colours (reads only serialize it). */
export function paletteAccessibility(palette: ColorPalette): PaletteAccessibility {
  const key = Object.values(palette).join(' ');
  const known = MEASURED_PALETTES.get(key);
  if (known) return known;
  const pairs = measure(palette).map(({ pair }) => pair);
  const accessibility = {
    meetsAaNormalText: pairs.filter(counts).every((pair) => pair.meetsAaNormalText),
    pairs,
  };
  if (MEASURED_PALETTES.size >= MEASURED_PALETTES_HELD) MEASURED_PALETTES.clear();
  MEASURED_PALETTES.set(key, accessibility);
  return accessibility;
}

/**
 * The pairs below AA for normal text that the palette is judged by (not the combinations), each
 * with the nearest passing shade of its own colour.
 */
export function contrastFailures(palette: ColorPalette): ContrastFailure[] {
  return measure(palette)
    .filter(({ pair, ratio }) => counts(pair) && ratio < AA_NORMAL_TEXT)
    .map(({ pair, ratio, adjust, adjusted, against }) => {
      const shade = nearestPassingShade(adjusted, against, AA_NORMAL_TEXT);
      return {
        path: `colorPalette.${adjust}`,
        pair,
        ratio,
        passingShade: toHex(shade),
        passingRatio: contrastRatio(shade, against),
      };
    });
}

/** One line per failure, without commas: X-Config-Warnings lists them comma-separated; also the 400's message. */
export function describeContrastFailure(failure: ContrastFailure): string {
  const { pair } = failure;
  const other =
    failure.path === `colorPalette.${pair.background}`
      ? `text ${pair.text} ${pair.textColor}`
      : `background ${pair.background} ${pair.backgroundColor}`;
  return (
    `${failure.path}: contrast ${pair.contrastRatio.toFixed(2)}:1 with ${other} is below the ${AA_NORMAL_TEXT}:1 ` +
    `WCAG 2.2 AA asks of text; nearest passing shade ${failure.passingShade} ` +
    `(${roundRatio(failure.passingRatio).toFixed(2)}:1)`
  );
}

/**
 * The colour of the same hue and saturation whose lightness is nearest to `colour`'s and whose
 * contrast with `against` reaches `minimum`, as 8-bit sRGB (checked after rounding). Black or
 * white always reaches 4.5:1 on any colour, so there is one. At most 2 × 1001 ratios.
 */
export function nearestPassingShade(colour: Rgba, against: Rgba, minimum: number): Rgba {
  const { h, s, l } = toHsl(colour);
  const steps = 1000;
  const start = Math.round(l * steps);
  for (let distance = 0; distance <= steps; distance += 1) {
    for (const candidate of [start - distance, start + distance]) {
      if (candidate < 0 || candidate > steps) continue;
      const shade = roundChannels(fromHsl(h, s, candidate / steps));
      if (contrastRatio(shade, against) >= minimum) return shade;
    }
  }
  return contrastRatio(BLACK, against) >= contrastRatio(WHITE, against) ? BLACK : WHITE;
}

const roundChannels = ({ r, g, b }: Rgba): Rgba => ({
  r: Math.round(r),
  g: Math.round(g),
  b: Math.round(b),
  a: 1,
});

function toHsl({ r, g, b }: Rgba): { h: number; s: number; l: number } {
  const [red, green, blue] = [r / 255, g / 255, b / 255];
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const l = (max + min) / 2;
  const chroma = max - min;
  if (chroma === 0) return { h: 0, s: 0, l };
  const s = chroma / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === red) h = ((green - blue) / chroma) % 6;
  else if (max === green) h = (blue - red) / chroma + 2;
  else h = (red - green) / chroma + 4;
  return { h: (h * 60 + 360) % 360, s, l };
}

function fromHsl(h: number, s: number, l: number): Rgba {
  const chroma = (1 - Math.abs(2 * l - 1)) * s;
  const x = chroma * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - chroma / 2;
  const sector = Math.floor(h / 60) % 6;
  const [red, green, blue] = [
    [chroma, x, 0],
    [x, chroma, 0],
    [0, chroma, x],
    [0, x, chroma],
    [x, 0, chroma],
    [chroma, 0, x],
  ][sector];
  return { r: (red + m) * 255, g: (green + m) * 255, b: (blue + m) * 255, a: 1 };
}
