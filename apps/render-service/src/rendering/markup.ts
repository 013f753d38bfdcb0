import type htmlToPdfmakeFunction from 'html-to-pdfmake';
import type { DomWindow } from 'jsdom';

import { escapeHtml } from './escaping';
import { inlineCss, installedFamily, reduceStyles } from './html-styles';
import { findStartTag } from './html-tags';
import { MARKDOWN_CSS } from './markdown-style';
import { RenderWarnings } from './render-warnings';

// Loaded on first use: a worker that renders only JSON templates never pays for a DOM.
let markdown: { render(source: string): string } | undefined;
let domWindow: DomWindow | undefined;
let htmlToPdfmake: typeof htmlToPdfmakeFunction | undefined;

/**
 * CommonMark plus tables; raw HTML in Markdown stays text, links are as markdown-it allows. A
 * single line break inside a paragraph stays a line break (`breaks`), as an address block needs,
 * where CommonMark would join the lines with a space.
 */
export async function markdownToHtml(source: string): Promise<string> {
  if (!markdown) {
    const { default: markdownIt } = await import('markdown-it');
    markdown = new markdownIt({ html: false, linkify: false, typographer: false, breaks: true });
  }
  return markdown.render(source);
}

/** An HTML document as pdfmake content, with what its PDF could not honour. */
export interface PdfContent {
  readonly content: unknown;
  /** The document's `<title>`, for the PDF's title when the options give none. */
  readonly title?: string;
  readonly warnings: string[];
}

/** The fonts a document may name: every installed family, and the one used when it names none. */
export interface FontChoice {
  readonly families: readonly string[];
  readonly defaultFont: string;
}

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
  reduceStyles(document, fonts.families, fonts.defaultFont, warnings);
  const title = document.querySelector('title')?.textContent?.trim();
  const content = htmlToPdfmake(document.documentElement.outerHTML, {
    window: domWindow,
    removeExtraBlanks: true,
    defaultStyles,
    // Widths and heights of table cells (and percentages of the table) become the table's.
    tableAutoSize: true,
  });
  restoreFontNames(content, fonts.families, 0);
  return { content, ...(title ? { title } : {}), warnings: warnings.list() };
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
export function htmlDocument(body: string, label: string, title: string | undefined, lang: string): string {
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
