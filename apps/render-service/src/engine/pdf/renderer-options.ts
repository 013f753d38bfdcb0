import { isPlainObject } from '@portal/http-context';
import { listInputs, quoteInput } from '@portal/problem-details';

import { parseJson, RenderError } from '../common/render-error';
import { isLocale, type Locale, LOCALES } from '../template/helpers';
import { STANDARD_PAGE_SIZES } from '../vendor/pdfmake-pages';

/** What `rendererOptions` may hold (contract 8), with pdfmake's names. */
export interface RendererOptions {
  readonly pageSize?: string | { width: number; height: number };
  readonly pageOrientation?: 'portrait' | 'landscape';
  readonly pageMargins?: number | [number, number] | [number, number, number, number];
  readonly info?: Partial<Record<InfoField, string>>;
  readonly defaultFontSize?: number;
  readonly watermark?: string | Watermark;
  readonly locale?: Locale;
  /** Values the template asks for and the data lacks make the render a 422 rather than blanks. */
  readonly strict?: boolean;
  /** Archival PDF: pdfkit's `subset` (contract 8). */
  readonly pdfa?: PdfaPart;
  /** A tagged PDF (structure tree, marked content) for assistive technology. */
  readonly tagged?: boolean;
  /** The document's natural language (BCP 47); by default the locale's. */
  readonly lang?: string;
}

/** The PDF/A parts and conformance levels a render may claim: level b (visual appearance). */
export const PDFA_PARTS = ['PDF/A-1b', 'PDF/A-2b', 'PDF/A-3b'] as const;
export type PdfaPart = (typeof PDFA_PARTS)[number];

/** A BCP 47 language tag as PDF's /Lang takes it: `de-CH`, `fr`, `rm-CH`, `en-GB`, ... */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;
const MAX_LANGUAGE_TAG = 35;

/** The PDF/A part named case-insensitively (`pdf/a-2b`), or undefined. */
export function pdfaPartOf(value: unknown): PdfaPart | undefined {
  if (typeof value !== 'string') return undefined;
  return PDFA_PARTS.find((part) => part.toLowerCase() === value.toLowerCase());
}

export const isLanguageTag = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= MAX_LANGUAGE_TAG && LANGUAGE_TAG.test(value);

interface Watermark {
  text: string;
  color?: string;
  opacity?: number;
  bold?: boolean;
  italics?: boolean;
  fontSize?: number;
  angle?: number;
  font?: string;
}

export const RENDERER_OPTIONS = [
  'pageSize',
  'pageOrientation',
  'pageMargins',
  'info',
  'defaultFontSize',
  'watermark',
  'locale',
  'strict',
  'pdfa',
  'tagged',
  'lang',
] as const;

const INFO_FIELDS = ['title', 'author', 'subject', 'keywords'] as const;
type InfoField = (typeof INFO_FIELDS)[number];

const WATERMARK_FIELDS = [
  'text',
  'color',
  'opacity',
  'bold',
  'italics',
  'fontSize',
  'angle',
  'font',
] as const;

const MAX_MARGIN = 10_000;
const MAX_PAGE_DIMENSION = 14_400;

const fail = (option: string, message: string): never => {
  throw new RenderError('OPTIONS.INVALID', `rendererOptions.${option} ${message}`);
};

function unknownKeys(value: Record<string, unknown>, known: readonly string[]): string[] {
  return Object.keys(value).filter((key) => !known.includes(key));
}

function finiteNumber(option: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max)
    fail(option, `must be a number from ${min} to ${max}.`);
  return value as number;
}

function pageSizeOf(value: unknown): RendererOptions['pageSize'] {
  if (typeof value === 'string') {
    if (!STANDARD_PAGE_SIZES.has(value.toUpperCase()))
      fail(
        'pageSize',
        `must be a pdfmake page size (A4, LETTER, LEGAL, A3, ...) or {width, height}, not ${quoteInput(value)}.`,
      );
    return value.toUpperCase();
  }
  if (isPlainObject(value)) {
    const extra = unknownKeys(value, ['width', 'height']);
    if (extra.length > 0) fail('pageSize', `has unknown properties: ${listInputs(extra)}.`);
    return {
      width: finiteNumber('pageSize.width', value['width'], 1, MAX_PAGE_DIMENSION),
      height: finiteNumber('pageSize.height', value['height'], 1, MAX_PAGE_DIMENSION),
    };
  }
  return fail('pageSize', 'must be a page size name or {width, height} in points.');
}

function pageMarginsOf(value: unknown): RendererOptions['pageMargins'] {
  if (typeof value === 'number') return finiteNumber('pageMargins', value, 0, MAX_MARGIN);
  if (Array.isArray(value) && (value.length === 2 || value.length === 4)) {
    return value.map((margin, index) =>
      finiteNumber(`pageMargins[${index}]`, margin, 0, MAX_MARGIN),
    ) as RendererOptions['pageMargins'];
  }
  return fail(
    'pageMargins',
    'must be a number or an array of 2 ([horizontal, vertical]) or 4 ([left, top, right, bottom]) numbers.',
  );
}

function infoOf(value: unknown): RendererOptions['info'] {
  if (!isPlainObject(value))
    return fail('info', 'must be an object with title, author, subject or keywords.');
  const extra = unknownKeys(value, INFO_FIELDS);
  if (extra.length > 0)
    fail('info', `has unknown properties: ${listInputs(extra)} (known: ${INFO_FIELDS.join(', ')}).`);
  const info: Partial<Record<InfoField, string>> = {};
  for (const field of INFO_FIELDS) {
    const text = value[field];
    if (text === undefined || text === null) continue;
    if (typeof text !== 'string' || text.length > 10_000)
      fail(`info.${field}`, 'must be a string of at most 10000 characters.');
    info[field] = text as string;
  }
  return info;
}

function watermarkOf(value: unknown): RendererOptions['watermark'] {
  if (typeof value === 'string') {
    if (value.length === 0 || value.length > 1000) fail('watermark', 'must be 1 to 1000 characters.');
    return value;
  }
  if (!isPlainObject(value))
    return fail('watermark', "must be a text or pdfmake's watermark object {text, color, opacity, ...}.");
  const extra = unknownKeys(value, WATERMARK_FIELDS);
  if (extra.length > 0)
    fail(
      'watermark',
      `has unknown properties: ${listInputs(extra)} (known: ${WATERMARK_FIELDS.join(', ')}).`,
    );
  const { text, color, opacity, bold, italics, fontSize, angle, font } = value;
  if (typeof text !== 'string' || text.length === 0 || text.length > 1000)
    fail('watermark.text', 'is required: 1 to 1000 characters.');
  const watermark: Watermark = { text: text as string };
  if (color !== undefined) {
    if (typeof color !== 'string' || color.length > 50)
      fail('watermark.color', 'must be a colour name or #hex.');
    watermark.color = color as string;
  }
  if (opacity !== undefined) watermark.opacity = finiteNumber('watermark.opacity', opacity, 0, 1);
  if (fontSize !== undefined) watermark.fontSize = finiteNumber('watermark.fontSize', fontSize, 1, 1000);
  if (angle !== undefined) watermark.angle = finiteNumber('watermark.angle', angle, -360, 360);
  for (const [name, flag] of [
    ['bold', bold],
    ['italics', italics],
  ] as const) {
    if (flag === undefined) continue;
    if (typeof flag !== 'boolean') fail(`watermark.${name}`, 'must be true or false.');
    watermark[name] = flag as boolean;
  }
  if (font !== undefined) {
    if (typeof font !== 'string' || font.length === 0 || font.length > 100)
      fail('watermark.font', 'must be a font name.');
    watermark.font = font as string;
  }
  return watermark;
}

/** Parses and checks `rendererOptions`; unknown options are refused by name. */
export function parseRendererOptions(text: string | null | undefined): RendererOptions {
  if (text === null || text === undefined || text.trim() === '') return {};
  const value = parseJson(text, 'OPTIONS.MALFORMED', 'rendererOptions');
  if (value === null) return {};
  if (!isPlainObject(value))
    throw new RenderError('OPTIONS.MALFORMED', 'rendererOptions must be a JSON object.');
  const unknown = unknownKeys(value, RENDERER_OPTIONS);
  if (unknown.length > 0)
    throw new RenderError(
      'OPTIONS.UNKNOWN',
      `Unknown renderer options: ${listInputs(unknown)} (known: ${RENDERER_OPTIONS.join(', ')}).`,
    );
  const options: { -readonly [K in keyof RendererOptions]: RendererOptions[K] } = {};
  if (value['pageSize'] !== undefined) options.pageSize = pageSizeOf(value['pageSize']);
  if (value['pageOrientation'] !== undefined) {
    if (value['pageOrientation'] !== 'portrait' && value['pageOrientation'] !== 'landscape')
      fail('pageOrientation', "must be 'portrait' or 'landscape'.");
    options.pageOrientation = value['pageOrientation'] as 'portrait' | 'landscape';
  }
  if (value['pageMargins'] !== undefined) options.pageMargins = pageMarginsOf(value['pageMargins']);
  if (value['info'] !== undefined) options.info = infoOf(value['info']);
  if (value['defaultFontSize'] !== undefined)
    options.defaultFontSize = finiteNumber('defaultFontSize', value['defaultFontSize'], 1, 1000);
  if (value['watermark'] !== undefined) options.watermark = watermarkOf(value['watermark']);
  if (value['locale'] !== undefined) {
    if (!isLocale(value['locale'])) fail('locale', `must be one of ${LOCALES.join(', ')}.`);
    options.locale = value['locale'] as Locale;
  }
  if (value['strict'] !== undefined) {
    if (typeof value['strict'] !== 'boolean') fail('strict', 'must be true or false.');
    options.strict = value['strict'] as boolean;
  }
  if (value['pdfa'] !== undefined) {
    options.pdfa = pdfaPartOf(value['pdfa']) ?? fail('pdfa', `must be one of ${PDFA_PARTS.join(', ')}.`);
  }
  if (value['tagged'] !== undefined) {
    if (typeof value['tagged'] !== 'boolean') fail('tagged', 'must be true or false.');
    options.tagged = value['tagged'] as boolean;
  }
  if (value['lang'] !== undefined) {
    if (!isLanguageTag(value['lang']))
      fail('lang', "must be a language tag (BCP 47) such as 'de-CH', 'fr' or 'rm-CH'.");
    options.lang = value['lang'] as string;
  }
  return options;
}

/** A pdfmake document definition as a template produced it: a plain JSON object. */
export type DocumentDefinition = Record<string, unknown>;

/** How opaque the options' watermark is unless it says: light, behind the text (pdfmake's is 0.6). */
export const WATERMARK_OPACITY = 0.1;

/** The options' watermark as pdfmake's object, drawn light unless it sets its own opacity. */
function lightWatermark(watermark: string | Watermark): Watermark {
  const object = typeof watermark === 'string' ? { text: watermark } : watermark;
  return { ...object, opacity: object.opacity ?? WATERMARK_OPACITY };
}

/** The options win over what the document sets (contract 8). */
export function applyRendererOptions(
  document: DocumentDefinition,
  options: RendererOptions,
): DocumentDefinition {
  const result: DocumentDefinition = { ...document };
  if (options.pageSize !== undefined) result['pageSize'] = options.pageSize;
  if (options.pageOrientation !== undefined) result['pageOrientation'] = options.pageOrientation;
  if (options.pageMargins !== undefined) result['pageMargins'] = options.pageMargins;
  if (options.info !== undefined) {
    result['info'] = { ...(isPlainObject(document['info']) ? document['info'] : {}), ...options.info };
  }
  if (options.defaultFontSize !== undefined) {
    const defaultStyle = isPlainObject(document['defaultStyle']) ? document['defaultStyle'] : {};
    result['defaultStyle'] = { ...defaultStyle, fontSize: options.defaultFontSize };
  }
  if (options.watermark !== undefined) result['watermark'] = lightWatermark(options.watermark);
  // pdfmake's names: `subset` and `language` go to pdfkit as they are.
  if (options.pdfa !== undefined) result['subset'] = options.pdfa;
  if (options.tagged !== undefined) result['tagged'] = options.tagged;
  if (options.lang !== undefined) result['language'] = options.lang;
  return result;
}
