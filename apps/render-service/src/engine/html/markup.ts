import type htmlToPdfmakeFunction from 'html-to-pdfmake';
import type { DomDocument, DomElement, DomWindow } from 'jsdom';

import { RenderError } from '../common/render-error';
import { RenderWarnings } from '../common/render-warnings';
import { checkMarkupSize } from '../pdf/document-size';
import type { DocumentDefinition } from '../pdf/renderer-options';
import { checkDocumentResources } from '../pdf/resource-guard';
import { svgImagesAsSvg } from '../pdf/svg-images';
import { escapeHtml } from '../template/escaping';
import { applyBoxes, type BoxSpec } from './html-box';
import { inlineCss, installedFamily, reduceStyles } from './html-styles';
import { findStartTag } from './html-tags';
import { MARKDOWN_CSS, MARKDOWN_TABLE_CSS, markdownPdfStyles } from './markdown-style';

// Loaded on first use: a worker that renders only JSON templates never pays for a DOM.
let markdown: { render(source: string): string; validateLink(url: string): boolean } | undefined;
/** The images of the render being converted that markdown-it may take beyond its own rule. */
let trustedMarkdownImages: readonly string[] = [];
let domWindow: DomWindow | undefined;
let htmlToPdfmake: typeof htmlToPdfmakeFunction | undefined;

/**
 * CommonMark plus tables; raw HTML in Markdown stays text, links are as markdown-it allows. A
 * single line break inside a paragraph stays a line break (`breaks`), as an address block needs,
 * where CommonMark would join the lines with a space.
 */
async function markdownToHtml(source: string, trustedImages: readonly string[] = []): Promise<string> {
  if (!markdown) {
    const { default: markdownIt } = await import('markdown-it');
    const instance = new markdownIt({ html: false, linkify: false, typographer: false, breaks: true });
    const ownRule = instance.validateLink.bind(instance);
    // markdown-it refuses data:image/svg+xml; a branding logo (checked by the service) is one.
    instance.validateLink = (url: string) => ownRule(url) || trustedMarkdownImages.includes(url);
    markdown = instance;
  }
  trustedMarkdownImages = trustedImages;
  try {
    return markdown.render(source);
  } finally {
    trustedMarkdownImages = [];
  }
}

/** An HTML document as pdfmake content, with what its PDF could not honour. */
export interface PdfContent {
  readonly content: unknown;
  /** The document's `<title>`, for the PDF's title when the options give none. */
  readonly title?: string;
  /** The element of class `page-header`/`page-footer`, repeated on every page with its page numbers. */
  readonly header?: PageMargin;
  readonly footer?: PageMargin;
  readonly warnings: string[];
}

/** pdfmake's header or footer: the content of one page's margin. */
export type PageMargin = (currentPage: number, pageCount: number) => unknown;

/** The fonts a document may name: every installed family, and the one used when it names none. */
export interface FontChoice {
  readonly families: readonly string[];
  readonly defaultFont: string;
}

/**
 * Elements as a browser shows them without CSS, where html-to-pdfmake's defaults differ: a `th` is
 * bold and centred, on no fill (html-to-pdfmake gives it a grey `#EEEEEE` fill, which the HTML
 * output lacks and `background-color: transparent` could not remove). An empty value removes
 * html-to-pdfmake's own.
 */
const HTML_DEFAULT_STYLES: Readonly<Record<string, Record<string, unknown>>> = {
  th: { bold: true, fillColor: '', alignment: 'center' },
};

/**
 * html-to-pdfmake needs a DOM; one jsdom window per worker that never runs scripts or loads
 * anything. The document's CSS is inlined and reduced to what the PDF honours first
 * (html-styles.ts); html-to-pdfmake then reads the style attributes. `defaultStyles` change
 * html-to-pdfmake's styles of elements (markdown-style.ts).
 */
export async function htmlToPdfContent(
  html: string,
  fonts: FontChoice,
  defaultStyles?: Record<string, Record<string, unknown>>,
): Promise<PdfContent> {
  if (!domWindow || !htmlToPdfmake) {
    const { JSDOM } = await import('jsdom');
    domWindow = new JSDOM('', { runScripts: undefined, resources: undefined }).window;
    htmlToPdfmake = (await import('html-to-pdfmake')).default;
  }
  const warnings = new RenderWarnings();
  const document = new domWindow.DOMParser().parseFromString(await inlineCss(html, warnings), 'text/html');
  const boxes = reduceStyles(document, fonts.families, fonts.defaultFont, warnings);
  const title = document.querySelector('title')?.textContent?.trim();
  const convert = (html: string): unknown => {
    const converted = htmlToPdfmake!(html, {
      window: domWindow,
      removeExtraBlanks: true,
      defaultStyles: { ...HTML_DEFAULT_STYLES, ...defaultStyles },
      // Widths and heights of table cells (and percentages of the table) become the table's.
      tableAutoSize: true,
    });
    restoreFontNames(converted, fonts.families, 0);
    return converted;
  };
  const margins = pageMargins(document, warnings);
  const content = applyBoxes(convert(document.documentElement.outerHTML), boxes);
  // pdfOf checks the document's resources and places its SVG images, but pdfmake draws a page's
  // header and footer from a function pdfOf cannot look into: they are checked here, once.
  const repeated = (element: DomElement | undefined, name: 'header' | 'footer'): PageMargin | undefined => {
    if (!element) return undefined;
    const margin = { [name]: convert(element.outerHTML) };
    svgImagesAsSvg(margin);
    checkDocumentResources(margin);
    return pageMargin(margin[name], boxes);
  };
  const header = repeated(margins.header, 'header');
  const footer = repeated(margins.footer, 'footer');
  return {
    content,
    ...(title ? { title } : {}),
    ...(header ? { header } : {}),
    ...(footer ? { footer } : {}),
    warnings: warnings.list(),
  };
}

/** What pdfmake puts in a page's margin for a page-number field: a placeholder until the page is known. */
const PAGE_FIELD = '_pageField';
const PAGE_FIELDS: Readonly<Record<string, 'number' | 'count'>> = {
  'page-number': 'number',
  'page-count': 'count',
};

/**
 * Takes the first `.page-header` and `.page-footer` elements out of the document: each is drawn
 * in the top or bottom page margin of every page (pdfmake's header and footer), where a
 * `.page-number` element shows the page's number and a `.page-count` element the number of pages.
 * Such elements elsewhere cannot know their page: they keep their text, with a warning.
 */
function pageMargins(
  document: DomDocument,
  warnings: RenderWarnings,
): { header?: DomElement; footer?: DomElement } {
  const header = document.querySelector('.page-header') ?? undefined;
  const footer = document.querySelector('.page-footer') ?? undefined;
  for (const [className, field] of Object.entries(PAGE_FIELDS))
    for (const element of document.querySelectorAll(`.${className}`)) {
      if (!header?.contains(element) && !footer?.contains(element)) {
        warnings.add(
          `page-field:${className}`,
          `.${className} shows the page only inside .page-header or .page-footer`,
        );
        continue;
      }
      // Measured as digits while it is laid out; the page's own figures replace it.
      element.textContent = '0';
      element.setAttribute('data-pdfmake', JSON.stringify({ [PAGE_FIELD]: field }));
    }
  header?.remove();
  footer?.remove();
  return { header, footer };
}

/** The page's own copy of a header or footer, its page fields filled in and boxes drawn. */
function pageMargin(converted: unknown, boxes: readonly BoxSpec[]): PageMargin {
  const template = JSON.stringify(converted);
  return (currentPage, pageCount) => {
    const copy: unknown = JSON.parse(template);
    fillPageFields(copy, { number: currentPage, count: pageCount }, 0);
    return applyBoxes(copy, boxes);
  };
}

function fillPageFields(node: unknown, figures: Record<'number' | 'count', number>, depth: number): void {
  if (node === null || typeof node !== 'object' || depth > 500) return;
  if (Array.isArray(node)) {
    for (const item of node) fillPageFields(item, figures, depth + 1);
    return;
  }
  const record = node as Record<string, unknown>;
  const field = record[PAGE_FIELD];
  if (field === 'number' || field === 'count') {
    record['text'] = String(figures[field]);
    delete record[PAGE_FIELD];
  }
  for (const value of Object.values(record)) fillPageFields(value, figures, depth + 1);
}

/**
 * html-to-pdfmake lower-cases a style and capitalises the family it names (`dejavu sans` becomes
 * `DejavuSans`); pdfmake knows families by their exact names, so each `font` is put back as installed.
 */
function restoreFontNames(node: unknown, families: readonly string[], depth: number): void {
  if (node === null || typeof node !== 'object' || depth > 500) return;
  if (Array.isArray(node)) {
    for (const item of node) restoreFontNames(item, families, depth + 1);
    return;
  }
  const record = node as Record<string, unknown>;
  if (typeof record['font'] === 'string') {
    const family = installedFamily(record['font'], families);
    if (family) record['font'] = family;
  }
  for (const [key, value] of Object.entries(record))
    if (key !== 'font') restoreFontNames(value, families, depth + 1);
}

const metaTag = (label: string): string => `<meta name="render-template" content="${escapeHtml(label)}">`;

/** Records the template that produced an HTML document in a meta tag of its head. */
export function withTemplateMeta(html: string, label: string): string {
  const meta = metaTag(label);
  const head = findStartTag(html, 'head');
  if (head) return `${html.slice(0, head.end)}${meta}${html.slice(head.end)}`;
  const root = findStartTag(html, 'html');
  if (root) return `${html.slice(0, root.end)}<head>${meta}</head>${html.slice(root.end)}`;
  return `${meta}\n${html}`;
}

/** Markdown output is a whole HTML document, styled as its PDF is (markdown-style.ts). */
function htmlDocument(body: string, label: string, title: string | undefined, lang: string): string {
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    metaTag(label),
    title ? `<title>${escapeHtml(title)}</title>` : '',
    `<style>\n${MARKDOWN_CSS}\n</style>`,
    '</head>',
    '<body>',
    body,
    '</body>',
    '</html>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * Runs a conversion of the template's output by the markup libraries (markdown-it, juice, jsdom,
 * html-to-pdfmake): a failure inside one is answered in general words, its own error logged.
 */
async function converting<T>(inputFormat: 'html' | 'md', convert: () => Promise<T>): Promise<T> {
  try {
    return await convert();
  } catch (error) {
    if (error instanceof RenderError || (error instanceof RangeError && /call stack/i.test(error.message)))
      throw error;
    throw new RenderError(
      'MARKUP.UNCONVERTIBLE',
      `The ${inputFormat === 'md' ? 'Markdown' : 'HTML'} this template writes on this data could not be ` +
        'converted: check that its tags and CSS are well formed.',
      { cause: error },
    );
  }
}

/** html (from an html or md template) as a pdfmake document: its `<title>` is the PDF's by default. */
const pdfDefinitionOf = ({ content, title, header, footer }: PdfContent): DocumentDefinition => ({
  content,
  ...(title ? { info: { title } } : {}),
  ...(header ? { header } : {}),
  ...(footer ? { footer } : {}),
});

/**
 * What an html or md template wrote, as the pdfmake document a PDF is laid out from, and what of
 * its CSS the PDF cannot honour (`X-Render-Warnings`). Markdown becomes html first; the CSS pass
 * (juice) runs on Markdown only for a document with a table.
 */
export async function pdfDocumentOf(
  text: string,
  inputFormat: 'html' | 'md',
  fonts: FontChoice,
  trustedImages: readonly string[],
): Promise<{ readonly document: DocumentDefinition; readonly warnings: readonly string[] }> {
  const converted = await converting(inputFormat, async () => {
    const html = inputFormat === 'md' ? await markdownToHtml(text, trustedImages) : text;
    checkMarkupSize(html);
    return inputFormat === 'md'
      ? htmlToPdfContent(
          /<table[\s>]/.test(html) ? `<style>${MARKDOWN_TABLE_CSS}</style>${html}` : html,
          fonts,
          markdownPdfStyles(),
        )
      : htmlToPdfContent(html, fonts);
  });
  return { document: pdfDefinitionOf(converted), warnings: converted.warnings };
}

/**
 * What an html or md template wrote, as the html document the render answers with, recording the
 * template (`label`) in a meta tag: Markdown becomes a whole page, styled as its PDF is.
 */
export async function htmlOutputOf(
  text: string,
  inputFormat: 'html' | 'md',
  page: {
    readonly label: string;
    readonly title: string | undefined;
    readonly locale: string;
    readonly trustedImages: readonly string[];
  },
): Promise<string> {
  if (inputFormat === 'html') return withTemplateMeta(text, page.label);
  const body = await converting(inputFormat, () => markdownToHtml(text, page.trustedImages));
  return htmlDocument(body, page.label, page.title, page.locale);
}
