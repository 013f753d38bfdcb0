import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

import { EXAMPLE_DELETED_TEMPLATE } from '../src/templates/openapi-examples';
import { DEMO_TEMPLATES } from '../src/templates/demo-templates';
import { closePdfExtractor, extractPdf } from './pdf-text';
import {
  json,
  liberationFontsDir,
  render,
  type RenderService,
  startRenderService,
  startReplica,
  TEMPLATES,
} from './render-test-app';

const flat = (text: string): string =>
  text
    .replace(/[\s\u202f\u00a0]+/g, ' ')
    .replace(/’/g, "'")
    .trim();

describe('render-service fonts and demo templates (HTTP, real PostgreSQL)', () => {
  let service: RenderService;
  let fontsDir: string;

  beforeAll(async () => {
    // A second family for FONTS_DIR: Liberation Sans, which pdf.js ships.
    fontsDir = liberationFontsDir();
    service = await startRenderService('render_fonts_demos', {
      FONTS_DIR: fontsDir,
      RENDER_DEMO_TEMPLATES: 'true',
    });
  });

  afterAll(async () => {
    await service?.close();
    await closePdfExtractor();
    rmSync(fontsDir, { recursive: true, force: true });
  });

  describe('fonts', () => {
    it('embeds Roboto by default and the families of FONTS_DIR by name, accents and all', async () => {
      const text = 'Ça coûte cher, Zoë! Grüezi Jürg, Strasse. Perché è così? ÀÉÈÎÔÙÜÖÄŒ';
      const response = await render(service.renderer, {
        inputFormat: 'json',
        outputFormat: 'pdf',
        templateData:
          '{"content": [{"text": "{{text}}"}, {"text": "{{text}}", "font": "Liberation"},' +
          ' {"text": "{{text}}", "font": "Liberation", "bold": true, "italics": true}]}',
        data: json({ text }),
      });
      expect(response.status).toBe(200);
      const raw = Buffer.from(response.bytes).toString('latin1');
      expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+Roboto-Regular/);
      expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+LiberationSans\b/);
      expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+LiberationSans-BoldItalic/);
      const pdf = await extractPdf(response.bytes);
      expect(flat(pdf.text)).toBe(`${text} ${text} ${text}`);
    });

    it('answers a font it does not have with 422', async () => {
      const response = await render(service.renderer, {
        inputFormat: 'json',
        outputFormat: 'pdf',
        templateData: '{"content": [{"text": "x", "font": "Helvetica"}]}',
      });
      expect(response.status).toBe(422);
      expect(response.body.detail).toBe(
        "The document names the font 'Helvetica', which is not installed; the fonts are Roboto, Liberation.",
      );
    });
  });

  describe('demo templates', () => {
    it('saves the README examples, and the template the OpenAPI delete example deletes, at start-up, once', async () => {
      const saved = [...DEMO_TEMPLATES, EXAMPLE_DELETED_TEMPLATE];
      const list = await service.editor.get<Array<Record<string, unknown>>>(
        `${TEMPLATES}?PageSize=-1&OrderBy=name`,
      );
      expect(
        list.body.map(({ name, latestVersion, inputFormat }) => ({ name, latestVersion, inputFormat })),
      ).toEqual(
        saved
          .map(({ name, inputFormat }) => ({ name, latestVersion: 1, inputFormat }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      );
      // A replica starting later finds them and saves nothing.
      const replica = await startReplica(service, { RENDER_DEMO_TEMPLATES: 'true' });
      await replica.close();
      const again = await service.editor.get<Array<Record<string, unknown>>>(`${TEMPLATES}?PageSize=-1`);
      expect(again.body.map(({ latestVersion }) => latestVersion)).toEqual(saved.map(() => 1));
    });

    it('keeps each example’s data as its sample data', async () => {
      for (const demo of DEMO_TEMPLATES) {
        const saved = await service.editor.get<Record<string, unknown>>(`${TEMPLATES}/${demo.name}`);
        expect(saved.body['sampleData']).toEqual(demo.data);
      }
    });

    it('shows each example in the README, verbatim', () => {
      const readme = readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
      for (const demo of DEMO_TEMPLATES) {
        expect(readme).toContain(demo.template);
        expect(readme).toContain(JSON.stringify(demo.data, null, 2));
      }
    });

    const expectations: Record<
      string,
      { pdf: string[]; other?: { outputFormat: string; contains: string[] } }
    > = {
      'demo-invoice': {
        pdf: [
          'Gemeinde Müllheim',
          'Zoë Müller-Lüthi',
          'Rechnung 2026-0042 vom 15. März 2026',
          'Prüfung Brandschutz – «Ergänzung» 2 125.50 251.00',
          'Total CHF 710.60',
          'Zahlbar bis 14. April 2026.',
          'Vielen Dank für Ihren Auftrag.',
        ],
      },
      'demo-letter': {
        pdf: [
          'Genève, le 15 mars 2026',
          'Chloé Dubois',
          'Chemin des Écoliers 12',
          'Délai : jeudi, 30 avril 2026',
          'Service de la population · page 1 sur 2',
          'Annexe : plan de paiement',
        ],
        other: {
          outputFormat: 'html',
          contains: ['<p class="subject">Votre demande de permis de séjour</p>', '« Déclaration d’arrivée »'],
        },
      },
      'demo-brief': {
        pdf: [
          'Müllheim, 15. März 2026',
          'Jürg Bösch',
          "Offener Betrag: CHF 12'345.50",
          'Zahlbar bis Donnerstag, 30. April 2026',
          'Gemeinde Müllheim · Seite 2 von 2',
        ],
        other: { outputFormat: 'html', contains: ['<html lang="de-CH">', 'class="page-number"'] },
      },
      'demo-report': {
        pdf: [
          'Rapporto trimestrale',
          '31 marzo 2026',
          // Italian groups only from five digits on (CLDR).
          'Ticino 1250 41.7 %',
          'Totale: 3000 richieste.',
          'Qualità',
        ],
        other: {
          outputFormat: 'html',
          contains: ['<h1>Rapporto trimestrale</h1>', '<td>Grigioni</td>', '<html lang="it-CH">'],
        },
      },
      'demo-notice': {
        pdf: [
          'EINWOHNERKONTROLLE ZÜRICH',
          'Guten Tag Jürg Bösch',
          'Freitag, 20. März 2026 um 09:30',
          '- Foto (35 × 45 mm)',
        ],
        other: {
          outputFormat: 'txt',
          contains: ['Ihr Termin: Freitag, 20. März 2026 um 09:30.\n', '  - Mietvertrag\n'],
        },
      },
      'demo-qr-bill': {
        pdf: [
          'Gemeinde Müllheim',
          'Rechnung 2026-0117 vom 15. März 2026',
          'Abwassergebühr 2026 198.60',
          'Total CHF 631.00',
          'Empfangsschein',
          'Zahlteil',
          '00 00000 00000 00002 02601 17006',
        ],
      },
    };

    // A branded example needs config-service beside the service: branding.e2e-spec.ts renders it.
    it.each(DEMO_TEMPLATES.filter((demo) => !demo.branding).map((demo) => [demo.name, demo] as const))(
      'renders %s with its example data',
      async (name, demo) => {
        const body = {
          inputFormat: demo.inputFormat,
          templateName: name,
          data: json(demo.data),
          rendererOptions: demo.rendererOptions ? json(demo.rendererOptions) : null,
        };
        const pdf = await render(service.renderer, { ...body, outputFormat: 'pdf' });
        expect(pdf.status).toBe(200);
        expect(pdf.headers.get('x-render-template')).toBe(`${name}@1`);
        const text = flat((await extractPdf(pdf.bytes)).text);
        for (const snippet of expectations[name].pdf) expect(text).toContain(flat(snippet));
        const other = expectations[name].other;
        if (other) {
          const response = await render(service.renderer, { ...body, outputFormat: other.outputFormat });
          expect(response.status).toBe(200);
          for (const snippet of other.contains)
            expect(response.text.replace(/[\u202f\u00a0]/g, ' ')).toContain(snippet);
        }
      },
    );
  });
});
