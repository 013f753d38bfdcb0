import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import fc from 'fast-check';

import { applyBoxes, boxLength, type BoxSpec, points } from './html-box';
import { installFonts } from '../pdf/fonts';
import { runTask } from '../document/render-document';
import { TemplateCache } from '../template/template-engine';

type Node = Record<string, any>;

// Once per worker: the rendering tests below lay out with the embedded fonts.
beforeAll(() => installFonts(undefined));

const one = (node: Node, spec: BoxSpec): Node => (applyBoxes([{ ...node, _cssBox: 0 }], [spec]) as Node[])[0];

describe(points.name, () => {
  it.each([
    ['12pt', 12],
    ['8px', 6],
    ['1in', 72],
    ['2.54cm', 72],
    ['25.4mm', 72],
    ['1pc', 12],
    ['1em', 12],
    ['4', 4],
    ['-1mm', -2.83],
  ])('%s is %d pt', (value, expected) => expect(points(value)).toBe(expected));

  it('knows no other unit, nor a percentage', () => {
    expect(points('1vw')).toBeUndefined();
    expect(points('10%')).toBeUndefined();
    expect(boxLength('10%')).toEqual({ percent: 10 });
    expect(boxLength('auto')).toBeUndefined();
  });
});

describe(applyBoxes.name, () => {
  it('puts a block with margin-left in % into columns, the first as wide as the margin', () => {
    expect(one({ text: 'A', margin: [0, 5, 0, 10] }, { marginLeft: { percent: 55 } })).toEqual({
      columns: [
        { width: '55%', text: '' },
        { width: '*', stack: [{ text: 'A', margin: [0, 0, 0, 0] }] },
      ],
      columnGap: 0,
      margin: [0, 5, 0, 10],
    });
  });

  it('gives a block its width and both % margins, the rest of the line empty', () => {
    expect(
      one(
        { text: 'A', marginTop: 3 },
        { width: { pt: 100 }, marginLeft: { percent: 10 }, marginRight: { percent: 5 } },
      ),
    ).toEqual({
      columns: [
        { width: '10%', text: '' },
        { width: 100, stack: [{ text: 'A', margin: [0, 0, 0, 0] }] },
        { width: '*', text: '' },
        { width: '5%', text: '' },
      ],
      columnGap: 0,
      margin: [0, 3, 0, 0],
    });
  });

  it('draws padding and each side of a border with a one-cell table whose layout answers per side', () => {
    const box = one(
      { text: 'A', background: '#eeeeee', margin: [0, 1, 0, 2] },
      {
        padding: [4, 1, 2, 3],
        border: [
          { width: 3, style: 'solid', color: 'red' },
          undefined,
          { width: 1, style: 'dotted', color: 'blue' },
          { width: 0.5, style: 'dashed', color: '#000' },
        ],
      },
    );
    expect(box['table']).toEqual({
      widths: ['*'],
      body: [[{ text: 'A', fillColor: '#eeeeee', margin: [0, 0, 0, 0] }]],
    });
    expect(box['margin']).toEqual([0, 1, 0, 2]);
    const layout = box['layout'];
    // Lines: index 0 is the top (horizontal) or left (vertical) one, 1 the bottom or right one.
    expect([layout.hLineWidth(0), layout.hLineWidth(1), layout.vLineWidth(0), layout.vLineWidth(1)]).toEqual([
      0, 0.5, 3, 1,
    ]);
    expect([layout.hLineColor(1), layout.vLineColor(0), layout.vLineColor(1)]).toEqual([
      '#000',
      'red',
      'blue',
    ]);
    expect([layout.hLineStyle(1), layout.vLineStyle(0), layout.vLineStyle(1)]).toEqual([
      { dash: { length: 1.5, space: 1 } },
      undefined,
      { dash: { length: 1, space: 1 } },
    ]);
    expect([
      layout.paddingLeft(),
      layout.paddingTop(),
      layout.paddingRight(),
      layout.paddingBottom(),
    ]).toEqual([4, 1, 2, 3]);
  });

  it('places, breaks and keeps together any node, and rebuilds boxes inside boxes', () => {
    expect(one({ text: 'A' }, { position: { x: 334.49, y: 147.4 } })).toEqual({
      text: 'A',
      absolutePosition: { x: 334.49, y: 147.4 },
    });
    expect(one({ stack: ['A'] }, { pageBreak: 'before', unbreakable: true })).toEqual({
      stack: ['A'],
      pageBreak: 'before',
      unbreakable: true,
    });
    const nested = applyBoxes(
      [{ stack: [{ text: 'B', _cssBox: 1 }], _cssBox: 0 }],
      [{ pageBreak: 'after' }, { marginLeft: { percent: 50 } }],
    ) as Node[];
    expect(nested[0]['pageBreak']).toBe('after');
    expect(nested[0]['stack'][0]['columns'][0]).toEqual({ width: '50%', text: '' });
  });

  it('takes a table mark from its table, and drops marks that name no spec', () => {
    expect(applyBoxes([{ table: { body: [['x']], _cssBox: 0 } }], [{ pageBreak: 'before' }])).toEqual([
      { table: { body: [['x']] }, pageBreak: 'before' },
    ]);
    expect(
      applyBoxes(
        [
          { text: 'A', _cssBox: 7 },
          { text: 'B', _cssBox: 'x' },
        ],
        [{}],
      ),
    ).toEqual([{ text: 'A' }, { text: 'B' }]);
  });
});

/** The words of a PDF with their boxes, as poppler's pdftotext -bbox reads them (points from the top left). */
function wordBoxes(bytes: Uint8Array): Array<{ page: number; word: string; x: number; y: number }> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'html-box-')), 'document.pdf');
  writeFileSync(file, bytes);
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const words: Array<{ page: number; word: string; x: number; y: number }> = [];
  let page = -1;
  for (const line of html.split('\n')) {
    if (line.includes('<page ')) page += 1;
    const match = /xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)</.exec(line);
    if (match) words.push({ page, word: match[3], x: Number(match[1]), y: Number(match[2]) });
  }
  return words;
}

describe('the box model in a rendered PDF (pdfmake lays it out; poppler reads it back)', () => {
  async function laidOut(html: string) {
    const outcome = await runTask(
      {
        kind: 'render',
        inputFormat: 'html',
        outputFormat: 'pdf',
        template: html,
        templateLabel: 'test',
        data: null,
        // A4 with 50 pt left and right: 495.28 pt of text width.
        rendererOptions: JSON.stringify({ pageMargins: [50, 50, 50, 50] }),
      },
      new TemplateCache(),
    );
    if (!outcome.ok) throw new Error(outcome.message);
    const words = wordBoxes(outcome.bytes);
    return {
      words,
      at: (word: string) => words.find((candidate) => candidate.word === word)!,
      warnings: outcome.warnings,
    };
  }

  it('places margin-left: 55% at 55% of the text width, padding and borders inside, an absolute block on the page', async () => {
    const { at, warnings } = await laidOut(
      '<p style="margin: 0">Start</p>' +
        '<div style="margin-left: 55%">Window</div>' +
        '<div style="padding: 20pt; border-left: 10pt solid red; margin: 0">Padded</div>' +
        '<p style="position: absolute; top: 700pt; left: 300pt; margin: 0">Absolute</p>' +
        '<p style="page-break-before: always">Second</p>',
    );
    expect(warnings).toEqual([]);
    expect(at('Start').x).toBeCloseTo(50, 0);
    expect(at('Window').x).toBeCloseTo(50 + 0.55 * 495.28, 0);
    // Border 10 and padding 20 from the text's left edge.
    expect(at('Padded').x).toBeCloseTo(50 + 10 + 20, 0);
    expect(at('Absolute').x).toBeCloseTo(300, 0);
    expect(at('Absolute').y).toBeGreaterThanOrEqual(699);
    expect(at('Absolute').y).toBeLessThan(705);
    expect(at('Second').page).toBe(1);
  });

  it('repeats the .page-footer on every page with its page number and count', async () => {
    const { words } = await laidOut(
      '<p>One</p><p style="break-before: page">Two</p>' +
        '<div class="page-footer" style="text-align: right">Page <span class="page-number"></span> of <span class="page-count"></span></div>',
    );
    const footer = (page: number) =>
      words
        .filter((word) => word.page === page && word.y > 790)
        .map(({ word }) => word)
        .join(' ');
    expect(footer(0)).toBe('Page 1 of 2');
    expect(footer(1)).toBe('Page 2 of 2');
  });
});

describe('the box model under any values (fast-check)', () => {
  const length = fc.oneof(
    fc.constantFrom('0', 'auto', '-5mm', '1e3px', '%', 'thin', 'medium', 'thick', 'NaNpt'),
    fc
      .tuple(
        fc.double({ min: -1e7, max: 1e7, noNaN: true }),
        fc.constantFrom('pt', 'px', 'mm', 'cm', 'in', 'em', '%', ''),
      )
      .map(([value, unit]) => `${Math.round(value * 100) / 100}${unit}`),
  );
  const declaration = fc
    .tuple(
      fc.constantFrom(
        'margin',
        'margin-left',
        'margin-right',
        'width',
        'padding',
        'padding-top',
        'border',
        'border-bottom',
        'border-left-width',
        'border-style',
        'position',
        'top',
        'left',
        'right',
        'page-break-before',
        'break-after',
        'break-inside',
      ),
      fc.array(
        fc.oneof(
          length,
          fc.constantFrom('solid', 'dashed', 'double', 'none', 'red', 'absolute', 'always', 'avoid'),
        ),
        {
          minLength: 1,
          maxLength: 4,
        },
      ),
    )
    .map(([property, values]) => `${property}: ${values.join(' ')}`);
  const element = fc.constantFrom('div', 'p', 'h2', 'td', 'table', 'span', 'ul');

  it('renders a PDF or refuses with a message of its own, never failing inside pdfmake', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(element, fc.array(declaration, { maxLength: 6 })), { maxLength: 4 }),
        async (blocks) => {
          const html = blocks
            .map(([tag, styles]) => {
              const style = styles.join('; ').replace(/"/g, '');
              if (tag === 'td') return `<table><tr><td style="${style}">A</td></tr></table>`;
              if (tag === 'table') return `<table style="${style}"><tr><td>A</td></tr></table>`;
              if (tag === 'ul') return `<ul style="${style}"><li>A</li></ul>`;
              return `<div style="${style}"><${tag} style="${style}">Text of a block</${tag}></div>`;
            })
            .join('');
          const outcome = await runTask(
            {
              kind: 'render',
              inputFormat: 'html',
              outputFormat: 'pdf',
              template: html,
              templateLabel: 'fuzz',
              data: null,
              rendererOptions: null,
            },
            new TemplateCache(),
          );
          if (!outcome.ok) expect(outcome.internal).toBeUndefined();
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});
