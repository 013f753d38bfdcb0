import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import fc from 'fast-check';

import { installFonts } from '../pdf/fonts';
import { TemplateCache } from '../template/template-engine';
import { runTask } from './render-document';

// The CSS box model of html templates (html/html-box.ts), as pdfmake lays it out in a rendered PDF.

// Once per worker: the tests lay out with the embedded fonts.
beforeAll(() => installFonts(undefined));

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
