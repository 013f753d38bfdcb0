import { closePdfExtractor, extractPdf } from './pdf-text';
import { json, render, type RenderService, startRenderService, TEMPLATES } from './render-test-app';

type Body = Record<string, any>;

describe('render-service: /{tenant}/v10-0/templates (HTTP, real PostgreSQL)', () => {
  let service: RenderService;

  beforeAll(async () => {
    service = await startRenderService('render_templates');
  });

  afterAll(async () => {
    await service?.close();
    await closePdfExtractor();
  });

  let sequence = 0;
  const uniqueName = (prefix = 'tpl'): string => `${prefix}-${++sequence}`;
  /** `{{a}}` inside `levels` nested `{{#if a}}`. */
  const nestedIf = (levels: number): string =>
    '{{#if a}}'.repeat(levels) + '{{a}}' + '{{/if}}'.repeat(levels);

  const save = async (name: string, body: Body, expected = [200, 201]) => {
    const response = await service.editor.put<Body>(`${TEMPLATES}/${name}`, body);
    if (!expected.includes(response.status)) throw new Error(`${response.status}: ${response.text}`);
    return response;
  };

  it('suggests the nearest saved name for an unknown template, on read, versions, delete and render', async () => {
    await save('gebuehren-rechnung', { data: 'Hello {{name}}', inputFormat: 'txt' });
    const misspelt = 'gebuehren-rechnnug';
    const hint = "did you mean 'gebuehren-rechnung'?";
    for (const response of [
      await service.editor.get<Body>(`${TEMPLATES}/${misspelt}`),
      await service.editor.get<Body>(`${TEMPLATES}/${misspelt}@1`),
      await service.editor.get<Body>(`${TEMPLATES}/${misspelt}/versions`),
      await service.editor.delete<Body>(`${TEMPLATES}/${misspelt}`),
      await render(service.renderer, {
        templateName: misspelt,
        inputFormat: 'txt',
        data: json({}),
        outputFormat: 'txt',
      }),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.detail).toContain(hint);
    }
    const version = await service.editor.get<Body>(`${TEMPLATES}/gebuehren-rechnung@7`);
    expect(version.status).toBe(404);
    expect(version.body.detail).toBe("No template (or version) is named 'gebuehren-rechnung@7'.");
  });

  describe('save and read', () => {
    it('creates version 1 with 201, then keeps every later save as a new version with 200', async () => {
      const name = uniqueName();
      const first = await save(name, { data: 'Hello {{name}}', inputFormat: 'txt' });
      expect(first.status).toBe(201);
      expect(first.headers.get('location')).toBe(`${TEMPLATES}/${name}`);
      expect(first.body).toEqual({
        id: expect.any(Number),
        createdBy: 'test',
        createStamp: expect.stringMatching(/Z$/),
        updatedBy: 'test',
        updateStamp: first.body.createStamp,
        name,
        version: 1,
        latestVersion: 1,
        inputFormat: 'txt',
        data: 'Hello {{name}}',
        sampleData: null,
      });
      const second = await save(name, { data: 'Bonjour {{name}}', inputFormat: 'txt', createdBy: 'alice' });
      expect(second.status).toBe(200);
      expect(second.body).toMatchObject({
        id: first.body.id,
        createdBy: 'test',
        createStamp: first.body.createStamp,
        updatedBy: 'alice',
        version: 2,
        latestVersion: 2,
        data: 'Bonjour {{name}}',
      });

      const latest = await service.editor.get<Body>(`${TEMPLATES}/${name}`);
      expect(latest.status).toBe(200);
      expect(latest.body).toEqual(second.body);
      const v1 = await service.editor.get<Body>(`${TEMPLATES}/${name}@1`);
      expect(v1.body).toMatchObject({
        version: 1,
        latestVersion: 2,
        data: 'Hello {{name}}',
        updatedBy: 'test',
      });
      expect((await service.editor.get(`${TEMPLATES}/${name}@3`)).status).toBe(404);
    });

    it('lists the versions, oldest first, with paging', async () => {
      const name = uniqueName();
      for (const data of ['one', 'two', 'three']) await save(name, { data });
      const page = await service.editor.get<Body[]>(`${TEMPLATES}/${name}/versions?PageSize=2`);
      expect(page.status).toBe(200);
      expect(page.body.map((version) => version['version'])).toEqual([1, 2]);
      expect(page.body[0]).toEqual({
        id: expect.any(Number),
        version: 1,
        inputFormat: null,
        createdBy: 'test',
        createStamp: expect.any(String),
      });
      expect(page.headers.get('x-pagination-total-count')).toBe('3');
      expect(page.headers.get('x-pagination-next-page-link')).toBe(
        `${TEMPLATES}/${name}/versions?PageSize=2&PageNumber=2`,
      );
      const newestFirst = await service.editor.get<Body[]>(
        `${TEMPLATES}/${name}/versions?OrderBy=version desc`,
      );
      expect(newestFirst.body.map((version) => version['version'])).toEqual([3, 2, 1]);
      expect((await service.editor.get(`${TEMPLATES}/nobody/versions`)).status).toBe(404);
      expect((await service.editor.get<Body>(`${TEMPLATES}/${name}/versions?OrderBy=data`)).status).toBe(400);
    });

    it('gives concurrent saves of one name consecutive versions', async () => {
      const name = uniqueName();
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          service.editor.put<Body>(`${TEMPLATES}/${name}`, { data: `v${index}` }),
        ),
      );
      expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      expect(responses.map((response) => response.body['version']).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    });

    it('refuses a template that does not compile with 422 and saves nothing', async () => {
      const name = uniqueName();
      for (const data of ['{{#each items}}', '{{{raw}}}', '{{> partial}}', '{{shell "ls"}}']) {
        const response = await service.editor.put<Body>(`${TEMPLATES}/${name}`, { data });
        expect(response.status).toBe(422);
        expect(response.body).toMatchObject({ status: 422, detail: expect.any(String) });
      }
      expect((await service.editor.get(`${TEMPLATES}/${name}`)).status).toBe(404);
      await save(name, { data: 'fine' });
      expect((await service.editor.put(`${TEMPLATES}/${name}`, { data: '{{#if}}' })).status).toBe(422);
      expect((await service.editor.get<Body>(`${TEMPLATES}/${name}`)).body).toMatchObject({
        version: 1,
        data: 'fine',
      });
    });

    it.each([
      ['no data', {}, 'data'],
      ['empty data', { data: '' }, 'data'],
      ['data that is not text', { data: { text: 'x' } }, 'data'],
      ['an inputFormat that is not text', { data: 'x', inputFormat: 5 }, 'inputFormat'],
      ['a createdBy of 101 characters', { data: 'x', createdBy: 'c'.repeat(101) }, 'createdBy'],
      ['a createdBy with a control character', { data: 'x', createdBy: 'alice\u001b[1m' }, 'createdBy'],
    ])('answers %s with 400 on that property', async (_case, body, property) => {
      const response = await service.editor.put<Body>(`${TEMPLATES}/${uniqueName()}`, body);
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual([property]);
    });

    it('refuses 3,000 nested blocks within a second, naming the limit and where it is passed, and saves nothing', async () => {
      const name = uniqueName();
      const started = performance.now();
      const response = await service.editor.put<Body>(`${TEMPLATES}/${name}`, {
        data: `Dear {{a}},\n${nestedIf(3000)}`,
        inputFormat: 'txt',
      });
      expect(performance.now() - started).toBeLessThan(1000);
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ status: 422, line: 2, column: 901 });
      expect(response.body.detail).toBe(
        'The template nests too deeply at line 2, column 901: a block opens level 101, past the limit of ' +
          '100 levels (each block, {{else if}} of a chain and sub-expression inside another adds one).',
      );
      expect((await service.editor.get(`${TEMPLATES}/${name}`)).status).toBe(404);
    });

    it('saves a template nested exactly to the limit, and renders it by name', async () => {
      const name = uniqueName();
      expect((await save(name, { data: nestedIf(100), inputFormat: 'txt' })).status).toBe(201);
      const rendered = await render(service.renderer, {
        inputFormat: 'txt',
        outputFormat: 'txt',
        templateName: name,
        data: json({ a: 'deep' }),
      });
      expect(rendered.status).toBe(200);
      expect(rendered.text).toBe('deep');
    });

    it('keeps tab, CR and LF in createdBy, and control characters in the template text', async () => {
      // The template is a document of its own language: a txt template may hold a form feed.
      const saved = await save(uniqueName(), {
        data: 'Seite 1\fSeite 2\u0007',
        createdBy: 'anna\t(ops)\r\n',
      });
      expect(saved.body).toMatchObject({ createdBy: 'anna\t(ops)\r\n', data: 'Seite 1\fSeite 2\u0007' });

      const refused = await service.editor.put<Body>(`${TEMPLATES}/${uniqueName()}`, {
        data: 'x',
        createdBy: 'anna\u0007',
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({
        createdBy: [
          'createdBy must not contain control characters other than tab, LF and CR (U+0007 at character 5)',
        ],
      });
    });

    it.each(['n'.repeat(51), 'with@version', 'with space', 'ümlaut'])(
      'answers the name %p with 400 on templateName',
      async (name) => {
        const response = await service.editor.put<Body>(`${TEMPLATES}/${encodeURIComponent(name)}`, {
          data: 'x',
        });
        expect(response.status).toBe(400);
        expect(Object.keys(response.body.errors)).toEqual(['templateName']);
      },
    );

    it('keeps names of 50 characters, case-sensitive', async () => {
      const name = `A${'n'.repeat(49)}`;
      expect((await save(name, { data: 'x' })).status).toBe(201);
      expect((await service.editor.get(`${TEMPLATES}/${name}`)).status).toBe(200);
      expect((await service.editor.get(`${TEMPLATES}/${name.toLowerCase()}`)).status).toBe(404);
    });

    it('answers a body over 10 MiB with 413 and another media type with 415', async () => {
      const name = uniqueName();
      const tooLarge = await service.editor.put<Body>(`${TEMPLATES}/${name}`, {
        data: 'x'.repeat(10 * 1024 * 1024 + 1),
      });
      expect(tooLarge.status).toBe(413);
      const text = await service.editor.put<Body>(`${TEMPLATES}/${name}`, undefined, {
        rawBody: 'data=x',
        contentType: 'text/plain',
      });
      expect(text.status).toBe(415);
      expect((await service.editor.get(`${TEMPLATES}/${name}`)).status).toBe(404);
    });

    it('never answers 500, whatever the body or the name holds', async () => {
      const hostile: unknown[] = [
        null,
        5,
        true,
        '',
        ' ',
        [],
        ['x'],
        {},
        { a: 1 },
        '\u0000',
        '\ud800',
        '{{',
        '}}}',
        'x'.repeat(100_000),
      ];
      for (const field of ['data', 'inputFormat', 'createdBy', 'sampleData']) {
        for (const value of hostile) {
          const response = await service.editor.put<Body>(`${TEMPLATES}/${uniqueName('fuzz')}`, {
            data: 'ok {{x}}',
            [field]: value,
          });
          expect([200, 201, 400, 422]).toContain(response.status);
        }
      }
      for (const name of [
        '%00',
        '%F0%9F%98%80',
        'x'.repeat(300),
        "'; DROP TABLE render_template; --",
        'a@',
        '@1',
        'a@0',
        'a@-1',
      ]) {
        for (const response of [
          await service.editor.get(`${TEMPLATES}/${name}`),
          await service.editor.get(`${TEMPLATES}/${name}/versions`),
          await service.editor.delete(`${TEMPLATES}/${name}`),
          await service.editor.put(`${TEMPLATES}/${name}`, { data: 'x' }),
        ]) {
          expect([400, 404, 414]).toContain(response.status);
        }
      }
      expect((await service.editor.get(TEMPLATES)).status).toBe(200);
    });

    it('answers an unknown inputFormat with 422', async () => {
      const response = await service.editor.put<Body>(`${TEMPLATES}/${uniqueName()}`, {
        data: 'x',
        inputFormat: 'xml',
      });
      expect(response.status).toBe(422);
      expect(response.body.detail).toContain('json, html, md, txt');
    });
  });

  describe('sample data', () => {
    const invoiceData = {
      number: '2026-0042',
      lines: [{ description: 'Gebühr', quantity: 1, unitPrice: 450 }],
      date: '2026-03-15',
    };

    it('keeps the sample data with each version, given as a value or as JSON text', async () => {
      const name = uniqueName('sample');
      const first = await save(name, { data: '{{number}}', sampleData: invoiceData });
      expect(first.status).toBe(201);
      expect(first.body['sampleData']).toEqual(invoiceData);
      // The key order is the author's (jsonb would sort it).
      expect(Object.keys(first.body['sampleData'])).toEqual(['number', 'lines', 'date']);

      const second = await save(name, { data: '{{number}}!', sampleData: '[\n  {"number": "A-1"}\n]' });
      expect(second.body['sampleData']).toEqual([{ number: 'A-1' }]);
      const third = await save(name, { data: '{{number}}?' });
      expect(third.body['sampleData']).toBeNull();
      const asArray = await save(uniqueName('sample'), { data: 'x', sampleData: [{ a: [1, 'b'] }, 2] });
      expect(asArray.body['sampleData']).toEqual([{ a: [1, 'b'] }, 2]);

      expect((await service.editor.get<Body>(`${TEMPLATES}/${name}@1`)).body['sampleData']).toEqual(
        invoiceData,
      );
      expect((await service.editor.get<Body>(`${TEMPLATES}/${name}@2`)).body['sampleData']).toEqual([
        { number: 'A-1' },
      ]);
      expect((await service.editor.get<Body>(`${TEMPLATES}/${name}`)).body).toMatchObject({
        version: 3,
        sampleData: null,
      });
      // Lists leave it out, as they leave out the text.
      const versions = await service.editor.get<Body[]>(`${TEMPLATES}/${name}/versions`);
      expect(versions.body.every((version) => !('sampleData' in version))).toBe(true);
      const list = await service.editor.get<Body[]>(`${TEMPLATES}?PageSize=-1`);
      expect(list.body.every((template) => !('sampleData' in template))).toBe(true);
    });

    it('keeps sample data whose keys are names of Object.prototype (constructor, toString), as sent', async () => {
      const text = '{"constructor":"x","lines":[{"toString":1,"valueOf":{"a":1},"hasOwnProperty":null}]}';
      for (const sent of [JSON.parse(text) as unknown, text]) {
        const name = uniqueName('sample');
        const saved = await save(name, { data: 'x', sampleData: sent });
        expect(saved.status).toBe(201);
        const read = await service.editor.get<Body>(`${TEMPLATES}/${name}`);
        expect(JSON.stringify(read.body['sampleData'])).toBe(text);
      }
    });

    it('keeps exactly 1 MiB of compact JSON, with every kind of value', async () => {
      const name = uniqueName('sample');
      const values = { text: 'Zoë «x» \u2028 \\ "q"', n: -1.5e-7, yes: true, none: null, list: [[], {}] };
      const padding = 1024 * 1024 - Buffer.byteLength(JSON.stringify({ ...values, pad: '' }), 'utf8');
      const largest = { ...values, pad: 'p'.repeat(padding) };
      const saved = await save(name, { data: 'x', sampleData: largest });
      expect(saved.body['sampleData']).toEqual(largest);
      expect((await service.editor.get<Body>(`${TEMPLATES}/${name}`)).body['sampleData']).toEqual(largest);
    });

    it.each([
      ['text that is not JSON', '{"number": ', /^sampleData is not valid JSON text at line 1, column 12: /],
      ['JSON text of a scalar', '"2026-0042"', /object or array/],
      ['a number', 42, /object or array/],
      ['a boolean', false, /object or array/],
      ['text nested 65 levels deep', `${'['.repeat(65)}${']'.repeat(65)}`, /deeper than 64 levels/],
      ['1 MiB and a byte', { pad: 'p'.repeat(1024 * 1024 - 9) }, /at most 1048576 bytes/],
    ])('answers %s with 400 on sampleData and saves nothing', async (_case, sampleData, message) => {
      const name = uniqueName('sample');
      const response = await service.editor.put<Body>(`${TEMPLATES}/${name}`, { data: 'x', sampleData });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual(['sampleData']);
      expect(response.body.errors.sampleData[0]).toMatch(message);
      expect((await service.editor.get(`${TEMPLATES}/${name}`)).status).toBe(404);
    });

    it('answers a NUL character inside the sample data with 400 on its path', async () => {
      const response = await service.editor.put<Body>(`${TEMPLATES}/${uniqueName('sample')}`, {
        data: 'x',
        sampleData: { lines: [{ text: 'a\u0000b' }] },
      });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual(['sampleData.lines[0].text']);
    });
  });

  describe('render by name', () => {
    it('renders the newest version, or version N, and records which one produced the document', async () => {
      const name = uniqueName('letter');
      await save(name, { data: '{"content": [{"text": "Version one for {{who}}"}]}', inputFormat: 'json' });
      const body = { inputFormat: 'json', outputFormat: 'pdf', data: json({ who: 'Zoë' }) };

      const first = await render(service.renderer, { ...body, templateName: name });
      expect(first.status).toBe(200);
      expect(first.headers.get('x-render-template')).toBe(`${name}@1`);
      expect((await extractPdf(first.bytes)).text).toContain('Version one for Zoë');

      // A save is used by the next render (this replica's cache is invalidated).
      await save(name, { data: '{"content": [{"text": "Version two for {{who}}"}]}', inputFormat: 'json' });
      const second = await render(service.renderer, { ...body, templateName: name });
      expect(second.headers.get('x-render-template')).toBe(`${name}@2`);
      const pdf = await extractPdf(second.bytes);
      expect(pdf.text).toContain('Version two for Zoë');
      expect(pdf.info['Custom']).toEqual({ Template: `${name}@2` });

      const pinned = await render(service.renderer, { ...body, templateName: `${name}@1` });
      expect(pinned.headers.get('x-render-template')).toBe(`${name}@1`);
      expect((await extractPdf(pinned.bytes)).text).toContain('Version one for Zoë');

      expect((await render(service.renderer, { ...body, templateName: `${name}@3` })).status).toBe(404);
    });

    it('records the version in an HTML meta tag', async () => {
      const name = uniqueName();
      await save(name, { data: '<p>{{x}}</p>' });
      await save(name, { data: '<p>{{x}}!</p>' });
      const response = await render(service.renderer, {
        inputFormat: 'html',
        outputFormat: 'html',
        templateName: name,
        data: json({ x: 'hi' }),
      });
      expect(response.text).toBe(`<meta name="render-template" content="${name}@2">\n<p>hi!</p>`);
    });

    it('holds a render to the input format saved with the template; one saved without takes the request’s', async () => {
      const pinned = uniqueName();
      await save(pinned, { data: '{"content": "x"}', inputFormat: 'JSON' });
      expect((await service.editor.get<Body>(`${TEMPLATES}/${pinned}`)).body['inputFormat']).toBe('json');
      const mismatch = await render(service.renderer, {
        inputFormat: 'txt',
        outputFormat: 'pdf',
        templateName: pinned,
      });
      expect(mismatch.status).toBe(422);
      expect(mismatch.body.detail).toContain('written in json');

      const free = uniqueName();
      await save(free, { data: 'Plain {{x}}' });
      for (const inputFormat of ['txt', 'md', 'html']) {
        const response = await render(service.renderer, {
          inputFormat,
          outputFormat: 'pdf',
          templateName: free,
          data: json({ x: inputFormat }),
        });
        expect(response.status).toBe(200);
        expect((await extractPdf(response.bytes)).text).toContain(`Plain ${inputFormat}`);
      }
    });
  });

  describe('delete', () => {
    it('answers 204 and removes every version; the name starts again at version 1', async () => {
      const name = uniqueName();
      await save(name, { data: 'a' });
      await save(name, { data: 'b' });
      await render(service.renderer, { inputFormat: 'txt', outputFormat: 'txt', templateName: name });
      const response = await service.editor.delete(`${TEMPLATES}/${name}`);
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      expect((await service.editor.get(`${TEMPLATES}/${name}`)).status).toBe(404);
      expect((await service.editor.get(`${TEMPLATES}/${name}@1`)).status).toBe(404);
      expect(
        (await render(service.renderer, { inputFormat: 'txt', outputFormat: 'txt', templateName: name }))
          .status,
      ).toBe(404);
      expect((await service.editor.delete(`${TEMPLATES}/${name}`)).status).toBe(404);
      expect((await service.editor.delete(`${TEMPLATES}/${name}@1`)).status).toBe(404);
      expect((await save(name, { data: 'c' })).body).toMatchObject({ version: 1 });
    });
  });

  describe('list', () => {
    it('pages templates with the newest version and format of each, without their text', async () => {
      const names = ['list-b', 'list-a', 'list-c'];
      for (const name of names) await save(name, { data: `{{x}} ${name}`, inputFormat: 'md' });
      await save('list-a', { data: 'second', inputFormat: 'txt' });
      const all = await service.editor.get<Body[]>(`${TEMPLATES}?PageSize=-1&OrderBy=name`);
      const listed = all.body.filter((template) => String(template['name']).startsWith('list-'));
      expect(listed).toEqual([
        expect.objectContaining({ name: 'list-a', latestVersion: 2, inputFormat: 'txt' }),
        expect.objectContaining({ name: 'list-b', latestVersion: 1, inputFormat: 'md' }),
        expect.objectContaining({ name: 'list-c', latestVersion: 1, inputFormat: 'md' }),
      ]);
      expect(Object.keys(listed[0]).sort()).toEqual([
        'createStamp',
        'createdBy',
        'id',
        'inputFormat',
        'latestVersion',
        'name',
        'updateStamp',
        'updatedBy',
      ]);
      const total = Number(all.headers.get('x-pagination-total-count'));
      const page = await service.editor.get<Body[]>(`${TEMPLATES}?PageSize=2&PageNumber=2&OrderBy=name desc`);
      expect(page.body).toHaveLength(Math.min(2, total - 2));
      expect(page.headers.get('x-pagination-previous-page-link')).toBe(
        `${TEMPLATES}?PageSize=2&OrderBy=name+desc&PageNumber=1`,
      );
      const head = await service.editor.head(`${TEMPLATES}?PageSize=1`);
      expect(head.status).toBe(200);
      expect(head.headers.get('x-pagination-total-count')).toBe(String(total));
    });

    it.each(['OrderBy=data', 'PageSize=0', 'PageNumber=x'])('answers %s with 400', async (query) => {
      expect((await service.editor.get(`${TEMPLATES}?${query}`)).status).toBe(400);
    });
  });

  describe('access', () => {
    it('needs RenderApi_Templates for every template route', async () => {
      for (const client of [service.anonymous, service.renderer, service.stranger]) {
        const expected = client === service.anonymous ? 401 : 403;
        expect((await client.get(TEMPLATES)).status).toBe(expected);
        expect((await client.get(`${TEMPLATES}/x`)).status).toBe(expected);
        expect((await client.get(`${TEMPLATES}/x/versions`)).status).toBe(expected);
        expect((await client.put(`${TEMPLATES}/x`, { data: 'x' })).status).toBe(expected);
        expect((await client.delete(`${TEMPLATES}/x`)).status).toBe(expected);
      }
    });
  });

  describe('strict input (contract 4)', () => {
    it('refuses an unknown property with 400 on it, naming the nearest known one, and saves nothing', async () => {
      const name = uniqueName();
      const response = await service.editor.put<Body>(`${TEMPLATES}/${name}`, {
        data: 'Hello {{name}}',
        sampleDta: { name: 'Anna' },
      });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({
        sampleDta: ['sampleDta: unknown property; did you mean sampleData?'],
      });
      expect((await service.editor.get(`${TEMPLATES}/${name}`)).status).toBe(404);
    });

    it('keeps sample data free-form, and takes back what a read gave as a new version', async () => {
      const name = uniqueName();
      await save(name, {
        data: 'Hello {{name}}',
        inputFormat: 'txt',
        sampleData: { name: 'Anna', any: { x: 1 } },
      });
      const read = await service.editor.get<Body>(`${TEMPLATES}/${name}`);
      const again = await save(name, read.body);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({
        version: 2,
        data: 'Hello {{name}}',
        sampleData: read.body.sampleData,
      });
    });

    it('refuses an unknown query parameter with 400 on it, naming the nearest known one', async () => {
      const response = await service.editor.get<Body>(`${TEMPLATES}?PageNumbr=1`);
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({
        PageNumbr: ['PageNumbr: unknown parameter; did you mean PageNumber?'],
      });
    });
  });
});
