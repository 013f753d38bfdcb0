import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

import {
  DEMO_BRIEF,
  DEMO_INVOICE,
  DEMO_LETTER,
  DEMO_QR_BILL,
  DEMO_REPORT,
  type DemoTemplate,
  RIGHT_WINDOW_MM,
} from '../src/templates/demo-templates';
import { pdfPagesAsPng, pdfTextOf } from '@portal/testing';

import { json, render, type RenderService, startRenderService } from './render-test-app';

/**
 * Visual regression of the demo documents: each is rendered through the service, rasterised by
 * poppler (`pdftoppm -r 50 -gray`, one PNG per page) and compared pixel by pixel with the
 * reference images in test/visual/. A page that differs by more than the tolerance fails with a
 * diff image (changed pixels in red) in a temporary folder named in the message.
 * `UPDATE_VISUALS=1` rewrites the references instead (README, Tests).
 */

interface VisualDocument {
  /** The reference images' name: `<name>-<page>.png`. */
  readonly name: string;
  readonly demo: DemoTemplate;
  /** Options over the demo's own (another locale). */
  readonly options?: Record<string, unknown>;
}

// Adding a document is one entry here (then UPDATE_VISUALS=1 once to write its references).
const DOCUMENTS: readonly VisualDocument[] = [
  { name: 'invoice-de-CH', demo: DEMO_INVOICE },
  { name: 'invoice-fr-CH', demo: DEMO_INVOICE, options: { locale: 'fr-CH' } },
  { name: 'report-it-CH', demo: DEMO_REPORT },
  { name: 'letter-de-CH', demo: DEMO_BRIEF },
  { name: 'letter-fr-CH', demo: DEMO_LETTER },
  { name: 'qr-bill-de-CH', demo: DEMO_QR_BILL },
];

const REFERENCES = path.join(__dirname, 'visual');
const UPDATE = process.env['UPDATE_VISUALS'] === '1';
/** pixelmatch's colour distance (0..1) under which a pixel counts as the same; anti-aliasing is ignored. */
const COLOUR_THRESHOLD = 0.1;
/** Differing pixels a page may have (of about 240,000 at 50 dpi): rasteriser noise, never a moved line. */
const MAX_DIFFERENT_PIXELS = 150;

/** Pixels that differ between two PNGs, and the diff image; sizes that differ are reported as such. */
function compare(actual: Buffer, reference: Buffer): { different: number; diff?: Buffer; size?: string } {
  const [a, b] = [PNG.sync.read(actual), PNG.sync.read(reference)];
  if (a.width !== b.width || a.height !== b.height)
    return { different: Infinity, size: `${a.width}×${a.height}, the reference ${b.width}×${b.height}` };
  const diff = new PNG({ width: a.width, height: a.height });
  const different = pixelmatch(a.data, b.data, diff.data, a.width, a.height, { threshold: COLOUR_THRESHOLD });
  return { different, diff: PNG.sync.write(diff) };
}

describe('render-service: the demo documents look as their reference images (poppler, pixelmatch)', () => {
  let service: RenderService;
  const work = mkdtempSync(path.join(tmpdir(), 'render-visual-'));

  beforeAll(async () => {
    service = await startRenderService('render_visual');
    if (UPDATE) mkdirSync(REFERENCES, { recursive: true });
  });

  afterAll(async () => {
    await service?.close();
  });

  it.each(DOCUMENTS.map((document) => [document.name, document] as const))(
    'renders %s as its reference pages',
    async (name, { demo, options }) => {
      const response = await render(service.renderer, {
        inputFormat: demo.inputFormat,
        outputFormat: 'pdf',
        templateData: demo.template,
        data: json(demo.data),
        rendererOptions: json({ ...demo.rendererOptions, ...options }),
      });
      expect(response.status).toBe(200);
      const folder = path.join(work, name);
      mkdirSync(folder);
      const pages = await pdfPagesAsPng(response.bytes, { dpi: 50, gray: true });
      expect(pages.length).toBeGreaterThan(0);

      if (UPDATE) {
        for (const stale of readdirSync(REFERENCES).filter((file) => file.startsWith(`${name}-`)))
          rmSync(path.join(REFERENCES, stale));
        pages.forEach((page, index) =>
          writeFileSync(path.join(REFERENCES, `${name}-${index + 1}.png`), page),
        );
        return;
      }
      const references = readdirSync(REFERENCES).filter((file) =>
        new RegExp(`^${name}-\\d+\\.png$`).test(file),
      );
      expect(`${pages.length} pages`).toBe(`${references.length} pages`);
      const failures: string[] = [];
      pages.forEach((page, index) => {
        const reference = path.join(REFERENCES, `${name}-${index + 1}.png`);
        if (!existsSync(reference)) {
          failures.push(`page ${index + 1}: no reference ${reference} (UPDATE_VISUALS=1 writes it)`);
          return;
        }
        const { different, diff, size } = compare(page, readFileSync(reference));
        if (different <= MAX_DIFFERENT_PIXELS) return;
        const actualFile = path.join(folder, `${name}-${index + 1}.actual.png`);
        writeFileSync(actualFile, page);
        if (size) {
          failures.push(`page ${index + 1}: ${size} (${actualFile})`);
          return;
        }
        const diffFile = path.join(folder, `${name}-${index + 1}.diff.png`);
        writeFileSync(diffFile, diff!);
        failures.push(
          `page ${index + 1}: ${different} pixels differ (at most ${MAX_DIFFERENT_PIXELS}); diff ${diffFile}, rendered ${actualFile}`,
        );
      });
      expect(failures).toEqual([]);
    },
  );

  /** Every word of the PDF with its box in points from the page's top left (pdftotext -bbox). */
  async function words(pdf: Uint8Array) {
    const found: Array<{ page: number; word: string; x0: number; y0: number; x1: number; y1: number }> = [];
    let page = -1;
    for (const line of (await pdfTextOf(pdf, 'bbox')).split('\n')) {
      if (line.includes('<page ')) page += 1;
      const match = /xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</.exec(line);
      if (match) {
        const [x0, y0, x1, y1] = match.slice(1, 5).map(Number);
        found.push({ page, word: match[5], x0, y0, x1, y1 });
      }
    }
    return found;
  }

  const MM = 72 / 25.4;

  it.each([DEMO_BRIEF, DEMO_LETTER].map((demo) => [demo.name, demo] as const))(
    'prints the address of %s inside the right envelope window, and nothing past the margins',
    async (_name, demo) => {
      const response = await render(service.renderer, {
        inputFormat: demo.inputFormat,
        outputFormat: 'pdf',
        templateData: demo.template,
        data: json(demo.data),
        rendererOptions: json(demo.rendererOptions),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-render-warnings')).toBeNull();
      const all = await words(response.bytes);
      const recipient = demo.data['recipient'] as Record<string, string>;
      const addressWords = [
        recipient['name'],
        recipient['street'],
        `${recipient['zip']} ${recipient['city']}`,
      ]
        .join(' ')
        .split(' ');
      const window = {
        left: RIGHT_WINDOW_MM.left * MM,
        top: RIGHT_WINDOW_MM.top * MM,
        right: (RIGHT_WINDOW_MM.left + RIGHT_WINDOW_MM.width) * MM,
        bottom: (RIGHT_WINDOW_MM.top + RIGHT_WINDOW_MM.height) * MM,
      };
      for (const word of addressWords) {
        const box = all.find(
          (candidate) => candidate.page === 0 && candidate.word === word && candidate.y0 > window.top,
        );
        expect({
          word,
          inWindow:
            box !== undefined && box.x0 >= window.left && box.x1 <= window.right && box.y1 <= window.bottom,
        }).toEqual({ word, inWindow: true });
      }
      // The address block starts 118 mm from the left edge (the template's left: 118mm).
      const first = all.find((candidate) => candidate.word === addressWords[0])!;
      expect(first.x0 / MM).toBeCloseTo(118, 0);
      // Nothing runs past the right margin (57 pt) or into the bottom one above the footer's line.
      const [, , right] = demo.rendererOptions!['pageMargins'] as number[];
      for (const word of all)
        expect({ word: word.word, x1: Math.min(word.x1, 595.28 - right + 1) }).toEqual({
          word: word.word,
          x1: word.x1,
        });
    },
  );
});
