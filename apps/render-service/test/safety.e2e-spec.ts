import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { waitUntil } from '@portal/testing';

import { RenderPool } from '../src/pool/render-pool';
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

    it('answers /health/live while renders hold every worker, and queues the renders off the event loop', async () => {
      const pool = service.app.get(RenderPool);
      const latch = pool.hold();
      const answered: number[] = [];
      // Two callers, so that both workers are taken (one caller holds all workers but one).
      const renders = Array.from({ length: 4 }, (_, index) =>
        render(index % 2 === 0 ? service.renderer : service.otherRenderer, bigDocument(200)).then(
          (response) => {
            answered.push(index);
            return response;
          },
        ),
      );
      // Both workers hold a render (their threads blocked, as by a long render); two more wait.
      await latch.arrived(2);
      await waitUntil(() => pool.load.waiting === 2, 'two renders wait for a worker');
      for (let sample = 0; sample < 10; sample += 1)
        expect((await service.anonymous.get('/health/live')).status).toBe(200);
      expect(answered).toEqual([]);
      latch.release();
      const results = await Promise.all(renders);
      expect(results.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    });

    it('answers 429 with Retry-After when the workers are busy and the queue is full', async () => {
      const busy = await startRenderService('render_busy', { RENDER_WORKERS: '1', RENDER_QUEUE_LIMIT: '1' });
      try {
        const pool = busy.app.get(RenderPool);
        const latch = pool.hold();
        const running = render(busy.renderer, small);
        await latch.arrived(1);
        const waiting = render(busy.renderer, small);
        await waitUntil(() => pool.load.waiting === 1, 'a render waits for the worker');
        const refused = await Promise.all(Array.from({ length: 3 }, () => render(busy.renderer, small)));
        expect(refused.map((response) => response.status)).toEqual([429, 429, 429]);
        for (const response of refused) {
          expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
          expect(response.body).toMatchObject({ status: 429, title: 'Too Many Requests' });
        }
        latch.release();
        expect([(await running).status, (await waiting).status]).toEqual([200, 200]);
        expect((await render(busy.renderer, small)).status).toBe(200);
      } finally {
        await busy.close();
      }
    });

    it('answers 503 with Retry-After, not 422, for a render whose wait for a worker is over before one is free', async () => {
      const pool = service.app.get(RenderPool);
      const latch = pool.hold();
      const running = [render(service.renderer, small), render(service.otherRenderer, small)];
      await latch.arrived(2);
      const waiting = render(service.renderer, small);
      await waitUntil(() => pool.load.waiting === 1, 'a render waits for a worker');
      // Its wait is over while both workers are held: it never started, the load is to blame.
      latch.expireQueued();
      const overdue = await waiting;
      expect(overdue.status).toBe(503);
      expect(Number(overdue.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(overdue.body).toMatchObject({
        status: 503,
        title: 'Service Unavailable',
        detail: expect.stringMatching(/was not started; retry after Retry-After\.$/),
      });
      latch.release();
      expect((await Promise.all(running)).map((response) => response.status)).toEqual([200, 200]);
    });

    it('answers 422 for a render stopped at its deadline, replaces its worker and goes on serving', async () => {
      const pool = service.app.get(RenderPool);
      const latch = pool.hold();
      const slow = render(service.renderer, small);
      await latch.arrived(1);
      // Its deadline passes now; its worker, blocked, is taken down.
      latch.expire();
      const stopped = await slow;
      expect(stopped.status).toBe(422);
      expect(stopped.body.detail).toBe(
        `The render took longer than ${service.env.RENDER_TIMEOUT_MS} ms and was stopped.`,
      );
      // The other worker serves meanwhile.
      expect((await render(service.renderer, small)).status).toBe(200);
      // Once the fresh worker has loaded, both workers take a render at the same time.
      await pool.workersReady();
      const both = pool.hold();
      const renders = [render(service.renderer, small), render(service.otherRenderer, small)];
      await both.arrived(2);
      both.release();
      expect((await Promise.all(renders)).map((response) => response.status)).toEqual([200, 200]);
    });
  });

  describe('RENDER_TIMEOUT_MS', () => {
    let service: RenderService;

    beforeAll(async () => {
      service = await startRenderService('render_timeout', { RENDER_TIMEOUT_MS: '1000' });
    });

    afterAll(async () => {
      await service?.close();
    });

    it('stops a render that runs past it with 422', async () => {
      // Held in its worker, as a render that never ends would be: the deadline must stop it.
      const latch = service.app.get(RenderPool).hold();
      try {
        const stopped = await render(service.renderer, small);
        expect(stopped.status).toBe(422);
        expect(stopped.body).toMatchObject({
          status: 422,
          detail: 'The render took longer than 1000 ms and was stopped.',
        });
      } finally {
        latch.release();
      }
    });

    it("counts a render's own run only: one that waited longer than it for a worker still renders", async () => {
      const pool = service.app.get(RenderPool);
      // A worker the test before took down has been replaced.
      await pool.workersReady();
      const latch = pool.hold();
      // Both workers held past their renders' own time, as by renders that never end...
      const held = [render(service.renderer, small), render(service.otherRenderer, small)];
      await latch.arrived(2);
      // ...while a third waits for a worker, longer than a render may run.
      const waited = render(service.renderer, small);
      await waitUntil(() => pool.load.waiting === 1, 'a render waits for a worker');
      // Released as soon as the held renders are stopped, before their replacements load: the
      // waiting render starts unheld, having waited over RENDER_TIMEOUT_MS.
      await Promise.race(held);
      latch.release();
      expect((await Promise.all(held)).map((response) => response.status)).toEqual([422, 422]);
      const answer = await waited;
      expect([answer.status, answer.status === 200 ? '' : answer.text]).toEqual([200, '']);
    });
  });

  describe('fair rendering', () => {
    let service: RenderService;

    beforeAll(async () => {
      service = await startRenderService('render_fair', {
        RENDER_WORKERS: '3',
        RENDER_QUEUE_WAIT_MS: '60000',
      });
    });

    afterAll(async () => {
      await service?.close();
    });

    it("starts another caller's render at once while one caller has many queued", async () => {
      const pool = service.app.get(RenderPool);
      const latch = pool.hold();
      const greedy = Array.from({ length: 8 }, () => render(service.renderer, small));
      // The greedy caller holds all workers but one; its other renders wait.
      await latch.arrived(2);
      await waitUntil(() => pool.load.waiting === 6, 'six renders of one caller wait');
      const polite = render(service.otherRenderer, small);
      // The third worker takes the other caller's render, ahead of the six waiting.
      await latch.arrived(3);
      expect(pool.load).toEqual({ running: 3, waiting: 6 });
      latch.release();
      expect((await polite).status).toBe(200);
      expect((await Promise.all(greedy)).map((response) => response.status)).toEqual(Array(8).fill(200));
    });
  });
});
