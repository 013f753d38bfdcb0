import type htmlToPdfmakeFunction from 'html-to-pdfmake';

import { escapeHtml } from './escaping';
import { MARKDOWN_CSS } from './markdown-style';

// Loaded on first use: a worker that renders only JSON templates never pays for a DOM.
let markdown: { render(source: string): string } | undefined;
let domWindow: object | undefined;
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

/**
 * html-to-pdfmake needs a DOM; one jsdom window per worker that never runs scripts or loads anything.
 * `defaultStyles` change html-to-pdfmake's styles of elements (markdown-style.ts).
 */
export async function htmlToPdfContent(
  html: string,
  defaultStyles?: Record<string, Record<string, unknown>>,
): Promise<unknown> {
  if (!domWindow || !htmlToPdfmake) {
    const { JSDOM } = await import('jsdom');
    domWindow = new JSDOM('', { runScripts: undefined, resources: undefined }).window;
    htmlToPdfmake = (await import('html-to-pdfmake')).default;
  }
  return htmlToPdfmake(html, { window: domWindow, removeExtraBlanks: true, defaultStyles });
}

const metaTag = (label: string): string => `<meta name="render-template" content="${escapeHtml(label)}">`;

/** Records the template that produced an HTML document in a meta tag of its head. */
export function withTemplateMeta(html: string, label: string): string {
  const meta = metaTag(label);
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head)
    return `${html.slice(0, head.index + head[0].length)}${meta}${html.slice(head.index + head[0].length)}`;
  const root = /<html(\s[^>]*)?>/i.exec(html);
  if (root)
    return `${html.slice(0, root.index + root[0].length)}<head>${meta}</head>${html.slice(root.index + root[0].length)}`;
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
