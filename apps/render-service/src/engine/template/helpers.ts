import type { HelperOptions } from 'handlebars';

import { quoteInput, quoteValue } from '@portal/problem-details';

import { RenderError } from '../common/render-error';

/** Locales of the date and number helpers (`rendererOptions.locale`, or `locale=` on a helper). */
export const LOCALES = ['de-CH', 'fr-CH', 'it-CH', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'de-CH';
export const DEFAULT_TIME_ZONE = 'Europe/Zurich';

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The locale of a language tag (BCP 47) by its language: `fr`, `fr-FR`, `fr-CH` are fr-CH. */
export function localeOfLanguage(tag: string): Locale | undefined {
  const language = tag.trim().split(/[-_]/)[0].toLowerCase();
  switch (language) {
    case 'de':
    case 'gsw':
      return 'de-CH';
    case 'fr':
      return 'fr-CH';
    case 'it':
      return 'it-CH';
    case 'en':
      return 'en';
    default:
      return undefined;
  }
}

/**
 * The locale an `Accept-Language` header prefers among those the helpers know: the language
 * with the highest weight (`q`, 1 by default; 0 excludes it) that one of them serves, the first
 * listed of equal weights. Undefined when none is served (or the header is absent or malformed).
 */
export function localeOfAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  let best: { locale: Locale; weight: number } | undefined;
  for (const range of header.slice(0, 1000).split(',')) {
    const [tag, ...parameters] = range.split(';');
    let weight = 1;
    for (const parameter of parameters) {
      const [name, value = ''] = parameter.split('=').map((part) => part.trim());
      // A weight that is not one (RFC 9110: 0 to 1, three decimals at most) excludes the range.
      if (name.toLowerCase() === 'q')
        weight = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value) ? Number(value) : 0;
    }
    const locale = localeOfLanguage(tag);
    if (locale && weight > 0 && (!best || weight > best.weight)) best = { locale, weight };
  }
  return best?.locale;
}

const DATE_STYLES = ['short', 'medium', 'long', 'full'] as const;
type DateStyle = (typeof DATE_STYLES)[number];

type Helper = (...args: unknown[]) => unknown;

/** The helper's own options: Handlebars passes them last. */
function split(args: unknown[]): { params: unknown[]; options: HelperOptions } {
  return { params: args.slice(0, -1), options: args[args.length - 1] as HelperOptions };
}

function localeOf(helper: string, options: HelperOptions): Locale {
  const requested: unknown = options.hash?.['locale'] ?? (options.data as { locale?: unknown })?.locale;
  if (requested === undefined) return DEFAULT_LOCALE;
  if (!isLocale(requested))
    throw new RenderError(
      'TEMPLATE.LOCALE',
      `${helper}: locale must be one of ${LOCALES.join(', ')}, not ${quoteValue(requested)}.`,
    );
  return requested;
}

function numberOf(helper: string, value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isFinite(number))
    throw new RenderError('TEMPLATE.NOT_A_NUMBER', `${helper}: ${quoteValue(value)} is not a number.`);
  return number;
}

function dateOf(value: unknown): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date =
    typeof value === 'number' || typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime()))
    throw new RenderError('TEMPLATE.NOT_A_DATE', `formatDate: ${quoteValue(value)} is not a date.`);
  return date;
}

function decimalsOf(helper: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 10)
    throw new RenderError('TEMPLATE.DECIMALS', `${helper}: decimals must be an integer from 0 to 10.`);
  return value;
}

// Intl formatters are costly to build and immutable: one per locale and settings, per worker.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, build: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** `{{formatDate value [style] [time=style] [locale=..] [timeZone=..]}}`, style short|medium|long|full. */
const formatDate: Helper = (...args) => {
  const { params, options } = split(args);
  const date = dateOf(params[0]);
  if (!date) return '';
  const style = (params[1] ?? 'medium') as DateStyle;
  const timeStyle = options.hash?.['time'] as DateStyle | undefined;
  for (const candidate of [style, timeStyle]) {
    if (candidate !== undefined && !DATE_STYLES.includes(candidate))
      throw new RenderError(
        'TEMPLATE.DATE_STYLE',
        `formatDate: style must be one of ${DATE_STYLES.join(', ')}, not ${quoteValue(candidate)}.`,
      );
  }
  const timeZone: unknown = options.hash?.['timeZone'] ?? DEFAULT_TIME_ZONE;
  if (typeof timeZone !== 'string')
    throw new RenderError('TEMPLATE.TIME_ZONE', 'formatDate: timeZone must be a string.');
  const locale = localeOf('formatDate', options);
  try {
    return cached(
      `date|${locale}|${style}|${timeStyle ?? ''}|${timeZone}`,
      () => new Intl.DateTimeFormat(locale, { dateStyle: style, timeStyle, timeZone }),
    ).format(date);
  } catch (error) {
    if (error instanceof RangeError)
      throw new RenderError('TEMPLATE.TIME_ZONE', `formatDate: unknown time zone ${quoteInput(timeZone)}.`);
    throw error;
  }
};

/**
 * The locale's number format as `Intl` (CLDR) writes it; a value that rounds to zero is written
 * without a sign (`signDisplay: 'negative'`, an Intl option, not a rule of ours).
 */
const numberFormat = (locale: Locale, decimals: number | undefined): Intl.NumberFormat =>
  cached(
    `number|${locale}|${decimals ?? ''}`,
    () =>
      new Intl.NumberFormat(locale, {
        signDisplay: 'negative',
        ...(decimals === undefined
          ? {}
          : { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
      }),
  );

/** `{{formatNumber value [decimals] [locale=..]}}`: grouped by the locale's rules. */
const formatNumber: Helper = (...args) => {
  const { params, options } = split(args);
  const number = numberOf('formatNumber', params[0]);
  if (number === undefined) return '';
  const decimals = decimalsOf('formatNumber', params[1]);
  return numberFormat(localeOf('formatNumber', options), decimals).format(number);
};

/** `{{formatPercent value [decimals] [locale=..]}}`: 0.125 is 12.5 %, as the locale writes it (at most 2 decimals unless given). */
const formatPercent: Helper = (...args) => {
  const { params, options } = split(args);
  const number = numberOf('formatPercent', params[0]);
  if (number === undefined) return '';
  const decimals = decimalsOf('formatPercent', params[1]);
  const locale = localeOf('formatPercent', options);
  return cached(
    `percent|${locale}|${decimals ?? ''}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'percent',
        signDisplay: 'negative',
        minimumFractionDigits: decimals ?? 0,
        maximumFractionDigits: decimals ?? 2,
      }),
  ).format(number);
};

/** Swiss franc amounts as `Intl` writes them (CLDR's currency pattern: fr-CH `12'345.50 CHF`). */
const francFormat = (locale: Locale): Intl.NumberFormat =>
  cached(
    `chf|${locale}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'CHF', signDisplay: 'negative' }),
  );

/** `CHF` and the space that joins it to the digits: what `symbol=false` leaves out of Intl's amount. */
function withoutCurrency(parts: Intl.NumberFormatPart[]): string {
  const at = parts.findIndex((part) => part.type === 'currency');
  const blank = (index: number): boolean => parts[index]?.type === 'literal' && !parts[index].value.trim();
  return parts
    .filter((_, index) => index !== at && !((index === at - 1 || index === at + 1) && blank(index)))
    .map((part) => part.value)
    .join('');
}

/**
 * `{{chf value [symbol=false] [locale=..]}}`: a Swiss franc amount exactly as `Intl` formats it
 * for the locale (two decimals, `CHF` where CLDR puts it); `symbol=false` is the same amount
 * without `CHF`.
 */
const chf: Helper = (...args) => {
  const { params, options } = split(args);
  const number = numberOf('chf', params[0]);
  if (number === undefined) return '';
  const format = francFormat(localeOf('chf', options));
  return options.hash?.['symbol'] === false
    ? withoutCurrency(format.formatToParts(number))
    : format.format(number);
};

const isBlank = (value: unknown): boolean => value === null || value === undefined || value === '';

/** `{{default value "fallback"}}`: the fallback when the value is missing or empty. */
const defaultHelper: Helper = (...args) => {
  const { params } = split(args);
  return isBlank(params[0]) ? params[1] : params[0];
};

const arithmetic =
  (name: string, operation: (a: number, b: number) => number): Helper =>
  (...args) => {
    const { params } = split(args);
    const a = numberOf(name, params[0]) ?? 0;
    const b = numberOf(name, params[1]) ?? 0;
    const result = operation(a, b);
    if (!Number.isFinite(result))
      throw new RenderError('TEMPLATE.ARITHMETIC', `${name}: the result is not a finite number.`);
    return result;
  };

/**
 * `{{sum items "amount"}}` adds a field of each item (or the items themselves);
 * `{{sum items "quantity" "unitPrice"}}` adds the products of two fields.
 */
const sum: Helper = (...args) => {
  const { params } = split(args);
  const [items, ...fields] = params;
  if (isBlank(items)) return 0;
  if (!Array.isArray(items)) throw new RenderError('TEMPLATE.SUM', 'sum: the first argument must be a list.');
  const fieldOf = (item: unknown, field: unknown): unknown =>
    typeof field === 'string' && item !== null && typeof item === 'object' && Object.hasOwn(item, field)
      ? (item as Record<string, unknown>)[field]
      : undefined;
  const total = items.reduce((running: number, item: unknown) => {
    if (fields.length === 0) return running + (numberOf('sum', item) ?? 0);
    const product = fields.reduce(
      (value: number, field) => value * (numberOf('sum', fieldOf(item, field)) ?? 0),
      1,
    );
    return running + product;
  }, 0);
  if (!Number.isFinite(total))
    throw new RenderError('TEMPLATE.ARITHMETIC', 'sum: the result is not a finite number.');
  return total;
};

const comparison =
  (operation: (a: unknown, b: unknown) => boolean): Helper =>
  (...args) => {
    const { params } = split(args);
    return operation(params[0], params[1]);
  };

const ordered =
  (name: string, operation: (a: number, b: number) => boolean): Helper =>
  (...args) => {
    const { params } = split(args);
    return operation(numberOf(name, params[0]) ?? 0, numberOf(name, params[1]) ?? 0);
  };

const textHelper =
  (transform: (text: string) => string): Helper =>
  (...args) => {
    const { params } = split(args);
    return isBlank(params[0]) ? '' : transform(String(params[0]));
  };

/**
 * `{{brandingLogo "header"}}` or `"footer"`: the logo of the branding the render request names, as
 * a data: URI (for an image's source); empty when the branding has none.
 */
const brandingLogo: Helper = (...args) => {
  const { params, options } = split(args);
  const kind = params[0];
  if (kind !== 'header' && kind !== 'footer')
    throw new RenderError(
      'TEMPLATE.BRANDING_LOGO',
      `brandingLogo: the logo is "header" or "footer", not ${quoteValue(kind)}.`,
    );
  const logos = (options.data as { brandingLogos?: Record<string, string> } | undefined)?.brandingLogos;
  if (logos === undefined)
    throw new RenderError(
      'TEMPLATE.NO_BRANDING',
      'brandingLogo: the render request names no branding (its `branding` property) to take the logo from.',
    );
  return Object.hasOwn(logos, kind) ? logos[kind] : '';
};

/** Helpers every template may use besides Handlebars' own each, if, unless, with and lookup. */
export const HELPERS: Readonly<Record<string, Helper>> = {
  formatDate,
  formatNumber,
  formatPercent,
  chf,
  default: defaultHelper,
  add: arithmetic('add', (a, b) => a + b),
  subtract: arithmetic('subtract', (a, b) => a - b),
  multiply: arithmetic('multiply', (a, b) => a * b),
  divide: arithmetic('divide', (a, b) => a / b),
  sum,
  eq: comparison((a, b) => a === b),
  ne: comparison((a, b) => a !== b),
  lt: ordered('lt', (a, b) => a < b),
  lte: ordered('lte', (a, b) => a <= b),
  gt: ordered('gt', (a, b) => a > b),
  gte: ordered('gte', (a, b) => a >= b),
  and: (...args) => split(args).params.every(Boolean),
  or: (...args) => split(args).params.some(Boolean),
  not: (...args) => !split(args).params[0],
  upper: textHelper((text) => text.toUpperCase()),
  lower: textHelper((text) => text.toLowerCase()),
  brandingLogo,
};

export const BUILT_IN_HELPERS = ['each', 'if', 'unless', 'with', 'lookup'] as const;
