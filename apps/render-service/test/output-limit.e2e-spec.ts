import { json, render, type RenderBody, type RenderService, startRenderService } from './render-test-app';

/**
 * A 12 KB request whose template loops over its data inside a loop over the same data: 2,000 x
 * 2,000 x 36 characters, 144,000,000 bytes per request uncapped. Measured here with the limit
 * raised to 1 GiB: four at once took the process's RSS up by about 1.2 GB; capped, by under 100 MB.
 */
const SQUARES: RenderBody = {
  inputFormat: 'txt',
  outputFormat: 'txt',
  templateData: '{{#each a}}{{#each @root.a}}0123456789abcdefghijklmnopqrstuvwxyz{{/each}}{{/each}}',
  data: json({ a: Array.from({ length: 2000 }, (_, i) => i) }),
};

const MiB = 1024 * 1024;

describe('render-service output limits (HTTP, real PostgreSQL)', () => {
  describe('the defaults', () => {
    let service: RenderService;

    beforeAll(async () => {
      service = await startRenderService('render_output_defaults');
    });

    afterAll(async () => {
      await service?.close();
    });

    it("keeps the service's memory bounded while several oversized renders run at once", async () => {
      // The service runs in this process, its render workers as threads of it: the resident memory
      // of this process is what the deployment's memory limit sees.
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 5);
      try {
        const responses = await Promise.all(
          ['txt', 'html', 'txt', 'html'].map((outputFormat) =>
            render(service.renderer, { ...SQUARES, inputFormat: outputFormat, outputFormat }),
          ),
        );
        for (const response of responses) {
          expect(response.status).toBe(422);
          expect(response.body.detail).toBe(
            'The rendered document exceeds 8388608 bytes (8 MiB, RENDER_MAX_OUTPUT_BYTES); ' +
              'a loop over the data may repeat more than intended.',
          );
        }
      } finally {
        clearInterval(sampler);
      }
      // Each render stops in its worker once past 8 MiB, and nothing large crosses to the service.
      expect((peak - before) / MiB).toBeLessThan(256);
    });

    it('still renders a document under the limit', async () => {
      const response = await render(service.renderer, {
        ...SQUARES,
        data: json({ a: Array.from({ length: 100 }, (_, i) => i) }),
      });
      expect(response.status).toBe(200);
      expect(response.bytes.byteLength).toBe(100 * 100 * 36);
    });
  });

  describe('configured limits', () => {
    let service: RenderService;

    beforeAll(async () => {
      service = await startRenderService('render_output_configured', {
        RENDER_MAX_OUTPUT_BYTES: '4096',
        RENDER_MAX_PDF_BYTES: '8192',
      });
    });

    afterAll(async () => {
      await service?.close();
    });

    const text = (length: number, outputFormat: string, inputFormat = 'txt'): RenderBody => ({
      inputFormat,
      outputFormat,
      templateData: '{{#each rows}}{{this}}{{/each}}',
      data: json({ rows: Array.from({ length }, () => 'x') }),
    });

    it('holds a text document of exactly the limit and refuses one byte more, naming the limit', async () => {
      const exact = await render(service.renderer, text(4096, 'txt'));
      expect(exact.status).toBe(200);
      expect(exact.bytes.byteLength).toBe(4096);
      const over = await render(service.renderer, text(4097, 'txt'));
      expect(over.status).toBe(422);
      expect(over.body).toMatchObject({
        status: 422,
        detail: expect.stringContaining('exceeds 4096 bytes (4 KiB, RENDER_MAX_OUTPUT_BYTES)'),
      });
    });

    it('counts UTF-8 bytes, not characters', async () => {
      const response = await render(service.renderer, {
        inputFormat: 'txt',
        outputFormat: 'txt',
        templateData: '{{#each rows}}{{this}}{{/each}}',
        data: json({ rows: Array.from({ length: 2049 }, () => 'ü') }),
      });
      expect(response.status).toBe(422);
    });

    it('bounds an html document with its markup, and a pdf by RENDER_MAX_PDF_BYTES', async () => {
      expect((await render(service.renderer, text(4090, 'html', 'md'))).status).toBe(422);
      const pdf = await render(service.renderer, {
        inputFormat: 'txt',
        outputFormat: 'pdf',
        templateData: '{{#each rows}}Zeile {{this}}\n{{/each}}',
        data: json({ rows: Array.from({ length: 400 }, (_, i) => i) }),
      });
      expect(pdf.status).toBe(422);
      expect(pdf.body.detail).toContain('exceeds 8192 bytes (8 KiB, RENDER_MAX_PDF_BYTES)');
      const small = await render(service.renderer, { ...text(10, 'pdf'), inputFormat: 'txt' });
      expect(small.status).toBe(200);
    });
  });
});
