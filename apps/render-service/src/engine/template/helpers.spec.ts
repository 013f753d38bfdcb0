import { OutputBudget } from '../common/output-budget';
import { HELPERS, type Locale, LOCALES, localeOfAcceptLanguage, localeOfLanguage } from './helpers';
import { TemplateCache } from './template-engine';

const templates = new TemplateCache();
const run = (template: string, locale: Locale, data: unknown = {}): string =>
  templates.get(template, 'txt').render({ data, locale, budget: new OutputBudget(1024 * 1024, 'LIMIT') });

/** U+00A0, the no-break space that joins `CHF` to its amount (CLDR). */
const NBSP = '\u00a0';

/**
 * Every helper in every locale: one row per use, one column per locale. What a locale writes for
 * a number is the same whichever helper writes it (formatNumber, chf, chf symbol=false).
 */
const TABLE: ReadonlyArray<readonly [string, Record<Locale, string>]> = [
  [
    '{{formatNumber 1234567.891}}',
    {
      'de-CH': "1'234'567.891",
      'fr-CH': "1'234'567,891",
      'it-CH': "1'234'567.891",
      en: '1,234,567.891',
    },
  ],
  [
    '{{formatNumber 1234.5 2}}',
    { 'de-CH': "1'234.50", 'fr-CH': "1'234,50", 'it-CH': '1234.50', en: '1,234.50' },
  ],
  [
    '{{formatNumber 12345.5}}',
    { 'de-CH': "12'345.5", 'fr-CH': "12'345,5", 'it-CH': "12'345.5", en: '12,345.5' },
  ],
  [
    '{{formatNumber -1234.5 1}}',
    { 'de-CH': "-1'234.5", 'fr-CH': "-1'234,5", 'it-CH': '-1234.5', en: '-1,234.5' },
  ],
  ['{{formatNumber -0.001 2}}', { 'de-CH': '0.00', 'fr-CH': '0,00', 'it-CH': '0.00', en: '0.00' }],
  [
    '{{chf 1234.5}}',
    {
      'de-CH': `CHF${NBSP}1'234.50`,
      'fr-CH': `1'234.50${NBSP}CHF`,
      'it-CH': `CHF${NBSP}1234.50`,
      en: `CHF${NBSP}1,234.50`,
    },
  ],
  [
    '{{chf 125.6}}',
    {
      'de-CH': `CHF${NBSP}125.60`,
      'fr-CH': `125.60${NBSP}CHF`,
      'it-CH': `CHF${NBSP}125.60`,
      en: `CHF${NBSP}125.60`,
    },
  ],
  [
    '{{chf 1234.5 symbol=false}}',
    { 'de-CH': "1'234.50", 'fr-CH': "1'234.50", 'it-CH': '1234.50', en: '1,234.50' },
  ],
  [
    '{{chf -1234.5}}',
    {
      'de-CH': `CHF-1'234.50`,
      'fr-CH': `-1'234.50${NBSP}CHF`,
      'it-CH': 'CHF-1234.50',
      en: `-CHF${NBSP}1,234.50`,
    },
  ],
  [
    '{{chf -0.001}}',
    { 'de-CH': `CHF${NBSP}0.00`, 'fr-CH': `0.00${NBSP}CHF`, 'it-CH': `CHF${NBSP}0.00`, en: `CHF${NBSP}0.00` },
  ],
  [
    '{{chf 12345.5}} {{chf -20000}}',
    {
      'de-CH': `CHF${NBSP}12'345.50 CHF-20'000.00`,
      'fr-CH': `12'345.50${NBSP}CHF -20'000.00${NBSP}CHF`,
      'it-CH': `CHF${NBSP}12'345.50 CHF-20'000.00`,
      en: `CHF${NBSP}12,345.50 -CHF${NBSP}20,000.00`,
    },
  ],
  [
    '{{chf -20000 symbol=false}}',
    { 'de-CH': "-20'000.00", 'fr-CH': "-20'000.00", 'it-CH': "-20'000.00", en: '-20,000.00' },
  ],
  [
    '{{chf 0}}',
    { 'de-CH': `CHF${NBSP}0.00`, 'fr-CH': `0.00${NBSP}CHF`, 'it-CH': `CHF${NBSP}0.00`, en: `CHF${NBSP}0.00` },
  ],
  [
    '{{formatPercent 0.125}} {{formatPercent -0.5}} {{formatPercent 0.0775 1}}',
    {
      'de-CH': '12.5% -50% 7.8%',
      'fr-CH': '12,5% -50% 7,8%',
      'it-CH': '12.5% -50% 7.8%',
      en: '12.5% -50% 7.8%',
    },
  ],
  [
    '{{chf (multiply 3 0.8)}}',
    { 'de-CH': `CHF${NBSP}2.40`, 'fr-CH': `2.40${NBSP}CHF`, 'it-CH': `CHF${NBSP}2.40`, en: `CHF${NBSP}2.40` },
  ],
  [
    '{{formatDate "2026-03-05" "short"}}',
    { 'de-CH': '05.03.26', 'fr-CH': '05.03.26', 'it-CH': '05.03.26', en: '3/5/26' },
  ],
  [
    '{{formatDate "2026-03-05"}}',
    { 'de-CH': '05.03.2026', 'fr-CH': '5 mars 2026', 'it-CH': '5 mar 2026', en: 'Mar 5, 2026' },
  ],
  [
    '{{formatDate "2026-03-05" "long"}}',
    { 'de-CH': '5. März 2026', 'fr-CH': '5 mars 2026', 'it-CH': '5 marzo 2026', en: 'March 5, 2026' },
  ],
  [
    '{{formatDate "2026-03-05" "full"}}',
    {
      'de-CH': 'Donnerstag, 5. März 2026',
      'fr-CH': 'jeudi, 5 mars 2026',
      'it-CH': 'giovedì, 5 marzo 2026',
      en: 'Thursday, March 5, 2026',
    },
  ],
  [
    '{{formatDate "2026-03-05T08:15:00Z" "medium" time="short"}}',
    {
      'de-CH': '05.03.2026, 09:15',
      'fr-CH': '5 mars 2026, 09:15',
      'it-CH': '5 mar 2026, 09:15',
      en: 'Mar 5, 2026, 9:15 AM',
    },
  ],
  [
    '{{formatDate 1772698500000 "short" time="medium"}}',
    {
      'de-CH': '05.03.26, 09:15:00',
      'fr-CH': '05.03.26 09:15:00',
      'it-CH': '05.03.26, 09:15:00',
      en: '3/5/26, 9:15:00 AM',
    },
  ],
];

/** Helpers whose output does not depend on the locale: the same text in every column. */
const SAME_IN_EVERY_LOCALE: ReadonlyArray<readonly [string, string]> = [
  ['{{default missing "–"}}|{{default 12.5 0}}', '–|12.5'],
  // Arithmetic gives numbers, for other helpers and for numbers in json templates (JSON notation).
  ['{{add 1234 0.5}}|{{subtract 1 3}}|{{multiply 1234 1.5}}|{{divide 1 4}}', '1234.5|-2|1851|0.25'],
  ['{{sum items "q" "p"}}|{{sum items "q"}}', '1236.5|3'],
  ['{{#if (and (eq 1 1) (ne 1 2) (lt 1 2) (lte 2 2) (gt 3 2) (gte 3 3) (or false 1) (not 0))}}y{{/if}}', 'y'],
  ['{{upper "straße"}}|{{lower "ÉCOLE"}}', 'STRASSE|école'],
  // A render naming no branding has none to place (document/branding-data.spec.ts places logos).
  ['{{#if branding}}{{brandingLogo "header"}}{{else}}none{{/if}}', 'none'],
];

/**
 * What `Intl` (CLDR) writes, built here independently of helpers.ts: the helpers must write
 * exactly this, in every locale.
 */
const intl = (locale: Locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options);
const VALUES = [
  0, 0.5, 7.05, 125.6, 999.995, 1234.5, 12345.5, 12345.678, 1234567.891, -0.001, -42.1, -20000, -98765.43,
];

describe('helpers: exactly what Intl writes', () => {
  describe.each(LOCALES.map((locale) => [locale]))('%s', (locale) => {
    it.each(TABLE.map(([template, expected]) => [template, expected[locale]]))(
      '%s gives %j',
      (template, expected) => {
        expect(run(template, locale)).toBe(expected);
      },
    );

    it.each(SAME_IN_EVERY_LOCALE)('%s gives %j', (template, expected) => {
      expect(
        run(template, locale, {
          items: [
            { q: 2, p: 1.25 },
            { q: 1, p: 1234 },
          ],
        }),
      ).toBe(expected);
    });

    it.each(VALUES.map((value) => [value]))('formats %d as Intl does', (value) => {
      const [number, fixed, amount, bare, percent] = run(
        '{{formatNumber value}}|{{formatNumber value 2}}|{{chf value}}|{{chf value symbol=false}}|{{formatPercent value}}',
        locale,
        { value },
      ).split('|');
      const sign = { signDisplay: 'negative' } as const;
      expect(number).toBe(intl(locale, sign).format(value));
      expect(fixed).toBe(
        intl(locale, { ...sign, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value),
      );
      const franc = intl(locale, { ...sign, style: 'currency', currency: 'CHF' });
      expect(amount).toBe(franc.format(value));
      // symbol=false: Intl's amount, its digits and sign, without CHF and the space that joins it.
      expect(bare).toBe(
        franc
          .formatToParts(value)
          .filter((part) => !['currency', 'literal'].includes(part.type))
          .map((part) => part.value)
          .join(''),
      );
      expect(percent).toBe(
        intl(locale, { ...sign, style: 'percent', maximumFractionDigits: 2 }).format(value),
      );
    });

    it.each([
      ['short', '2026-03-05T09:30:00Z'],
      ['medium', '2026-08-31T22:30:00Z'],
      ['long', '2026-12-24T12:00:00Z'],
      ['full', '2026-01-01T00:00:00Z'],
    ] as const)('writes %s dates as Intl does', (style, iso) => {
      const expected = new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'Europe/Zurich' });
      expect(run(`{{formatDate value "${style}"}}`, locale, { value: iso })).toBe(
        expected.format(new Date(iso)),
      );
    });
  });

  it('covers every helper', () => {
    const used = [
      ...TABLE.map(([template]) => template),
      ...SAME_IN_EVERY_LOCALE.map(([template]) => template),
    ]
      .join(' ')
      .match(/[({]\s*([a-zA-Z]+)/g)
      ?.map((match) => match.replace(/^[({]\s*/, ''));
    const named = new Set(used);
    for (const helper of Object.keys(HELPERS)) expect(named).toContain(helper);
  });
});

describe('the locale of a language', () => {
  it.each([
    ['de', 'de-CH'],
    ['de-DE', 'de-CH'],
    ['gsw', 'de-CH'],
    ['FR', 'fr-CH'],
    ['fr-BE', 'fr-CH'],
    ['it_CH', 'it-CH'],
    ['en-GB', 'en'],
    ['rm', undefined],
    ['', undefined],
  ])('%j is %j', (tag, locale) => {
    expect(localeOfLanguage(tag)).toBe(locale);
  });

  it.each([
    [undefined, undefined],
    ['', undefined],
    ['fr-CH', 'fr-CH'],
    ['fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5', 'fr-CH'],
    ['rm, it;q=0.8, de;q=0.9', 'de-CH'],
    ['en;q=0.5, it', 'it-CH'],
    ['de;q=0, fr;q=0.1', 'fr-CH'],
    ['de;q=2, en;q=0.3', 'en'],
    ['de;q=abc, it;q=0.3', 'it-CH'],
    ['de;Q=1.000, it', 'de-CH'],
    ['*', undefined],
    ['rm, es', undefined],
    [';;,,;q=', undefined],
  ])('Accept-Language %j prefers %j', (header, locale) => {
    expect(localeOfAcceptLanguage(header)).toBe(locale);
  });
});
