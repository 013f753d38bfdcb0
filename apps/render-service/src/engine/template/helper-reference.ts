import { escapeHtmlCharacters } from '../common/html-characters';
import type { Locale } from './helpers';

/**
 * The template helpers in brief, each with an example, for the render operation's OpenAPI
 * description and the playground's panel (docs/template-helpers.md is the long form).
 * helper-reference.spec.ts renders every example, so what it shows is what the service writes,
 * and checks that every helper has an entry.
 */
export interface HelperEntry {
  /** The helpers the entry covers: `chf`, or `add`, `subtract`, ... */
  readonly helpers: readonly string[];
  /** How it is called. */
  readonly usage: string;
  readonly description: string;
  readonly example: {
    readonly template: string;
    readonly data: Record<string, unknown>;
    /** What it writes: de-CH always, and other locales where they differ. */
    readonly output: Partial<Record<Locale, string>> & { readonly 'de-CH': string };
  };
}

// Invisible in the text below: U+00A0 (no-break space) joins CHF to its amount. Written as an
// escape so it stays visible here.
const NBSP = '\u00a0';

export const HELPER_REFERENCE: readonly HelperEntry[] = [
  {
    helpers: ['formatDate'],
    usage: 'formatDate value [style] [time=style] [timeZone="..."]',
    description:
      "A date (ISO 8601 text or epoch milliseconds) in the locale's words; style short, medium (default), long or full; time= adds the time; in Europe/Zurich unless timeZone= names another.",
    example: {
      template: '{{formatDate issued "long"}}',
      data: { issued: '2026-03-05T09:30:00Z' },
      output: {
        'de-CH': '5. März 2026',
        'fr-CH': '5 mars 2026',
        'it-CH': '5 marzo 2026',
        en: 'March 5, 2026',
      },
    },
  },
  {
    helpers: ['formatNumber'],
    usage: 'formatNumber value [decimals]',
    description:
      'A number grouped as Intl does in the locale; decimals (0 to 10) fixes the digits after the separator.',
    example: {
      template: '{{formatNumber population}}',
      data: { population: 1234567.5 },
      output: { 'de-CH': "1'234'567.5", 'fr-CH': "1'234'567,5", en: '1,234,567.5' },
    },
  },
  {
    helpers: ['formatPercent'],
    usage: 'formatPercent value [decimals]',
    description:
      'A share as a percentage (0.081 is 8.1 %), as Intl writes it; at most two decimals unless decimals.',
    example: {
      template: '{{formatPercent vatRate}}',
      data: { vatRate: 0.081 },
      output: { 'de-CH': '8.1%', 'fr-CH': '8,1%' },
    },
  },
  {
    helpers: ['chf'],
    usage: 'chf value [symbol=false]',
    description:
      'A Swiss franc amount exactly as Intl formats it in the locale (CLDR: two decimals, CHF where the locale puts it); symbol=false leaves CHF out.',
    example: {
      template: '{{chf total}}',
      data: { total: -12345.5 },
      output: {
        'de-CH': "CHF-12'345.50",
        'fr-CH': `-12'345.50${NBSP}CHF`,
        'it-CH': "CHF-12'345.50",
        en: `-CHF${NBSP}12,345.50`,
      },
    },
  },
  {
    helpers: ['default'],
    usage: 'default value fallback',
    description: 'The value, or the fallback when it is missing, null or empty.',
    example: {
      template: '{{default phone "none given"}}',
      data: { phone: null },
      output: { 'de-CH': 'none given' },
    },
  },
  {
    helpers: ['add', 'subtract', 'multiply', 'divide'],
    usage: 'add a b, subtract a b, multiply a b, divide a b',
    description:
      'Arithmetic on numbers (or numeric strings), giving numbers: write them for readers with formatNumber or chf.',
    example: {
      template: '{{chf (multiply quantity unitPrice)}} ({{add 1 (subtract 5 (divide 9 3))}})',
      data: { quantity: 3, unitPrice: 19.9 },
      output: { 'de-CH': `CHF${NBSP}59.70 (3)` },
    },
  },
  {
    helpers: ['sum'],
    usage: 'sum list ["field" ["field2"]]',
    description: 'The sum of the items, of one field of each, or of the products of two fields.',
    example: {
      template: '{{sum lines "quantity"}} items, {{chf (sum lines "quantity" "unitPrice")}}',
      data: {
        lines: [
          { quantity: 2, unitPrice: 12.5 },
          { quantity: 1, unitPrice: 80 },
        ],
      },
      output: { 'de-CH': `3 items, CHF${NBSP}105.00` },
    },
  },
  {
    helpers: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'],
    usage: 'eq a b, ne a b, lt a b, lte a b, gt a b, gte a b',
    description: 'Comparisons for #if: eq and ne compare exactly (1 is not "1"), the others compare numbers.',
    example: {
      template:
        '{{#if (gt total 1000)}}approval{{/if}}{{#if (eq status "paid")}} paid{{/if}}{{#if (lt total 0)}} credit{{/if}}{{#if (lte total 1500)}} small{{/if}}{{#if (gte total 1500)}} large{{/if}}{{#if (ne status "open")}} closed{{/if}}',
      data: { total: 1500, status: 'paid' },
      output: { 'de-CH': 'approval paid small large closed' },
    },
  },
  {
    helpers: ['and', 'or', 'not'],
    usage: 'and a b ..., or a b ..., not a',
    description: 'Logic for #if.',
    example: {
      template: '{{#if (and resident (not exempt))}}tax due{{/if}}{{#if (or email phone)}}, reachable{{/if}}',
      data: { resident: true, exempt: false, email: '', phone: '+41 31 123 45 67' },
      output: { 'de-CH': 'tax due, reachable' },
    },
  },
  {
    helpers: ['upper', 'lower'],
    usage: 'upper text, lower text',
    description: 'The text in capitals, or in small letters.',
    example: {
      template: '{{upper lastname}} {{lower code}}',
      data: { lastname: 'Müller', code: 'GE-2026' },
      output: { 'de-CH': 'MÜLLER ge-2026' },
    },
  },
  {
    helpers: ['each', 'if', 'unless', 'with', 'lookup'],
    usage: '#each, #if, #unless, #with, lookup',
    description: "Handlebars' own blocks: @index, @first and @last inside each, else for an empty list.",
    example: {
      template:
        '{{#each lines}}{{#unless @first}}; {{/unless}}{{name}}{{/each}} | {{#if address}}{{#with address}}{{city}}{{/with}}{{/if}} | {{lookup labels language}}',
      data: {
        lines: [{ name: 'Steuererklärung' }, { name: 'Parkkarte' }],
        address: { city: 'Bern' },
        labels: { fr: 'Facture' },
        language: 'fr',
      },
      output: { 'de-CH': 'Steuererklärung; Parkkarte | Bern | Facture' },
    },
  },
  {
    helpers: ['brandingLogo'],
    usage: 'brandingLogo "header" | "footer"',
    description:
      'The logo of the branding the render request names (`"branding": "canton-demo"`) as a data: URI for an image; the branding itself is read as data (branding.colorPalette.primaryColor, branding.links). Without a branding in the request it is a 422: test for it when a template serves both.',
    example: {
      template: '{{#if branding}}<img src="{{brandingLogo "header"}}">{{else}}unbranded{{/if}}',
      data: {},
      output: { 'de-CH': 'unbranded' },
    },
  },
];

const outputsText = (output: HelperEntry['example']['output']): string =>
  Object.entries(output)
    .map(([locale, text]) => `\`${text}\` (${locale})`)
    .join(', ');

/** The reference as Markdown, for the render operation's OpenAPI description. */
export function helperReferenceMarkdown(): string {
  return HELPER_REFERENCE.map(
    ({ usage, description, example }) =>
      `- \`${usage}\`: ${description} Example: \`${example.template}\` on \`${JSON.stringify(example.data)}\` ` +
      `writes ${outputsText(example.output)}.`,
  ).join('\n');
}

/** The reference as HTML, for the playground's panel: one entry per helper, each with its example. */
export function helperReferenceHtml(): string {
  return HELPER_REFERENCE.map(({ helpers, usage, description, example }) => {
    const outputs = Object.entries(example.output)
      .map(([locale, text]) => `<dt>${locale}</dt><dd><code>${escapeHtmlCharacters(text)}</code></dd>`)
      .join('');
    return (
      `<section class="helper" data-helpers="${escapeHtmlCharacters(helpers.join(' '))}">` +
      `<h3><code>${escapeHtmlCharacters(usage)}</code></h3><p>${escapeHtmlCharacters(description)}</p>` +
      `<dl><dt>template</dt><dd><code>${escapeHtmlCharacters(example.template)}</code></dd>` +
      `<dt>data</dt><dd><code>${escapeHtmlCharacters(JSON.stringify(example.data))}</code></dd>${outputs}</dl></section>`
    );
  }).join('\n');
}
