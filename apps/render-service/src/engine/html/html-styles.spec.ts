import { JSDOM } from 'jsdom';

import { RenderWarnings } from '../common/render-warnings';
import type { BoxSpec } from './html-box';
import { declarationsOf, inlineCss, reduceStyles, reportUnappliedRules, styleBlocks } from './html-styles';

const window = new JSDOM('').window;

/** The document's body after the style pass, the box specs it made and the warnings it gave. */
function reduced(
  html: string,
  fonts: readonly string[] = ['Roboto'],
): { body: string; boxes: BoxSpec[]; warnings: string[] } {
  const document = new window.DOMParser().parseFromString(html, 'text/html');
  const warnings = new RenderWarnings();
  const boxes = reduceStyles(document, fonts, 'Roboto', warnings);
  const body = document.querySelector('body');
  return {
    body: body ? body.outerHTML.replace(/^<body[^>]*>|<\/body>$/g, '').replace(/&quot;/g, "'") : '',
    boxes,
    warnings: warnings.list(),
  };
}

/** The one box spec a single element's style makes, and the warnings. */
const boxOf = (style: string, tag = 'div'): { box: BoxSpec | undefined; warnings: string[] } => {
  const { boxes, warnings } = reduced(`<${tag} style="${style}">A</${tag}>`);
  return { box: boxes[0], warnings };
};

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
  it('keeps what the PDF honours, takes the box model out, names each property it removes', () => {
    const { body, boxes, warnings } = reduced(
      '<p style="color: #c00; text-align: center; padding: 4px; display: flex">A</p>' +
        '<div style="margin: 4px 8px">B</div>' +
        '<table style="width: 100%; border: 1px solid"><tr><td style="width: 30%; border-bottom: 1px solid #000; vertical-align: top">C</td></tr></table>' +
        '<span style="padding: 2px">D</span>',
    );
    expect(body).toBe(
      `<p style="color: #c00; text-align: center" data-pdfmake="{'_cssBox':0}">A</p>` +
        '<div style="margin-top: 4px; margin-right: 8px; margin-bottom: 4px; margin-left: 8px">B</div>' +
        `<table style="width: 100%" data-pdfmake="{'_cssBox':1}"><tbody><tr>` +
        `<td style="width: 30%" data-pdfmake="{'border':[false,false,false,true],'borderColor':['black','black','black','#000']}">C</td>` +
        '</tr></tbody></table><span>D</span>',
    );
    const line = { width: 0.75, style: 'solid', color: 'black' };
    expect(boxes).toEqual([{ padding: [3, 3, 3, 3] }, { border: [line, line, line, line] }]);
    expect(warnings).toEqual([
      'CSS display: flex is not supported in PDF (on p)',
      'CSS vertical-align is not supported in PDF (on td)',
      'CSS padding is not supported in PDF (on span)',
    ]);
  });

  it.each([
    ['font-size: 120%', 'CSS font-size: 120% is not supported in PDF (on p)'],
    ['margin-left: auto', 'CSS margin-left: auto is not supported in PDF (on p)'],
    ['margin: 0 auto', 'CSS margin: 0 auto is not supported in PDF (on p)'],
    ['margin-top: 10%', 'CSS margin-top: 10% is not supported in PDF (on p)'],
    ['color: #ff000080', 'CSS color: #ff000080 is not supported in PDF (on p)'],
    ['color: currentColor', 'CSS color: currentColor is not supported in PDF (on p)'],
    ['max-width: 50%', 'CSS max-width is not supported in PDF (on p)'],
    ['width: fit-content', 'CSS width: fit-content is not supported in PDF (on p)'],
    ['padding: 5%', 'CSS padding: 5% is not supported in PDF (on p)'],
    ['border-bottom: 1px wavy red', 'CSS border-bottom: 1px wavy red is not supported in PDF (on p)'],
    [
      'background: url(x.png) no-repeat',
      'CSS background: url(x.png) no-repeat is not supported in PDF (on p)',
    ],
    ['font: 12px Arial', 'CSS font is not supported in PDF (on p)'],
    ['page-break-before: column', 'CSS page-break-before: column is not supported in PDF (on p)'],
    ['position: fixed', 'CSS position: fixed is not supported in PDF (on p)'],
    ['top: 10mm', 'CSS top is not supported in PDF (on p)'],
    [
      'position: absolute; top: 5%; left: 1cm',
      'CSS position: absolute needs top and left as lengths in PDF (on p)',
    ],
  ])('refuses %s with a warning', (style, warning) => {
    const { body, boxes, warnings } = reduced(`<p style="${style}">A</p>`);
    expect(body).toBe('<p>A</p>');
    expect(boxes).toEqual([]);
    expect(warnings).toEqual([warning]);
  });

  it('gives units a PDF knows in points: mm, cm, in, pc as pt; px, em and plain numbers as written', () => {
    const { body } = reduced(
      '<p style="margin-left: 25mm; text-indent: 1cm; font-size: 1pc; margin-top: 0.5in; line-height: 1.2">A</p>',
    );
    expect(body).toBe(
      '<p style="margin-left: 70.87pt; text-indent: 28.35pt; font-size: 12pt; margin-top: 36pt; line-height: 1.2">A</p>',
    );
  });
});

describe('reduceStyles: the box model of blocks (html-box.ts draws it)', () => {
  it('takes margin-left and margin-right in % as columns, lengths staying margins, the later declaration winning', () => {
    expect(boxOf('margin-left: 55%')).toEqual({ box: { marginLeft: { percent: 55 } }, warnings: [] });
    expect(boxOf('margin: 2mm 10% 0 55%').box).toEqual({
      marginLeft: { percent: 55 },
      marginRight: { percent: 10 },
    });
    // A length after the percentage replaces it, as in CSS.
    expect(boxOf('margin-left: 55%; margin: 0').box).toBeUndefined();
    expect(reduced('<p style="margin: 0 0 0 55%">A</p>').body).toBe(
      `<p style="margin-top: 0; margin-right: 0; margin-bottom: 0" data-pdfmake="{'_cssBox':0}">A</p>`,
    );
  });

  it('takes widths of blocks in units and %, auto as none', () => {
    expect(boxOf('width: 72mm').box).toEqual({ width: { pt: 204.09 } });
    expect(boxOf('width: 40%').box).toEqual({ width: { percent: 40 } });
    expect(boxOf('width: 40%; width: auto').box).toBeUndefined();
  });

  it('takes padding in every unit, shorthand and per side, in pdfmake order', () => {
    expect(boxOf('padding: 1pt 2pt 3pt 4pt').box).toEqual({ padding: [4, 1, 2, 3] });
    expect(boxOf('padding: 2mm 8px').box).toEqual({ padding: [6, 5.67, 6, 5.67] });
    expect(boxOf('padding: 1em; padding-left: 0').box).toEqual({ padding: [0, 12, 12, 12] });
  });

  it('takes borders per side with width, style and colour, as CSS resolves the shorthands', () => {
    const solid = (width: number, color = 'black') => ({ width, style: 'solid', color });
    expect(boxOf('border-bottom: 1pt solid #b01c2e').box).toEqual({
      border: [undefined, undefined, undefined, solid(1, '#b01c2e')],
    });
    expect(boxOf('border: 0.5pt dashed red; border-left: thick solid').box).toEqual({
      border: [
        solid(3.75),
        { width: 0.5, style: 'dashed', color: 'red' },
        { width: 0.5, style: 'dashed', color: 'red' },
        { width: 0.5, style: 'dashed', color: 'red' },
      ],
    });
    expect(boxOf('border-style: dotted none; border-width: 2px; border-color: blue').box).toEqual({
      border: [
        undefined,
        { width: 1.5, style: 'dotted', color: 'blue' },
        undefined,
        { width: 1.5, style: 'dotted', color: 'blue' },
      ],
    });
    // No style is none (CSS's initial value): nothing drawn; the text colour is the line's default.
    expect(boxOf('border: 1px #000').box).toBeUndefined();
    expect(boxOf('color: #123456; border-top: 1px solid').box).toEqual({
      border: [undefined, solid(0.75, '#123456'), undefined, undefined],
    });
    const double = boxOf('border-top: 3px double');
    expect(double.box).toEqual({ border: [undefined, solid(2.25), undefined, undefined] });
    expect(double.warnings).toEqual(['CSS border-style double is drawn solid in PDF (on div)']);
  });

  it('places position: absolute by top and left from the page corner', () => {
    expect(boxOf('position: absolute; top: 52mm; left: 118mm; width: 72mm').box).toEqual({
      position: { x: 334.49, y: 147.4 },
      width: { pt: 204.09 },
    });
    const withRight = boxOf('position: absolute; top: 1in; left: 1in; right: 0');
    expect(withRight.box).toEqual({ position: { x: 72, y: 72 } });
    expect(withRight.warnings).toEqual(['CSS right is not supported in PDF (on div)']);
    expect(boxOf('position: static').box).toBeUndefined();
  });

  it('takes page breaks before and after, and avoid inside, in both spellings', () => {
    expect(boxOf('page-break-before: always').box).toEqual({ pageBreak: 'before' });
    expect(boxOf('break-after: page').box).toEqual({ pageBreak: 'after' });
    expect(boxOf('break-before: page; page-break-after: always').box).toEqual({
      pageBreak: 'beforeAndAfter',
    });
    expect(boxOf('page-break-inside: avoid').box).toEqual({ unbreakable: true });
    expect(boxOf('page-break-before: auto; break-inside: auto')).toEqual({ box: undefined, warnings: [] });
  });

  it('keeps what the author wrote in data-pdfmake, and leaves an element whose data-pdfmake is no object unmarked', () => {
    expect(
      reduced(`<div data-pdfmake='{"pageOrientation":"landscape"}' style="padding: 1pt">A</div>`).body,
    ).toBe(`<div data-pdfmake="{'pageOrientation':'landscape','_cssBox':0}">A</div>`);
    const { body, boxes } = reduced(`<div data-pdfmake="[1]" style="padding: 1pt">A</div>`);
    expect(body).toBe('<div data-pdfmake="[1]">A</div>');
    expect(boxes).toEqual([]);
  });
});

describe('reduceStyles (continued)', () => {
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
