import { startConfigService, uiTemplateBody } from './config-test-app';

type Service = Awaited<ReturnType<typeof startConfigService>>;
type Template = Record<string, any>;

const V10 = '/demo/v10-0/ui-templates';
const V9 = '/demo/v9-1/ui-templates';
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const SVG_BASE64 = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#D52B1E"/></svg>',
).toString('base64');

describe('config-service UI template names and logo sources (HTTP, real PostgreSQL)', () => {
  let service: Service;

  beforeAll(async () => {
    service = await startConfigService('config_ui_template_names');
  });

  afterAll(async () => {
    await service?.close();
  });

  const path = (name: string, base = V10): string => `${base}/${encodeURIComponent(name)}`;

  describe('names round-trip through the path exactly', () => {
    it.each([
      'Kanton Zürich',
      'sp ace.x',
      'a/b',
      '/',
      '...',
      '.hidden',
      '~',
      '100%',
      '%2F',
      'a+b',
      'a?b#c',
      "O'Brien & Söhne; <b>",
      '😀 Smile',
      ' padded ',
      'Ünïcödé '.repeat(10).slice(0, 100),
      '😀'.repeat(100),
    ])('%j: create, read, update, list, delete, under v10-0 and v9-1', async (name) => {
      const body = uiTemplateBody({ name });
      const created = await service.writer.post<Template>(V10, body);
      expect([created.status, created.body.errors]).toEqual([201, undefined]);
      expect(created.body.name).toBe(name);

      for (const base of [V10, V9]) {
        const read = await service.reader.get<Template>(path(name, base));
        expect([base, read.status, read.body.name]).toEqual([base, 200, name]);
      }

      const updated = await service.writer.put<Template>(path(name), {
        ...body,
        displayName: 'Renamed',
        updatedBy: 'bob',
      });
      expect([updated.status, updated.body.name, updated.body.displayName]).toEqual([200, name, 'Renamed']);

      const listed = await service.reader.get<Template[]>(
        `${V10}?SenderIdentifier=${encodeURIComponent((body['senderIdentifiers'] as string[])[0])}`,
      );
      expect(listed.body.map((template) => template.name)).toEqual([name]);

      expect((await service.writer.delete(path(name, V9))).status).toBe(204);
      expect((await service.reader.get(path(name))).status).toBe(404);
    });

    it('reads `+` in a path as a plus, whether sent raw or as %2B', async () => {
      await service.writer.post(V10, uiTemplateBody({ name: 'plus+sign' }));
      for (const raw of ['plus+sign', 'plus%2Bsign']) {
        const read = await service.reader.get<Template>(`${V10}/${raw}`);
        expect([raw, read.status, read.body.name]).toEqual([raw, 200, 'plus+sign']);
      }
      expect((await service.reader.get(`${V10}/plus%20sign`)).status).toBe(404);
    });

    it('keeps names that differ only in case, spacing or encoding apart', async () => {
      for (const name of ['Kanton Bern', 'kanton bern', 'Kanton  Bern', 'Kanton%20Bern'])
        expect((await service.writer.post(V10, uiTemplateBody({ name }))).status).toBe(201);
      for (const name of ['Kanton Bern', 'kanton bern', 'Kanton  Bern', 'Kanton%20Bern'])
        expect((await service.reader.get<Template>(path(name))).body.name).toBe(name);
      const taken = await service.writer.post<Template>(V10, uiTemplateBody({ name: 'Kanton Bern' }));
      expect(taken.status).toBe(400);
      expect(taken.body.errors).toEqual({ name: ["A UI template named 'Kanton Bern' already exists."] });
    });
  });

  describe('names that are refused', () => {
    it.each([
      ['a line break', 'Kanton\nZürich', 'name must not contain control characters (U+000A at character 7)'],
      ['a NUL', 'a\u0000b', 'must not contain NUL (U+0000) characters'],
      ['DEL', 'del\u007F', 'name must not contain control characters (U+007F at character 4)'],
      ['a C1 control', 'next\u0085line', 'name must not contain control characters (U+0085 at character 5)'],
      ['101 characters', 'n'.repeat(101), 'name must be 1..100 characters long (it has 101)'],
      ['101 emoji', '😀'.repeat(101), 'name must be 1..100 characters long (it has 101)'],
      ['an empty name', '', 'name must be 1..100 characters long (it has 0)'],
      ['a single dot', '.', "name cannot be '.': URL clients resolve it as a dot segment"],
      ['two dots', '..', "name cannot be '..': URL clients resolve it as a dot segment"],
    ])('refuses %s with a 400 on name and stores nothing', async (_case, name, message) => {
      const response = await service.writer.post<Template>(V10, uiTemplateBody({ name }));
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(response.body).toMatchObject({ status: 400, title: 'One or more validation errors occurred.' });
      expect(Object.keys(response.body.errors)).toEqual(['name']);
      expect(response.body.errors.name[0]).toContain(message);
      const list = await service.reader.get<Template[]>(`${V10}?PageSize=-1`);
      expect(list.body.map((template) => template.name)).not.toContain(name);
    });

    it.each([
      [
        'a control character',
        'a%0Ab',
        'uiTemplateName must not contain control characters (U+000A at character 2)',
      ],
      ['NUL', 'a%00b', 'uiTemplateName must not contain control characters (U+0000 at character 2)'],
      [
        'a C1 control',
        'a%C2%85b',
        'uiTemplateName must not contain control characters (U+0085 at character 2)',
      ],
      ['101 characters', 'n'.repeat(101), 'uiTemplateName must be 1..100 characters long (it has 101)'],
      [
        '101 umlauts',
        encodeURIComponent('ü'.repeat(101)),
        'uiTemplateName must be 1..100 characters long (it has 101)',
      ],
    ])(
      'answers a path name with %s with a 400 on uiTemplateName, for every method',
      async (_case, raw, message) => {
        const responses = [
          await service.reader.get<Template>(`${V10}/${raw}`),
          await service.writer.put<Template>(`${V10}/${raw}`, { ...uiTemplateBody(), updatedBy: 'bob' }),
          await service.writer.delete<Template>(`${V9}/${raw}`),
        ];
        for (const response of responses) {
          expect(response.status).toBe(400);
          expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
          expect(response.body.errors).toEqual({ uiTemplateName: [expect.stringContaining(message)] });
        }
      },
    );

    it('answers a path parameter over 200 UTF-16 code units with a 414 problem', async () => {
      for (const name of ['n'.repeat(201), '😀'.repeat(101)]) {
        const response = await service.reader.get<Template>(path(name));
        expect(response.status).toBe(414);
        expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      }
    });
  });

  describe('logo sources', () => {
    it.each([
      ['a file name', 'logo.svg'],
      ['a relative path', 'assets/img/logo.png'],
      ['a path from the root', '/static/logo.png'],
      ['a path up one folder', '../shared/wappen.svg'],
      ['an https URL', 'https://cdn.example.ch/logo.svg?v=2'],
      ['an http URL with a port', 'http://localhost:4200/assets/logo.png'],
      ['a png data URI', `data:image/png;base64,${PNG_1X1}`],
      ['an svg data URI in base64', `data:image/svg+xml;base64,${SVG_BASE64}`],
      [
        'an svg data URI in text',
        "data:image/svg+xml;charset=utf-8,<svg xmlns='http://www.w3.org/2000/svg'/>",
      ],
      ['2048 characters', `/${'a'.repeat(2047)}`],
    ])('accepts %s and reads it back unchanged', async (_case, source) => {
      const headerLogo = { source, heightDesktop: 48, heightMobile: 32 };
      const footerLogo = { source, heightDesktop: 40, heightMobile: 28 };
      const created = await service.writer.post<Template>(V10, uiTemplateBody({ headerLogo, footerLogo }));
      expect([created.status, created.body.errors]).toEqual([201, undefined]);
      const read = await service.reader.get<Template>(path(created.body.name));
      expect(read.body.headerLogo).toEqual(headerLogo);
      expect(read.body.footerLogo).toEqual(footerLogo);
      const updated = await service.writer.put<Template>(path(created.body.name), {
        ...uiTemplateBody({ footerLogo: headerLogo }),
        updatedBy: 'bob',
      });
      expect(updated.body.footerLogo).toEqual(headerLogo);
    });

    it.each([
      ['javascript:', 'javascript:alert(1)', "must not use the scheme 'javascript:'"],
      [
        'javascript: in mixed case',
        'JaVaScRiPt:alert(document.cookie)',
        "must not use the scheme 'javascript:'",
      ],
      ['javascript: after a space', ' javascript:alert(1)', 'must not begin or end with whitespace'],
      ['javascript: after a tab', '\tjavascript:alert(1)', 'must not contain control characters (U+0009'],
      [
        'a control character',
        'logo\u0007.svg',
        'must not contain control characters (U+0007 at character 5)',
      ],
      ['a file: URL', 'file:///etc/passwd', "must not use the scheme 'file:'"],
      [
        'an html data URI',
        'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
        '(media type: text/html)',
      ],
      ['a gif data URI', 'data:image/gif;base64,R0lGODlhAQABAAAAACw=', '(media type: image/gif)'],
      ['broken base64', 'data:image/png;base64,@@@@', 'must hold valid base64'],
      ['a protocol-relative URL', '//evil.example/logo.svg', 'must not start with //'],
      ['a backslash path', '/\\evil.example/logo.svg', "must not contain '\\'"],
      ['credentials in a URL', 'https://user:pw@cdn.example.ch/logo.svg', 'must not carry credentials'],
      ['2049 characters', `/${'a'.repeat(2048)}`, 'must be 1..2048 characters long (it has 2049)'],
      ['an empty source', '', 'must be 1..2048 characters long (it has 0)'],
    ])('refuses %s with a 400 on the logo source', async (_case, source, message) => {
      const response = await service.writer.post<Template>(
        V10,
        uiTemplateBody({
          headerLogo: { source: 'logo.svg', heightDesktop: 48, heightMobile: 32 },
          footerLogo: { source, heightDesktop: 40, heightMobile: 28 },
        }),
      );
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ 'footerLogo.source': [expect.stringContaining(message)] });
      expect(response.body.errors['footerLogo.source'][0]).toMatch(/^source /);
    });

    it('reports bad sources of both logos at once, on each path', async () => {
      const response = await service.writer.post<Template>(
        V10,
        uiTemplateBody({
          headerLogo: { source: 'javascript:alert(1)', heightDesktop: 48, heightMobile: 32 },
          footerLogo: { source: 'data:text/html,<b>x</b>', heightDesktop: 40, heightMobile: 28 },
        }),
      );
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors).sort()).toEqual(['footerLogo.source', 'headerLogo.source']);
    });
  });
});
