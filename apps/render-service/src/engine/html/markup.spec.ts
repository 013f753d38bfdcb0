import { htmlToPdfContent, withTemplateMeta } from './markup';

const META = '<meta name="render-template" content="invoice@3">';

describe(withTemplateMeta.name, () => {
  it.each([
    [
      'into its head',
      '<html><HEAD lang="de"><title>x</title></HEAD></html>',
      `<html><HEAD lang="de">${META}<title>x</title></HEAD></html>`,
    ],
    [
      'into a head of its own',
      '<html lang="fr"><body>x</body></html>',
      `<html lang="fr"><head>${META}</head><body>x</body></html>`,
    ],
    ['before a fragment', '<p>x</p>', `${META}\n<p>x</p>`],
    ['not into a header', '<header>x</header>', `${META}\n<header>x</header>`],
  ])('records the template %s', (_where, html, expected) => {
    expect(withTemplateMeta(html, 'invoice@3')).toBe(expected);
  });

  it('reads a megabyte of unended <head and <html start tags in one pass', () => {
    const html = `${'<head '.repeat(100_000)}${'<html '.repeat(100_000)}`;
    expect(withTemplateMeta(html, 'invoice@3')).toBe(`${META}\n${html}`);
  });
});

describe(htmlToPdfContent.name, () => {
  const fonts = { families: ['Roboto'], defaultFont: 'Roboto' };
  type Margin = (currentPage: number, pageCount: number) => unknown;

  it('takes .page-header and .page-footer out of the flow, filling in each page its number and count', async () => {
    const { content, header, footer, warnings } = await htmlToPdfContent(
      '<div class="page-header">Report</div><p>Body</p>' +
        '<div class="page-footer" style="text-align: right; padding-top: 2pt">Page <span class="page-number"></span>/<span class="page-count"></span></div>',
      fonts,
    );
    expect(JSON.stringify(content)).not.toMatch(/Report|Page/);
    expect(JSON.stringify((header as Margin)(1, 3))).toContain('"text":"Report"');
    const third = JSON.stringify((footer as Margin)(3, 4));
    expect(third).toContain('"text":"3"');
    expect(third).toContain('"text":"4"');
    expect(third).not.toContain('_pageField');
    // Each page gets its own copy, its box drawn (the padding's one-cell table).
    expect(JSON.stringify((footer as Margin)(1, 4))).toContain('"text":"1"');
    expect(third).toContain('"table"');
    expect(warnings).toEqual([]);
  });

  it('leaves a .page-number outside them as written, with a warning, and makes no footer without one', async () => {
    const { footer, warnings } = await htmlToPdfContent(
      '<p>Page <span class="page-number">?</span></p>',
      fonts,
    );
    expect(footer).toBeUndefined();
    expect(warnings).toEqual(['.page-number shows the page only inside .page-header or .page-footer']);
  });
});
