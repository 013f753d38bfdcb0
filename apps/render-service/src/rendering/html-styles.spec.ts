import { JSDOM } from 'jsdom';

import { declarationsOf, inlineCss, reduceStyles, reportUnappliedRules, styleBlocks } from './html-styles';
import { RenderWarnings } from './render-warnings';

const window = new JSDOM('').window;

/** The document's body after the style pass, and the warnings it gave. */
function reduced(html: string, fonts: readonly string[] = ['Roboto']): { body: string; warnings: string[] } {
  const document = new window.DOMParser().parseFromString(html, 'text/html');
  const warnings = new RenderWarnings();
  reduceStyles(document, fonts, 'Roboto', warnings);
  const body = document.querySelector('body');
  return {
    body: body ? body.outerHTML.replace(/^<body[^>]*>|<\/body>$/g, '') : '',
    warnings: warnings.list(),
  };
}

const unapplied = (css: string): string[] => {
  const warnings = new RenderWarnings();
  reportUnappliedRules(css, warnings);
  return warnings.list();
};

describe(declarationsOf.name, () => {
  it('splits on semicolons outside quotes and parentheses, lower-cases names, drops !important', () => {
    expect(
      declarationsOf(
        `COLOR: Red !important; font-family: "A;B", serif; background: url("data:image/png;base64,AA"); ;broken`,
      ),
    ).toEqual([
      { property: 'color', value: 'Red' },
      { property: 'font-family', value: '"A;B", serif' },
      { property: 'background', value: 'url("data:image/png;base64,AA")' },
      { property: 'broken', value: '' },
    ]);
  });
});

describe(reportUnappliedRules.name, () => {
  it('names at-rules, interaction pseudo-classes and pseudo-elements, once each', () => {
    expect(
      unapplied(`
        @charset "utf-8";
        @import url("print.css");
        /* @page in a comment is nothing */
        @page { size: A4; margin: 2cm }
        p { color: red } a:hover, a:focus { color: blue } a:hover { color: green }
        p::before { content: "{" } li:first-child { color: red }
        @media print { p { color: black } }
        @font-face { font-family: X; src: url(x.woff) }
      `),
    ).toEqual([
      'CSS @import rules are not applied in PDF',
      'CSS @page rules are not applied in PDF',
      'CSS rules for :hover are not applied in PDF',
      'CSS rules for :focus are not applied in PDF',
      'CSS rules for ::before are not applied in PDF',
      'CSS @media rules are not applied in PDF',
      'CSS @font-face rules are not applied in PDF',
    ]);
  });

  it('says when braces do not balance, and nothing for plain rules', () => {
    expect(unapplied('p { color: red')).toEqual(['a <style> block is malformed (unbalanced braces)']);
    expect(unapplied('p { color: red } }')).toEqual(['a <style> block is malformed (unbalanced braces)']);
    expect(unapplied('p, td.x > span { color: red } :root { --c: #fff }')).toEqual([]);
  });

  it('skips comments, and reads a megabyte of comments that nothing closes in one pass', () => {
    expect(unapplied('/* @page { } */ p { color: red } /* a:hover { } */')).toEqual([]);
    expect(unapplied(`p { color: red } ${'/*@page'.repeat(150_000)}`)).toEqual([]);
    expect(unapplied(`/**/@page { } /* ${'/*'.repeat(500_000)}`)).toEqual([
      'CSS @page rules are not applied in PDF',
    ]);
  });
});

describe(inlineCss.name, () => {
  it('puts class rules into style attributes and leaves markup without <style> untouched', async () => {
    const warnings = new RenderWarnings();
    const html = await inlineCss(
      '<html><head><style>.r { text-align: right } p { color: #123456 } :root { --w: 30% } td { width: var(--w) }</style></head>' +
        '<body><p class="r">A</p><table><tr><td>x</td></tr></table></body></html>',
      warnings,
    );
    expect(html).toContain('<p class="r" style="color: #123456; text-align: right;">A</p>');
    expect(html).toContain('<td style="width: 30%;">x</td>');
    expect(html).not.toContain('<style');
    expect(warnings.list()).toEqual([]);
    const plain = '<p style="color: red">A & B</p>';
    expect(await inlineCss(plain, warnings)).toBe(plain);
  });

  it('reports what the <style> blocks hold that no element receives', async () => {
    const warnings = new RenderWarnings();
    await inlineCss('<style>@page { }</style><p>x</p><STYLE media="print">a:hover { }</style >', warnings);
    expect(warnings.list()).toEqual([
      'CSS @page rules are not applied in PDF',
      'CSS rules for :hover are not applied in PDF',
    ]);
  });
});

describe(styleBlocks.name, () => {
  it('gives the text of each <style> element, in order', () => {
    expect(
      styleBlocks('<style>a{}</style><stylex>no</stylex><STYLE\n media="print">b{}</style ><style>c{}'),
    ).toEqual(['a{}', 'b{}']);
  });

  // A lazy pattern read on to the end from each of these: hours for a megabyte of them.
  it('reads a megabyte of <style> start tags that nothing closes or ends in one pass', () => {
    expect(styleBlocks(`<style>a{}</style>${'<style>b{}'.repeat(100_000)}`)).toEqual(['a{}']);
    expect(styleBlocks(`<style>a{}</style>${'<style '.repeat(150_000)}`)).toEqual(['a{}']);
  });
});

describe(reduceStyles.name, () => {
  it('keeps what the PDF honours and names each property it removes, with its elements', () => {
    const { body, warnings } = reduced(
      '<p style="color: #c00; text-align: center; padding: 4px; display: flex">A</p>' +
        '<div style="padding: 2px; margin: 4px 8px">B</div>' +
        '<table style="width: 100%; border: 1px solid"><tr><td style="width: 30%; border-bottom: 1px solid #000; vertical-align: top">C</td></tr></table>',
    );
    expect(body).toBe(
      '<p style="color: #c00; text-align: center">A</p>' +
        '<div style="margin: 4px 8px">B</div>' +
        '<table style="width: 100%"><tbody><tr><td style="width: 30%; border-bottom: 1px solid #000">C</td></tr></tbody></table>',
    );
    expect(warnings).toEqual([
      'CSS padding is not supported in PDF (on p, div)',
      'CSS display: flex is not supported in PDF (on p)',
      'CSS border is not supported in PDF (on table)',
      'CSS vertical-align is not supported in PDF (on td)',
    ]);
  });

  it.each([
    ['font-size: 120%', 'CSS font-size: 120% is not supported in PDF (on p)'],
    ['margin-left: auto', 'CSS margin-left: auto is not supported in PDF (on p)'],
    ['margin: 0 auto', 'CSS margin: 0 auto is not supported in PDF (on p)'],
    ['color: #ff000080', 'CSS color: #ff000080 is not supported in PDF (on p)'],
    ['color: currentColor', 'CSS color: currentColor is not supported in PDF (on p)'],
    ['width: 50%', 'CSS width is not supported in PDF (on p)'],
    [
      'background: url(x.png) no-repeat',
      'CSS background: url(x.png) no-repeat is not supported in PDF (on p)',
    ],
    ['font: 12px Arial', 'CSS font is not supported in PDF (on p)'],
    ['page-break-before: always', 'CSS page-break-before is not supported in PDF (on p)'],
  ])('refuses %s with a warning', (style, warning) => {
    const { body, warnings } = reduced(`<p style="${style}">A</p>`);
    expect(body).toBe('<p>A</p>');
    expect(warnings).toEqual([warning]);
  });

  it('undoes no default it cannot: font-style: normal on <em>, text-decoration: none on <a>', () => {
    const { warnings } = reduced(
      '<p style="font-style: normal; text-decoration: none">A <em style="font-style: normal">B</em> <a href="#x" style="text-decoration: none">C</a></p>',
    );
    expect(warnings).toEqual([
      'CSS font-style: normal is not supported in PDF (on em)',
      'CSS text-decoration: none is not supported in PDF (on a)',
    ]);
  });

  it('takes a colour background as background-color, and only inherited properties on <body>', () => {
    const { body, warnings } = reduced(
      '<html style="font-size: 14px"><body style="color: #333; margin: 2cm"><p style="background: #eee">A</p></body></html>',
    );
    expect(body).toBe('<p style="background-color: #eee">A</p>');
    expect(warnings).toEqual([
      'CSS font-size is not supported in PDF (on html)',
      'CSS margin is not supported in PDF (on body)',
    ]);
  });

  it('names installed families as installed, falls back to the default font, warns unless sans-serif', () => {
    const fonts = ['Roboto', 'DejaVuSans', 'Liberation'];
    const { body, warnings } = reduced(
      `<p style="font-family: 'Dejavu Sans', serif">A</p><p style="font-family: Arial, Helvetica, sans-serif">B</p>` +
        '<p style="font-family: Georgia, serif">C</p><p style="font-family: LIBERATION">D</p>',
      fonts,
    );
    expect(body).toBe(
      '<p style="font-family: DejaVuSans">A</p><p style="font-family: Roboto">B</p>' +
        '<p style="font-family: Roboto">C</p><p style="font-family: Liberation">D</p>',
    );
    expect(warnings).toEqual(["font-family 'Georgia' is not installed, Roboto is used"]);
  });

  it('drops linked stylesheets and stray <style> elements with a warning, custom properties silently', () => {
    const { body, warnings } = reduced(
      '<head><link rel="preload stylesheet" href="http://127.0.0.1:1/x.css"></head>' +
        '<body><style>p { color: red }</style><p style="--accent: red; color: red">A</p></body>',
    );
    expect(body).toBe('<p style="color: red">A</p>');
    expect(warnings).toEqual(['stylesheets linked with <link> are not loaded']);
  });

  it('keeps the header safe from what a template writes', () => {
    const { warnings } = reduced(`<p style="ünïcode: 1; color: 'red;blue'">A</p>`);
    expect(warnings).toEqual([
      "CSS '?n?code' is not supported in PDF (on p)",
      "CSS color: 'red?blue' is not supported in PDF (on p)",
    ]);
    for (const warning of warnings) expect(warning).toMatch(/^[\x20-\x7e]+$/);
  });
});
