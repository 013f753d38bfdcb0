import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { json, render, type RenderBody, type RenderService, startRenderService } from './render-test-app';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A json template of `rows` table rows: long enough to keep a worker busy for a while. */
function bigDocument(rows: number): RenderBody {
  return {
    inputFormat: 'json',
    outputFormat: 'pdf',
    templateData:
      '{"content": [{"table": {"headerRows": 1, "body": [["Nr", "Text"]' +
      '{{#each rows}}, ["{{n}}", "{{text}} {{chf n}}"]{{/each}} ]}}]}',
    data: json({
      rows: Array.from({ length: rows }, (_, n) => ({ n, text: `Zeile ${n} mit etwas Text – Gebühr` })),
    }),
  };
}

const small: RenderBody = {
  inputFormat: 'txt',
  outputFormat: 'pdf',
  templateData: 'Hello {{x}}',
  data: json({ x: 1 }),
};

describe('render-service safety (HTTP, real PostgreSQL)', () => {
  describe('no file, no network', () => {
    let service: RenderService;
    let server: Server;
    let requests: string[];
    let origin: string;

    beforeAll(async () => {
      requests = [];
      server = createServer((request, response) => {
        requests.push(`${request.method} ${request.url}`);
        response
          .writeHead(200, { 'content-type': 'image/png' })
          .end(Buffer.from(PNG.split(',')[1], 'base64'));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      service = await startRenderService('render_safety');
    });

    afterAll(async () => {
      await service?.close();
      await new Promise((resolve) => server?.close(resolve));
    });

    const references = (): Array<[string, string]> => [
      ['http', `${origin}/logo.png`],
      ['file URL', 'file:///etc/passwd'],
      ['path', '/etc/passwd'],
    ];

    const templates = (reference: string): Array<[string, RenderBody]> => [
      [
        'json image',
        { inputFormat: 'json', templateData: JSON.stringify({ content: [{ image: reference }] }) },
      ],
      [
        'json images dictionary',
        {
          inputFormat: 'json',
          templateData: JSON.stringify({ images: { logo: reference }, content: [{ image: 'logo' }] }),
        },
      ],
      [
        'json image object with headers',
        {
          inputFormat: 'json',
          templateData: JSON.stringify({
            images: { logo: { url: reference, headers: { a: 'b' } } },
            content: [{ image: 'logo' }],
          }),
        },
      ],
      [
        'json SVG image',
        {
          inputFormat: 'json',
          templateData: JSON.stringify({
            content: [
              {
                svg: `<svg width="10" height="10"><image href="${reference}" width="10" height="10"/></svg>`,
              },
            ],
          }),
        },
      ],
      [
        'json attachment',
        {
          inputFormat: 'json',
          templateData: JSON.stringify({
            content: [{ text: 'x' }],
            files: { f: { src: reference, name: 'f' } },
          }),
        },
      ],
      ['html img', { inputFormat: 'html', templateData: `<p>Logo</p><img src="${reference}">` }],
      [
        'html SVG image',
        {
          inputFormat: 'html',
          templateData: `<svg width="10" height="10"><image href="${reference}"/></svg>`,
        },
      ],
      ['md image', { inputFormat: 'md', templateData: `# Logo\n\n![logo](${reference})` }],
      [
        'an image named by the data',
        { inputFormat: 'json', templateData: '{"content": [{"image": "{{src}}"}]}' },
      ],
    ];

    it('refuses every reference to a URL or a file with 422 and requests nothing', async () => {
      for (const [referenceKind, reference] of references()) {
        for (const [templateKind, body] of templates(reference)) {
          const response = await render(service.renderer, {
            outputFormat: 'pdf',
            data: json({ src: reference }),
            ...body,
          });
          // markdown-it itself drops file: links, leaving the Markdown as text: nothing to refuse.
          const expected = templateKind === 'md image' && referenceKind === 'file URL' ? 200 : 422;
          expect({ referenceKind, templateKind, status: response.status }).toEqual({
            referenceKind,
            templateKind,
            status: expected,
          });
          if (expected === 422)
            expect(response.body.detail).toMatch(/inline data: URIs|fragments \(#id\) and inline data/);
          expect(response.text).not.toContain('root:');
        }
      }
      expect(requests).toEqual([]);
    });

    it('renders inline images, and HTML that names other resources without loading any', async () => {
      const inline = await render(service.renderer, {
        inputFormat: 'json',
        outputFormat: 'pdf',
        templateData: JSON.stringify({
          images: { logo: PNG },
          content: [
            { image: 'logo', width: 20 },
            { image: PNG, width: 20 },
          ],
        }),
      });
      expect(inline.status).toBe(200);
      const html = await render(service.renderer, {
        inputFormat: 'html',
        outputFormat: 'pdf',
        templateData:
          `<html><head><link rel="stylesheet" href="${origin}/style.css"><script src="${origin}/app.js"></script></head>` +
          `<body><p style="background: url(${origin}/bg.png)">Text</p><iframe src="${origin}/frame"></iframe>` +
          `<object data="${origin}/object"></object><a href="${origin}/link">link</a><img src="${PNG}"></body></html>`,
      });
      expect(html.status).toBe(200);
      // The HTML of an html or md render is the client's to load; the service reads none of it.
      const markdown = await render(service.renderer, {
        inputFormat: 'md',
        outputFormat: 'html',
        templateData: `![logo](${origin}/logo.png) [site](${origin}/site)`,
      });
      expect(markdown.status).toBe(200);
      expect(markdown.text).toContain(`src="${origin}/logo.png"`);
      expect(requests).toEqual([]);
    });

    it('answers /health/live within 100 ms while long renders keep every worker busy', async () => {
      const renders = Array.from({ length: 4 }, () => render(service.renderer, bigDocument(800)));
      // The renders are under way once their bodies are in; then the event loop must stay free.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const latencies: number[] = [];
      for (let sample = 0; sample < 10; sample += 1) {
        const started = performance.now();
        const live = await service.anonymous.get('/health/live');
        latencies.push(performance.now() - started);
        expect(live.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const results = await Promise.all(renders);
      expect(results.map((response) => response.status)).toEqual([200, 200, 200, 200]);
      // A render on the event loop would hold a request for its whole duration (a second or more);
      // the median stays well under 100 ms, and no sample comes near a render's time.
      latencies.sort((a, b) => a - b);
      expect(latencies[Math.floor(latencies.length / 2)]).toBeLessThan(100);
      expect(latencies[latencies.length - 1]).toBeLessThan(750);
    });

    it('answers 429 with Retry-After when the workers are busy and the queue is full', async () => {
      const busy = await startRenderService('render_busy', { RENDER_WORKERS: '1', RENDER_QUEUE_LIMIT: '1' });
      try {
        await render(busy.renderer, small);
        const responses = await Promise.all(
          Array.from({ length: 5 }, () => render(busy.renderer, bigDocument(500))),
        );
        const statuses = responses.map((response) => response.status).sort();
        expect(statuses).toEqual([200, 200, 429, 429, 429]);
        const refused = responses.find((response) => response.status === 429);
        expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(refused?.body).toMatchObject({ status: 429, title: 'Too Many Requests' });
        expect((await render(busy.renderer, small)).status).toBe(200);
      } finally {
        await busy.close();
      }
    });
  });

  describe('RENDER_TIMEOUT_MS', () => {
    let service: RenderService;

    beforeAll(async () => {
      service = await startRenderService('render_timeout', {
        RENDER_TIMEOUT_MS: '1500',
        RENDER_WORKERS: '2',
      });
    });

    afterAll(async () => {
      await service?.close();
    });

    it('stops a render that runs long with 422, and the pool goes on serving', async () => {
      const started = performance.now();
      const slow = await render(service.renderer, bigDocument(8000));
      expect(slow.status).toBe(422);
      expect(slow.body.detail).toBe('The render took longer than 1500 ms and was stopped.');
      expect(performance.now() - started).toBeLessThan(6000);
      // The other worker serves meanwhile; the stopped one is replaced.
      expect((await render(service.renderer, small)).status).toBe(200);
      let inARow = 0;
      for (let attempt = 0; attempt < 60 && inARow < 3; attempt += 1) {
        const responses = await Promise.all([
          render(service.renderer, small),
          render(service.renderer, small),
        ]);
        inARow = responses.every((response) => response.status === 200) ? inARow + 1 : 0;
        if (inARow === 0) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(inARow).toBe(3);
    });
  });
});
