import { readFileSync } from 'node:fs';

import { TEST_LOG_FILE_VARIABLE } from '@portal/testing';

import { closePdfExtractor, extractPdf } from './pdf-text';
import {
  json,
  render,
  RENDER,
  type RenderBody,
  type RenderService,
  startRenderService,
} from './render-test-app';

const ACCENTS = {
  fr: 'Ça coûte cher, dit Chloë à l’élève : « Où êtes-vous, Maître Noël ? » Œuvre, cœur, naïf, Ÿ, ÀÂÆÇÉÈÊËÎÏÔŒÙÛÜ',
  de: 'Grüezi! Äpfel, Öl, Übermut, Strasse und Straße: Jürg Bösch aus Zürich',
  it: 'Perché è così? Là, più città: È già l’ora, Niccolò. àèéìíîòóùú',
};
const ACCENT_TEXT = Object.values(ACCENTS).join(' ');

/** Normalises whitespace so that wrapped lines compare like the text they came from. */
const flat = (text: string): string => text.replace(/\s+/g, ' ').trim();

describe('render-service: POST /{tenant}/v10-0/render (HTTP, real PostgreSQL)', () => {
  let service: RenderService;

  beforeAll(async () => {
    service = await startRenderService('render_render');
  });

  afterAll(async () => {
    await service?.close();
    await closePdfExtractor();
  });

  const renderOk = async (body: RenderBody) => {
    const response = await render(service.renderer, body);
    if (response.status !== 200) throw new Error(`${response.status}: ${response.text}`);
    return response;
  };

  describe('formats', () => {
    it.each([
      ['json', '{"content": [{"text": "Hello {{name}}"}, {"text": "{{accents}}"}]}'],
      ['html', '<h1>Hello {{name}}</h1><p>{{accents}}</p>'],
      ['md', '# Hello {{name}}\n\n{{accents}}'],
      ['txt', 'Hello {{name}}\n{{accents}}'],
    ])(
      'renders %s as a PDF whose text is the data, French, German and Italian accents included',
      async (inputFormat, templateData) => {
        const response = await renderOk({
          inputFormat,
          outputFormat: 'pdf',
          templateData,
          data: json({ name: 'Zoë', accents: ACCENT_TEXT }),
        });
        expect(response.headers.get('content-type')).toBe('application/pdf');
        expect(response.headers.get('content-disposition')).toBe('attachment; filename="document.pdf"');
        expect(response.headers.get('x-render-template')).toMatch(/^inline@sha256:[0-9a-f]{16}$/);
        const pdf = await extractPdf(response.bytes);
        expect(flat(pdf.text)).toContain('Hello Zoë');
        for (const sentence of Object.values(ACCENTS)) expect(flat(pdf.text)).toContain(sentence);
        expect(pdf.info['Custom']).toEqual({ Template: response.headers.get('x-render-template') });
      },
    );

    it('renders html as HTML, with the values escaped and the template recorded in a meta tag', async () => {
      const response = await renderOk({
        inputFormat: 'html',
        outputFormat: 'html',
        templateData: '<html><head><title>{{title}}</title></head><body><p>{{text}}</p></body></html>',
        data: json({ title: 'Été', text: '<script>alert("x")</script> & Zoë' }),
      });
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="document.html"');
      const label = response.headers.get('x-render-template') as string;
      expect(response.text).toBe(
        `<html><head><meta name="render-template" content="${label}"><title>Été</title></head>` +
          '<body><p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Zoë</p></body></html>',
      );
    });

    it('renders md as a whole HTML document, with the locale as its language', async () => {
      const response = await renderOk({
        inputFormat: 'md',
        outputFormat: 'html',
        templateData: '# {{title}}\n\n- {{item}}\n\n**{{chf amount}}**',
        data: json({ title: 'Rapport *final*', item: '<b>un</b>', amount: 1234.5 }),
        rendererOptions: json({ locale: 'fr-CH', info: { title: 'Rapport' } }),
      });
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.text).toContain('<html lang="fr-CH">');
      expect(response.text).toContain('<title>Rapport</title>');
      expect(response.text).toContain('<meta name="render-template" content="inline@sha256:');
      expect(response.text).toContain('<h1>Rapport *final*</h1>');
      expect(response.text).toContain('<li>&lt;b&gt;un&lt;/b&gt;</li>');
      expect(response.text).toContain("<strong>1'234.50\u00a0CHF</strong>");
    });

    it('renders txt as text, exactly', async () => {
      const response = await renderOk({
        inputFormat: 'TXT',
        outputFormat: 'Txt',
        templateData: 'Grüezi {{name}}\n{{#each items}}- {{this}}\n{{/each}}',
        data: json({ name: '<Zoë>', items: ['a', 'b'] }),
      });
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="document.txt"');
      expect(response.text).toBe('Grüezi <Zoë>\n- a\n- b\n');
    });

    it.each([
      ['json', 'html'],
      ['json', 'txt'],
      ['html', 'txt'],
      ['md', 'txt'],
      ['txt', 'html'],
      ['xml', 'pdf'],
      ['json', 'docx'],
      ['', 'pdf'],
    ])('answers %s to %s with 422', async (inputFormat, outputFormat) => {
      const response = await render(service.renderer, { inputFormat, outputFormat, templateData: 'x' });
      if (inputFormat === '') {
        expect(response.status).toBe(400);
        expect(Object.keys(response.body.errors)).toEqual(['inputFormat']);
        return;
      }
      expect(response.status).toBe(422);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(response.body).toMatchObject({
        status: 422,
        title: 'Unprocessable Content',
        detail: expect.any(String),
      });
    });
  });

  describe('content', () => {
    it('lays out a 20-page report with a 600-row table', async () => {
      const rows = Array.from({ length: 600 }, (_, index) => ({
        n: index + 1,
        name: `Zeile ${index + 1} – Gebühr`,
        amount: index * 3.5,
      }));
      const response = await renderOk({
        inputFormat: 'json',
        outputFormat: 'pdf',
        templateData:
          '{"content": [{"text": "Bericht"}, {"table": {"headerRows": 1, "body": [["Nr", "Name", "Betrag"]' +
          '{{#each rows}}, ["{{n}}", "{{name}}", {"text": "{{chf amount}}", "alignment": "right"}]{{/each}} ]}}]}',
        data: json({ rows }),
      });
      const pdf = await extractPdf(response.bytes);
      expect(pdf.pages.length).toBeGreaterThanOrEqual(15);
      expect(pdf.pages[0]).toContain('Bericht');
      expect(flat(pdf.text)).toContain('Zeile 1 – Gebühr');
      expect(flat(pdf.pages[pdf.pages.length - 1])).toContain(
        '600 Zeile 600 – Gebühr CHF 2’096.50'.replace('’', "'"),
      );
    });

    it('applies renderer options over what a json template sets', async () => {
      const response = await renderOk({
        inputFormat: 'json',
        outputFormat: 'pdf',
        templateData: JSON.stringify({
          pageSize: 'A4',
          info: { title: 'From the template', author: 'Template author' },
          watermark: 'TEMPLATE',
          content: [{ text: "{{formatDate date 'long'}} {{chf amount}}" }],
        }),
        data: json({ date: '2026-03-05', amount: 12.5 }),
        rendererOptions: json({
          pageSize: 'A5',
          pageOrientation: 'landscape',
          pageMargins: [20, 30],
          info: { title: 'Options title', subject: 'Subject', keywords: 'one, two' },
          defaultFontSize: 8,
          watermark: { text: 'ENTWURF', opacity: 0.1 },
          locale: 'it-CH',
        }),
      });
      const pdf = await extractPdf(response.bytes);
      expect(pdf.sizes).toEqual([[595, 420]]);
      expect(pdf.info).toMatchObject({
        Title: 'Options title',
        Author: 'Template author',
        Subject: 'Subject',
        Keywords: 'one, two',
      });
      expect(pdf.text).toContain('5 marzo 2026 CHF 12.50');
      expect(pdf.text).toContain('ENTWURF');
      expect(pdf.text).not.toContain('TEMPLATE');
    });

    it('keeps hostile values inside the text they were written into', async () => {
      const hostile = '"}], "content": [{"text": "INJECTED"}], "x": [{"a": "</script>{{secret}}\\';
      for (const [inputFormat, templateData] of [
        ['json', '{"content": [{"text": "A {{value}} B"}]}'],
        ['html', '<p>A {{value}} B</p>'],
        ['md', 'A {{value}} B'],
        ['txt', 'A {{value}} B'],
      ]) {
        const response = await renderOk({
          inputFormat,
          outputFormat: 'pdf',
          templateData,
          data: json({ value: hostile, secret: 'SECRET' }),
        });
        const text = flat((await extractPdf(response.bytes)).text);
        expect(text).toBe(`A ${hostile} B`);
      }
    });

    it('answers a number written where a number belongs, and refuses a string there', async () => {
      const body = {
        inputFormat: 'json',
        outputFormat: 'pdf',
        templateData: '{"content": [{"text": "x", "fontSize": {{size}} }]}',
      };
      expect((await render(service.renderer, { ...body, data: json({ size: 20 }) })).status).toBe(200);
      const refused = await render(service.renderer, { ...body, data: json({ size: '20, "color": "red"' }) });
      expect(refused.status).toBe(422);
      expect(refused.body.detail).toMatch(/output of the json template on this data is not valid JSON/);
    });
  });

  describe('errors', () => {
    const valid = { inputFormat: 'txt', outputFormat: 'txt', templateData: 'x {{a}}', data: json({ a: 1 }) };

    it('answers 401 without a token and 403 without the render role', async () => {
      expect((await render(service.anonymous, valid)).status).toBe(401);
      const forbidden = await render(service.editor, valid);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.status).toBe(403);
      expect((await render(service.stranger, valid)).status).toBe(403);
    });

    it.each([
      ['both templates', { templateName: 'x' }, ['templateData', 'templateName']],
      ['no template', { templateData: null }, ['templateData', 'templateName']],
      ['no inputFormat', { inputFormat: undefined }, ['inputFormat']],
      ['an inputFormat of 11 characters', { inputFormat: 'json-schema' }, ['inputFormat']],
      ['a numeric outputFormat', { outputFormat: 5 }, ['outputFormat']],
      ['data that is neither text nor a JSON object or array', { data: 5 }, ['data']],
      ['data that is true', { data: true }, ['data']],
      ['rendererOptions that are an array', { rendererOptions: [{ pageSize: 'A4' }] }, ['rendererOptions']],
      ['rendererOptions that are a number', { rendererOptions: 1 }, ['rendererOptions']],
      [
        'a templateName of 51 characters',
        { templateData: null, templateName: 'n'.repeat(51) },
        ['templateName'],
      ],
      ['a templateName with a slash', { templateData: null, templateName: '../x' }, ['templateName']],
      ['a NUL character', { templateData: 'a\u0000b' }, ['templateData']],
    ])('answers %s with 400 naming the property', async (_case, overrides, properties) => {
      const response = await render(service.renderer, { ...valid, ...overrides });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ status: 400, title: 'One or more validation errors occurred.' });
      expect(Object.keys(response.body.errors).sort()).toEqual(properties);
    });

    it.each([
      [
        'data that is not JSON',
        { data: '{"a": ' },
        /^data is not valid JSON at line 1, column 7: the text ends where a value is expected/,
      ],
      [
        'options that are not JSON',
        { rendererOptions: '{' },
        /^rendererOptions is not valid JSON at line 1, column 2: the text ends where a property name is expected/,
      ],
      [
        'unknown options, by name',
        { rendererOptions: json({ colour: 'red', pageSize: 'A4', zoom: 2 }) },
        /Unknown renderer options: colour, zoom/,
      ],
      [
        'an invalid option value',
        { rendererOptions: json({ pageMargins: [1, 2, 3] }) },
        /rendererOptions\.pageMargins/,
      ],
      ['a template that does not compile', { templateData: '{{#if a}}' }, /does not compile/],
      ['a template with unescaped output', { templateData: '{{{a}}}' }, /Unescaped output/],
      ['an unknown helper', { templateData: '{{exec "ls"}}' }, /does not compile.*exec/s],
      [
        'a helper failing on the data',
        { templateData: '{{chf a}}', data: json({ a: 'lots' }) },
        /chf: 'lots' is not a number/,
      ],
    ])('answers %s with 422 and the reason', async (_case, overrides, detail) => {
      const response = await render(service.renderer, { ...valid, ...overrides });
      expect(response.status).toBe(422);
      expect(response.body.detail).toMatch(detail);
    });

    it('reads }}} after an expression as its end and a literal }, as json authors write it', async () => {
      const response = await renderOk({
        inputFormat: 'json',
        outputFormat: 'pdf',
        templateData: '{"content": [{"text": "Total {{total}}", "fontSize": {{size}}}]}',
        data: json({ total: 'CHF 125.60', size: 14 }),
      });
      expect(response.headers.get('content-type')).toBe('application/pdf');
    });

    it('points a template that does not compile at its line and column, in the problem body', async () => {
      const response = await render(service.renderer, {
        ...valid,
        templateData: 'Dear {{name}},\n\nyour total is {{total}.\n',
      });
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ line: 3, column: 22 });
      expect(response.body.detail).toBe(
        'The template does not compile at line 3, column 22: an expression is not closed with }} (or holds a character it cannot).',
      );
    });

    it('refuses 3,000 nested blocks within a second, naming the limit and where it is passed', async () => {
      const nestedIf = (levels: number): string =>
        '{{#if a}}'.repeat(levels) + '{{a}}' + '{{/if}}'.repeat(levels);
      const started = performance.now();
      const response = await render(service.renderer, { ...valid, templateData: nestedIf(3000) });
      expect(performance.now() - started).toBeLessThan(1000);
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ status: 422, line: 1, column: 901 });
      expect(response.body.detail).toBe(
        'The template nests too deeply at line 1, column 901: a block opens level 101, past the limit of ' +
          '100 levels (each block, {{else if}} of a chain and sub-expression inside another adds one).',
      );
      const atTheLimit = await renderOk({ ...valid, templateData: nestedIf(100) });
      expect(atTheLimit.text).toBe('1');
    });

    it.each([
      [
        'a json template that is not JSON',
        '{"content": [ {{a}} ]',
        /output of the json template on this data is not valid JSON/,
      ],
      ['a json template that is not an object', '"text"', /must produce a pdfmake document/],
      ['a json template without content', '{"pageSize": "A4"}', /needs 'content'/],
      [
        'an unknown font',
        '{"content": [{"text": "x", "font": "Comic"}]}',
        /^The document names the font 'Comic', which is not installed; the fonts are /,
      ],
      [
        'a table of the wrong shape',
        '{"content": [{"table": {"body": 5}}]}',
        /^content\[0\]\.table\.body must be a list of rows/,
      ],
      [
        'a table whose second row is longer than the first (pdfmake would fail reading _calcWidth)',
        '{"content": [{"table": {"body": [["a"], ["b", "c"]]}}]}',
        /^content\[0\]\.table\.body\[1\] has 2 cells: every row has one cell for the one column of the first row/,
      ],
    ])('answers %s with 422', async (_case, templateData, detail) => {
      const response = await render(service.renderer, {
        inputFormat: 'json',
        outputFormat: 'pdf',
        templateData,
        data: json({ a: 1 }),
      });
      expect(response.status).toBe(422);
      expect(response.body.detail).toMatch(detail);
    });

    it("answers a failure inside pdfmake in its own words, and logs pdfmake's error at warn with the correlation id", async () => {
      const correlationId = `pdfmake-inside-${Date.now()}`;
      const response = await render(
        service.renderer,
        {
          inputFormat: 'json',
          outputFormat: 'pdf',
          templateData: '{"content": [{"columns": ["a", "b"], "columnGap": "wide"}]}',
        },
        { headers: { 'x-correlation-id': correlationId } },
      );
      expect(response.status).toBe(422);
      expect(response.body.detail).toBe(
        'pdfmake could not lay out a text of the document: a value that must be a number is not one ' +
          '(a fontSize, margin, width, height or coordinate written as text?).',
      );
      const logFile = process.env[TEST_LOG_FILE_VARIABLE] as string;
      const logged = readFileSync(logFile, 'utf8')
        .split('\n')
        .filter((line) => line.includes(correlationId))
        .map((line) => JSON.parse(line) as Record<string, any>);
      expect(logged).toContainEqual(
        expect.objectContaining({
          level: 'warn',
          correlationId,
          code: 'RENDER.DOCUMENT.NOT_A_NUMBER',
          err: expect.objectContaining({ message: expect.stringMatching(/^unsupported number/) }),
        }),
      );
    });

    it('answers 404 for an unknown template name or version', async () => {
      for (const templateName of ['nobody', 'nobody@2', 'x@9999999999']) {
        const response = await render(service.renderer, { ...valid, templateData: null, templateName });
        expect(response.status).toBe(404);
        expect(response.body).toMatchObject({
          status: 404,
          title: 'Not Found',
          correlationId: expect.any(String),
        });
      }
    });

    it.each([
      ['malformed JSON', '{"inputFormat": ', 'application/json', 400],
      ['a JSON array', '[]', 'application/json', 400],
      ['plain text', 'inputFormat=json', 'text/plain', 415],
    ])('answers %s with %i', async (_case, rawBody, contentType, status) => {
      const response = await service.renderer.post<Record<string, any>>(RENDER, undefined, {
        rawBody,
        contentType,
      });
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    });

    it('accepts a body of almost 10 MiB and answers a larger one with 413', async () => {
      const big = 'x'.repeat(9 * 1024 * 1024);
      const accepted = await render(service.renderer, { ...valid, templateData: 'ok', data: json({ big }) });
      expect(accepted.status).toBe(200);
      expect(accepted.text).toBe('ok');
      const tooLarge = await render(service.renderer, {
        ...valid,
        data: json({ big: 'x'.repeat(10 * 1024 * 1024) }),
      });
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body).toMatchObject({ status: 413, title: 'Content Too Large' });
    });

    it('never answers 500, whatever the fields hold', async () => {
      const hostile: unknown[] = [
        null,
        5,
        -1.5,
        true,
        '',
        ' ',
        'x',
        [],
        ['a'],
        {},
        { a: 1 },
        '{{',
        '}}}',
        '\ud800',
        'null',
        '[]',
        '"',
      ];
      const statuses = new Set<number>();
      for (const field of [
        'inputFormat',
        'outputFormat',
        'data',
        'rendererOptions',
        'templateData',
        'templateName',
      ]) {
        for (const value of hostile) {
          const response = await render(service.renderer, {
            inputFormat: 'json',
            outputFormat: 'pdf',
            templateData: '{"content": "{{a}}"}',
            [field]: value,
          });
          statuses.add(response.status);
          expect([200, 400, 404, 422]).toContain(response.status);
        }
      }
      expect([...statuses].sort()).toEqual([200, 400, 422]);
    });
  });

  describe('strict input (contract 4)', () => {
    const hello = { inputFormat: 'txt', outputFormat: 'txt', templateData: 'Grüezi {{name}}' };

    it('refuses an unknown property with 400 on it, naming the nearest known one', async () => {
      const response = await render(service.renderer, { ...hello, outputFromat: 'pdf' } as RenderBody);
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({
        outputFromat: ['outputFromat: unknown property; did you mean outputFormat?'],
      });
    });

    it('keeps data free-form: any property at any depth', async () => {
      const response = await renderOk({
        ...hello,
        data: { name: 'Zoë', anything: { at: [{ any: 'depth' }] } },
      });
      expect(response.text).toBe('Grüezi Zoë');
    });

    it('refuses an unknown query parameter with 400 on it', async () => {
      const response = await service.renderer.post<Record<string, any>>(`${RENDER}?download=1`, hello);
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({
        download: ['download: unknown parameter; this operation takes none'],
      });
    });
  });
});
