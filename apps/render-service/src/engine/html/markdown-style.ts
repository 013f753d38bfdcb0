/**
 * How a Markdown document looks, in its PDF and in its HTML alike: headings sized for a letter
 * (pdfmake's default text is 12 pt; html-to-pdfmake's own headings run from 24 pt for h1, more
 * than a letter wants), in points.
 */
interface HeadingStyle {
  readonly fontSize: number;
  /** Space above and below, in points. */
  readonly marginTop: number;
  readonly marginBottom: number;
}

export const MARKDOWN_HEADINGS: Readonly<Record<'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6', HeadingStyle>> = {
  h1: { fontSize: 18, marginTop: 12, marginBottom: 6 },
  h2: { fontSize: 15, marginTop: 10, marginBottom: 5 },
  h3: { fontSize: 13, marginTop: 8, marginBottom: 4 },
  h4: { fontSize: 12, marginTop: 8, marginBottom: 4 },
  h5: { fontSize: 12, marginTop: 6, marginBottom: 3 },
  h6: { fontSize: 12, marginTop: 6, marginBottom: 3 },
};

/** The body text of a Markdown document's HTML, as pdfmake's default. */
export const MARKDOWN_BODY_FONT_SIZE = 12;

/** html-to-pdfmake's `defaultStyles` for a Markdown document: bold headings of these sizes. */
export function markdownPdfStyles(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(MARKDOWN_HEADINGS).map(([tag, { fontSize, marginTop, marginBottom }]) => [
      tag,
      // An empty value removes html-to-pdfmake's own (its marginBottom, here in `margin`).
      { fontSize, bold: true, marginBottom: '', margin: [0, marginTop, 0, marginBottom] },
    ]),
  );
}

/**
 * A Markdown table's lines, in its PDF and its HTML alike: a table of figures reads by its grid,
 * which neither draws without CSS (an HTML template's tables draw what its own CSS asks).
 */
export const MARKDOWN_TABLE_CSS =
  'table { border-collapse: collapse; } th, td { border: 1px solid #999999; }';

/** The same in CSS, for the head of a Markdown document's HTML. */
export const MARKDOWN_CSS = [
  `body { font-size: ${MARKDOWN_BODY_FONT_SIZE}pt; }`,
  MARKDOWN_TABLE_CSS,
  ...Object.entries(MARKDOWN_HEADINGS).map(
    ([tag, { fontSize, marginTop, marginBottom }]) =>
      `${tag} { font-size: ${fontSize}pt; font-weight: bold; margin: ${marginTop}pt 0 ${marginBottom}pt; }`,
  ),
].join('\n');
