import { SignJWT } from 'jose';

import { DEVELOPMENT_JWT_SECRET } from '@portal/auth';

import { startConfigService, uiTemplateBody } from './config-test-app';

type Service = Awaited<ReturnType<typeof startConfigService>>;
type Template = Record<string, any>;

const V10 = '/demo/v10-0/ui-templates';
const V9 = '/demo/v9-1/ui-templates';
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('config-service UI templates (HTTP, real PostgreSQL)', () => {
  let service: Service;

  beforeAll(async () => {
    service = await startConfigService('config_ui_templates');
  });

  afterAll(async () => {
    await service?.close();
  });

  const create = async (overrides: Record<string, unknown> = {}): Promise<Template> => {
    const response = await service.writer.post<Template>(V10, uiTemplateBody(overrides));
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`${V10}/${encodeURIComponent(response.body.name)}`);
    return response.body;
  };

  const count = async (): Promise<number> => {
    const response = await service.reader.get(`${V10}?PageSize=1`);
    return Number(response.headers.get('x-pagination-total-count'));
  };

  describe('authentication and roles', () => {
    it('answers 401 with a problem when the token is missing, malformed, badly signed or expired', async () => {
      const { testToken } = await import('@portal/testing');
      const cases = [
        service.anonymous,
        service.anonymous.withToken('not-a-jwt'),
        service.anonymous.withToken(
          await testToken(['ConfigApi_Read'], { secret: 'another-secret-that-is-long-enough-1234' }),
        ),
        service.anonymous.withToken(await testToken(['ConfigApi_Read'], { expiresInSeconds: -60 })),
      ];
      for (const client of cases) {
        const response = await client.get<Template>(V10);
        expect(response.status).toBe(401);
        expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expect(response.headers.get('www-authenticate')).toBe('Bearer');
        expect(response.headers.get('x-correlation-id')).toBeTruthy();
        expect(response.body).toMatchObject({ status: 401, title: 'Unauthorized' });
      }
    });

    it.each([
      ['no sub', {}, 'The token has no subject (`sub` claim).'],
      ['a numeric sub', { sub: 7 }, "The token's subject (`sub` claim) must be a string, not a number."],
      [
        'an object sub',
        { sub: { id: 7 } },
        "The token's subject (`sub` claim) must be a string, not an object.",
      ],
      [
        'an array sub',
        { sub: ['alice'] },
        "The token's subject (`sub` claim) must be a string, not an array.",
      ],
      ['a null sub', { sub: null }, "The token's subject (`sub` claim) must be a string, not null."],
      ['an empty sub', { sub: '' }, "The token's subject (`sub` claim) is empty."],
      ['a blank sub', { sub: ' \t ' }, "The token's subject (`sub` claim) is white space only."],
    ])(
      'answers 401 naming the fault to a well-signed token with %s, and writes nothing',
      async (_case, claims: Record<string, unknown>, detail) => {
        const token = await new SignJWT({ roles: ['ConfigApi_Write'], ...claims })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setExpirationTime(Math.floor(Date.now() / 1000) + 60)
          .sign(new TextEncoder().encode(DEVELOPMENT_JWT_SECRET));
        const before = await count();

        const response = await service.anonymous.withToken(token).post<Template>(V10, uiTemplateBody());

        expect(response.status).toBe(401);
        expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expect(response.body).toMatchObject({ status: 401, title: 'Unauthorized', detail });
        expect(await count()).toBe(before);
      },
    );

    it('answers 403 to a token without a config role, and to a reader that writes', async () => {
      expect((await service.stranger.get(V10)).status).toBe(403);
      const write = await service.reader.post<Template>(V10, uiTemplateBody());
      expect(write.status).toBe(403);
      expect(write.body).toMatchObject({ status: 403, title: 'Forbidden' });
      expect((await service.reader.put(`${V10}/anything`, uiTemplateBody())).status).toBe(403);
      expect((await service.reader.delete(`${V10}/anything`)).status).toBe(403);
    });

    it('lets ConfigApi_Read and ConfigApi_Write read', async () => {
      const template = await create();
      expect((await service.reader.get(`${V10}/${template.name}`)).status).toBe(200);
      expect((await service.writer.get(`${V10}/${template.name}`)).status).toBe(200);
    });
  });

  describe('create', () => {
    it('answers 201 with the template, its audit fields set by the server', async () => {
      const body = uiTemplateBody({
        id: 999999,
        createStamp: '2000-01-01T00:00:00Z',
        updatedBy: 'mallory',
      });
      const response = await service.writer.post<Template>(V10, body);
      expect(response.status).toBe(201);
      const template = response.body;
      expect(template.id).not.toBe(999999);
      expect(template.createdBy).toBe('alice');
      expect(template.updatedBy).toBe('alice');
      expect(template.createStamp).toMatch(ISO_UTC);
      expect(template.updateStamp).toBe(template.createStamp);
      expect(template.createStamp).not.toBe('2000-01-01T00:00:00.000Z');
      expect(template).toMatchObject({
        name: body['name'],
        displayName: body['displayName'],
        colorPalette: body['colorPalette'],
        headerLogo: body['headerLogo'],
        footerLogo: body['footerLogo'],
        senderIdentifiers: body['senderIdentifiers'],
        links: body['links'],
      });
      expect(template.socialNetworks).toEqual([
        { ...(body['socialNetworks'] as object[])[0], description: null },
      ]);
      expect(Object.keys(template).slice(0, 5)).toEqual([
        'id',
        'createdBy',
        'createStamp',
        'updatedBy',
        'updateStamp',
      ]);
    });

    it('reads nested objects back in their documented key order', async () => {
      const template = await create();
      const read = await service.reader.get<Template>(`${V10}/${template.name}`);
      expect(Object.keys(read.body.colorPalette)).toEqual(
        Object.keys(uiTemplateBody()['colorPalette'] as object),
      );
      expect(Object.keys(read.body.headerLogo)).toEqual(['source', 'heightDesktop', 'heightMobile']);
      expect(Object.keys(read.body.links[0])).toEqual([
        'name',
        'displayName',
        'description',
        'redirectUrl',
        'isNewTab',
      ]);
    });

    it('accepts null links, social networks and sender identifiers', async () => {
      const template = await create({
        links: null,
        socialNetworks: null,
        senderIdentifiers: null,
        description: null,
      });
      expect(template).toMatchObject({
        links: null,
        socialNetworks: null,
        senderIdentifiers: [],
        description: null,
      });
    });

    it.each([
      ['name', { name: undefined }, 'name'],
      ['an empty name', { name: '' }, 'name'],
      ['a name over 100 characters', { name: 'n'.repeat(101) }, 'name'],
      ['a name with a control character', { name: 'a\nb' }, 'name'],
      ['a name that is a dot segment', { name: '..' }, 'name'],
      ['displayName', { displayName: undefined }, 'displayName'],
      ['a displayName over 255 characters', { displayName: 'd'.repeat(256) }, 'displayName'],
      ['a description over 255 characters', { description: 'd'.repeat(256) }, 'description'],
      ['an svgCssFilter over 2000 characters', { svgCssFilter: 'f'.repeat(2001) }, 'svgCssFilter'],
      [
        'an svgCssFilter with url()',
        { svgCssFilter: 'invert(1) url(https://x.example/f.svg#f)' },
        'svgCssFilter',
      ],
      ['an svgCssFilter that ends its declaration', { svgCssFilter: 'invert(1);color:red' }, 'svgCssFilter'],
      ['an empty svgCssFilter', { svgCssFilter: '' }, 'svgCssFilter'],
      ['the colour palette', { colorPalette: undefined }, 'colorPalette'],
      [
        'a palette colour that is not hex',
        { colorPalette: { ...(uiTemplateBody()['colorPalette'] as object), primaryColor: 'red' } },
        'colorPalette.primaryColor',
      ],
      [
        'a logo height of 0',
        { headerLogo: { source: '/logo.svg', heightDesktop: 0, heightMobile: 10 } },
        'headerLogo.heightDesktop',
      ],
      [
        'a logo source that is not a URL',
        { footerLogo: { source: 'javascript:alert(1)', heightDesktop: 10, heightMobile: 10 } },
        'footerLogo.source',
      ],
      ['a link without redirectUrl', { links: [{ name: 'x', displayName: 'X' }] }, 'links[0].redirectUrl'],
      [
        'a social network with a bad URL',
        { socialNetworks: [{ name: 'x', displayName: 'X', redirectUrl: 'ftp://x', icon: 'x' }] },
        'socialNetworks[0].redirectUrl',
      ],
      [
        'too many links',
        { links: Array.from({ length: 51 }, () => ({ name: 'x', displayName: 'X', redirectUrl: '/x' })) },
        'links',
      ],
      ['senderIdentifiers', { senderIdentifiers: undefined }, 'senderIdentifiers'],
      ['a repeated sender identifier', { senderIdentifiers: ['dup', 'dup'] }, 'senderIdentifiers'],
      ['an empty sender identifier', { senderIdentifiers: [''] }, 'senderIdentifiers'],
      ['createdBy', { createdBy: undefined }, 'createdBy'],
      ['a createdBy over 100 characters', { createdBy: 'c'.repeat(101) }, 'createdBy'],
      ['a NUL character', { displayName: 'a\u0000b' }, 'displayName'],
      ['a displayName with a control character', { displayName: 'a\u0007b' }, 'displayName'],
      ['a description with a C1 control', { description: 'a\u009bb' }, 'description'],
      [
        'a link displayName with an escape character',
        { links: [{ name: 'x', displayName: 'X\u001b[0m', redirectUrl: '/x' }] },
        'links[0].displayName',
      ],
      [
        'a link redirectUrl with a control character',
        { links: [{ name: 'x', displayName: 'X', redirectUrl: '/x\u0001' }] },
        'links[0].redirectUrl',
      ],
      [
        'a sender identifier with a control character',
        { senderIdentifiers: ['ok', 'b\u0001'] },
        'senderIdentifiers',
      ],
      ['a createdBy with a control character', { createdBy: 'alice\u0085' }, 'createdBy'],
    ])(
      'refuses a body without valid %s with 400 on %s, and stores nothing',
      async (_case, overrides, path) => {
        const before = await count();
        const response = await service.writer.post<Template>(V10, uiTemplateBody(overrides));
        expect(response.status).toBe(400);
        expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expect(response.body).toMatchObject({
          status: 400,
          title: 'One or more validation errors occurred.',
          instance: V10,
        });
        expect(response.body.errors[path]).toEqual(expect.arrayContaining([expect.any(String)]));
        expect(await count()).toBe(before);
      },
    );

    it('takes svgCssFilter as CSS filter functions alone, and says where another text leaves them', async () => {
      for (const svgCssFilter of ['none', 'drop-shadow(0 1px 2px rgba(0, 0, 0, 0.4))\ngrayscale(100%)'])
        expect((await create({ svgCssFilter })).svgCssFilter).toBe(svgCssFilter);

      const response = await service.writer.post<Template>(
        V10,
        uiTemplateBody({ svgCssFilter: 'invert(1) var(--brand-filter, none)' }),
      );

      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({
        svgCssFilter: [
          'svgCssFilter must be none or CSS filter functions separated by white space (blur(), brightness(), ' +
            'contrast(), drop-shadow(), grayscale(), hue-rotate(), invert(), opacity(), saturate(), sepia()): ' +
            '\'var\' is not a filter function at character 11 ("var(--brand-filt"…)',
        ],
      });
    });

    it('keeps tab, CR and LF in free text, and names the item of a refused sender identifier', async () => {
      const texts = {
        displayName: 'Kanton\tZürich',
        description: 'Zeile 1\r\nZeile 2\n',
        links: [
          { name: 'x', displayName: 'Fuss\tzeile', description: 'a\nb', redirectUrl: '/x', isNewTab: false },
        ],
      };
      const template = await create(texts);
      expect(template).toMatchObject(texts);
      expect((await service.reader.get<Template>(`${V10}/${template.name}`)).body).toMatchObject(texts);

      const refused = await service.writer.post<Template>(
        V10,
        uiTemplateBody({ senderIdentifiers: ['fine', 'also fine', 'bad\u0007one'] }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({
        senderIdentifiers: [
          'senderIdentifiers[2] must not contain control characters other than tab, LF and CR (U+0007 at character 4)',
        ],
      });
      const filtered = await service.reader.get<Template>(`${V10}?SenderIdentifier=a%07b`);
      expect(filtered.status).toBe(400);
      expect(Object.keys(filtered.body.errors)).toEqual(['SenderIdentifier']);
    });

    it('refuses a second template of the same name with 400 on name', async () => {
      const template = await create();
      const response = await service.writer.post<Template>(V10, uiTemplateBody({ name: template.name }));
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ name: [expect.stringContaining(template.name)] });
    });

    it('treats names as case-sensitive', async () => {
      const template = await create({ name: 'CaseSensitive' });
      expect((await service.writer.post(V10, uiTemplateBody({ name: 'casesensitive' }))).status).toBe(201);
      expect((await service.reader.get(`${V10}/CASESENSITIVE`)).status).toBe(404);
      expect((await service.reader.get<Template>(`${V10}/${template.name}`)).body.name).toBe('CaseSensitive');
    });

    it('refuses a sender identifier of another template with 400 on that entry, and stores nothing', async () => {
      const owner = await create({ senderIdentifiers: ['shared-sender'] });
      const before = await count();
      const response = await service.writer.post<Template>(
        V10,
        uiTemplateBody({ senderIdentifiers: ['fresh-one', 'shared-sender'] }),
      );
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual(['senderIdentifiers[1]']);
      expect(await count()).toBe(before);
      // The fresh identifier of the refused body was not kept either.
      expect((await service.reader.get<Template[]>(`${V10}?SenderIdentifier=fresh-one`)).body).toEqual([]);
      expect(
        (await service.reader.get<Template[]>(`${V10}?SenderIdentifier=shared-sender`)).body.map(
          (t) => t.name,
        ),
      ).toEqual([owner.name]);
    });

    it.each([
      ['malformed JSON', '{"name": ', 'application/json', 400],
      ['an empty JSON body', '', 'application/json', 400],
      ['a JSON array', '[]', 'application/json', 400],
      ['a JSON string', '"text"', 'application/json', 400],
      ['a JSON null', 'null', 'application/json', 400],
      ['plain text', 'name=x', 'text/plain', 415],
      ['a form', 'name=x', 'application/x-www-form-urlencoded', 415],
    ])('answers %s with a %i problem', async (_case, rawBody, contentType, status) => {
      const response = await service.writer.post<Template>(V10, undefined, { rawBody, contentType });
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(response.body.status).toBe(status);
      if (status === 400) expect(response.body.errors).toHaveProperty('$');
    });

    it('answers a body over 1 MiB with 413', async () => {
      const response = await service.writer.post<Template>(
        V10,
        uiTemplateBody({ description: 'x'.repeat(1024 * 1024) }),
      );
      expect(response.status).toBe(413);
      expect(response.body).toMatchObject({ status: 413, title: 'Content Too Large' });
    });

    it('never answers 500 to hostile field types', async () => {
      const hostile: unknown[] = [
        null,
        5,
        -1.5,
        1e308,
        true,
        'x',
        [],
        [null],
        [5],
        {},
        { a: 1 },
        [[]],
        '\u0000',
        '\ud800',
      ];
      const fields = [
        'name',
        'displayName',
        'description',
        'svgCssFilter',
        'colorPalette',
        'headerLogo',
        'footerLogo',
        'links',
        'socialNetworks',
        'senderIdentifiers',
        'createdBy',
      ];
      for (const field of fields) {
        for (const value of hostile) {
          const response = await service.writer.post<Template>(V10, uiTemplateBody({ [field]: value }));
          expect([201, 400]).toContain(response.status);
          if (response.status === 201)
            await service.writer.delete(`${V10}/${encodeURIComponent(response.body.name)}`);
        }
      }
      const nested = [
        { headerLogo: { source: 5, heightDesktop: '10', heightMobile: 1.5 } },
        { links: [{ name: {}, displayName: [], redirectUrl: null }] },
        { colorPalette: { primaryColor: ['#fff'] } },
      ];
      for (const overrides of nested)
        expect((await service.writer.post(V10, uiTemplateBody(overrides))).status).toBe(400);
    });
  });

  describe('read', () => {
    it('answers 404 with a problem carrying the correlation id for an unknown name', async () => {
      const response = await service.reader.get<Template>(`${V10}/does-not-exist`, {
        headers: { 'X-Correlation-Id': 'trace-42' },
      });
      expect(response.status).toBe(404);
      expect(response.headers.get('x-correlation-id')).toBe('trace-42');
      expect(response.body).toMatchObject({
        status: 404,
        title: 'Not Found',
        correlationId: 'trace-42',
        detail: expect.any(String),
      });
    });

    it('suggests the nearest stored name for an unknown one, on read, update and delete', async () => {
      const template = await create({ name: 'kanton-zuerich-brief' });
      const misspelt = 'kanton-zurich-brief';
      const read = await service.reader.get<{ detail: string }>(`${V10}/${misspelt}`);
      expect(read.status).toBe(404);
      expect(read.body.detail).toBe(
        `No UI template is named '${misspelt}'; did you mean '${template.name}'?`,
      );
      const updated = await service.writer.put<{ detail: string }>(`${V10}/${misspelt}`, {
        ...uiTemplateBody(),
        updatedBy: 'bob',
      });
      expect(updated.status).toBe(404);
      expect(updated.body.detail).toContain(`did you mean '${template.name}'?`);
      const deleted = await service.writer.delete<{ detail: string }>(`${V10}/${misspelt}`);
      expect(deleted.status).toBe(404);
      expect(deleted.body.detail).toContain(`did you mean '${template.name}'?`);
      const v9 = await service.reader.get<{ detail: string }>(`${V9}/${misspelt}`);
      expect(v9.body.detail).toContain(`did you mean '${template.name}'?`);
      // Nothing near: no guess.
      const far = await service.reader.get<{ detail: string }>(`${V10}/qqqqqqqqqqqqqqqqqqqq`);
      expect(far.body.detail).toBe("No UI template is named 'qqqqqqqqqqqqqqqqqqqq'.");
    });

    it('answers 404, not 500, for names the database could never hold', async () => {
      for (const name of ['x'.repeat(5000), '%00', '%F0%9F%98%80', "'; DROP TABLE ui_template; --"]) {
        const response = await service.reader.get(`${V10}/${name}`);
        expect([400, 404, 414]).toContain(response.status);
        expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      }
      expect((await service.reader.get(V10)).status).toBe(200);
    });

    it('reads a template whose name has the full 100 characters', async () => {
      const template = await create({ name: 'n'.repeat(100) });
      expect((await service.reader.get(`${V10}/${template.name}`)).status).toBe(200);
    });
  });

  describe('update', () => {
    it('replaces the fields, keeps the name and the creation stamp, and stamps the update', async () => {
      const template = await create();
      await new Promise((resolve) => setTimeout(resolve, 5));
      const body: Record<string, unknown> = {
        ...uiTemplateBody({ displayName: 'Renamed', senderIdentifiers: ['moved-1'], links: null }),
        name: 'ignored-new-name',
        updatedBy: 'bob',
      };
      delete body['createdBy'];
      const response = await service.writer.put<Template>(`${V10}/${template.name}`, body);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: template.id,
        name: template.name,
        displayName: 'Renamed',
        links: null,
        senderIdentifiers: ['moved-1'],
        createdBy: 'alice',
        createStamp: template.createStamp,
        updatedBy: 'bob',
      });
      expect(response.body.updateStamp > template.updateStamp).toBe(true);
      expect((await service.reader.get<Template>(`${V10}/${template.name}`)).body).toEqual(response.body);
      expect((await service.reader.get(`${V10}/ignored-new-name`)).status).toBe(404);
      // The released identifiers can be taken by another template.
      expect(
        (await service.writer.post(V10, uiTemplateBody({ senderIdentifiers: template.senderIdentifiers })))
          .status,
      ).toBe(201);
    });

    it('keeps a template its own sender identifiers when they are sent again, reordered', async () => {
      const template = await create({ senderIdentifiers: ['keep-1', 'keep-2'] });
      const response = await service.writer.put<Template>(`${V10}/${template.name}`, {
        ...uiTemplateBody({ senderIdentifiers: ['keep-2', 'keep-1'] }),
        updatedBy: 'bob',
      });
      expect(response.status).toBe(200);
      expect(response.body.senderIdentifiers).toEqual(['keep-2', 'keep-1']);
    });

    it('refuses another template sender identifier with 400 and changes nothing', async () => {
      await create({ senderIdentifiers: ['taken-elsewhere'] });
      const template = await create();
      const response = await service.writer.put<Template>(`${V10}/${template.name}`, {
        ...uiTemplateBody({ displayName: 'Should not stick', senderIdentifiers: ['taken-elsewhere'] }),
        updatedBy: 'bob',
      });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual(['senderIdentifiers[0]']);
      expect((await service.reader.get<Template>(`${V10}/${template.name}`)).body).toEqual(template);
    });

    it('answers 400 on updatedBy when it is missing, and 404 for an unknown name', async () => {
      const template = await create();
      const missing = await service.writer.put<Template>(`${V10}/${template.name}`, uiTemplateBody());
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toHaveProperty('updatedBy');
      const unknown = await service.writer.put<Template>(`${V10}/nobody-here`, {
        ...uiTemplateBody(),
        updatedBy: 'bob',
      });
      expect(unknown.status).toBe(404);
    });
  });

  describe('delete', () => {
    it('answers 204, then 404, and frees the sender identifiers', async () => {
      const template = await create({ senderIdentifiers: ['freed-sender'] });
      const response = await service.writer.delete(`${V10}/${template.name}`);
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      expect((await service.reader.get(`${V10}/${template.name}`)).status).toBe(404);
      expect((await service.writer.delete(`${V10}/${template.name}`)).status).toBe(404);
      expect(
        (await service.writer.post(V10, uiTemplateBody({ senderIdentifiers: ['freed-sender'] }))).status,
      ).toBe(201);
    });
  });

  describe('list', () => {
    let names: string[];

    beforeAll(async () => {
      names = [];
      for (const letter of ['list-c', 'list-a', 'list-e', 'list-b', 'list-d']) {
        names.push((await create({ name: letter, senderIdentifiers: [`${letter}-sender`] })).name);
      }
    });

    it('pages with the six headers and relative links that keep the query', async () => {
      const total = await count();
      const response = await service.reader.get<Template[]>(`${V10}?pageSize=2&PageNumber=2&OrderBy=name`);
      expect(response.status).toBe(200);
      expect(response.body).toHaveLength(2);
      expect(response.headers.get('x-pagination-total-count')).toBe(String(total));
      expect(response.headers.get('x-pagination-page-size')).toBe('2');
      expect(response.headers.get('x-pagination-current-page')).toBe('2');
      expect(response.headers.get('x-pagination-total-pages')).toBe(String(Math.ceil(total / 2)));
      expect(response.headers.get('x-pagination-next-page-link')).toBe(
        `${V10}?pageSize=2&OrderBy=name&PageNumber=3`,
      );
      expect(response.headers.get('x-pagination-previous-page-link')).toBe(
        `${V10}?pageSize=2&OrderBy=name&PageNumber=1`,
      );
    });

    it('leaves out the links where there is no such page', async () => {
      const all = await service.reader.get<Template[]>(`${V10}?PageSize=-1`);
      expect(all.body).toHaveLength(await count());
      expect(all.headers.get('x-pagination-total-pages')).toBe('1');
      expect(all.headers.has('x-pagination-next-page-link')).toBe(false);
      expect(all.headers.has('x-pagination-previous-page-link')).toBe(false);
    });

    it('orders by whitelisted properties and always ends with id', async () => {
      const ascending = await service.reader.get<Template[]>(`${V10}?SenderIdentifier=list-a-sender`);
      expect(ascending.body.map((t) => t.name)).toEqual(['list-a']);
      const byName = await service.reader.get<Template[]>(`${V10}?PageSize=-1&OrderBy=name desc`);
      const listNames = byName.body.map((t) => t.name).filter((name) => name.startsWith('list-'));
      expect(listNames).toEqual(['list-e', 'list-d', 'list-c', 'list-b', 'list-a']);
      const byId = await service.reader.get<Template[]>(`${V10}?PageSize=-1`);
      const ids = byId.body.map((t) => t.id as number);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    });

    it('answers HEAD with the headers alone', async () => {
      const response = await service.reader.head(`${V10}?PageSize=2`);
      expect(response.status).toBe(200);
      expect(response.text).toBe('');
      expect(response.headers.get('x-pagination-total-count')).toBe(String(await count()));
    });

    it.each([
      ['OrderBy=color', 'OrderBy'],
      ['OrderBy=name sideways', 'OrderBy'],
      ['PageSize=0', 'PageSize'],
      ['pagesize=1001', 'pagesize'],
      ['PageSize=abc', 'PageSize'],
      ['PageNumber=0', 'PageNumber'],
      ['PageNumber=99999999999', 'PageNumber'],
      ['SenderIdentifier=a&SenderIdentifier=b', 'SenderIdentifier'],
    ])('answers %s with 400 on %s', async (query, parameter) => {
      const response = await service.reader.get<Template>(`${V10}?${query}`);
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual([parameter]);
    });

    it('bounds the sender filter to 200 characters under v9-1 only', async () => {
      const long = 's'.repeat(201);
      const v9 = await service.reader.get<Template>(`${V9}?SenderIdentifier=${long}`);
      expect(v9.status).toBe(400);
      expect(Object.keys(v9.body.errors)).toEqual(['SenderIdentifier']);
      const v10 = await service.reader.get<Template[]>(`${V10}?SenderIdentifier=${long}`);
      expect(v10.status).toBe(200);
      expect(v10.body).toEqual([]);
    });
  });

  describe('strict input (contract 4)', () => {
    const link = {
      name: 'privacy',
      displayName: 'footer.privacy',
      description: null,
      redirectUrl: 'https://www.example.ch/privacy',
    };

    it('refuses an unknown property under v10-0 with 400 on its path, naming the nearest known one', async () => {
      const before = await count();
      const response = await service.writer.post<Template>(
        V10,
        uiTemplateBody({ links: [{ ...link, isNewTap: true }], displayNme: 'x' }),
      );
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({
        displayNme: ['displayNme: unknown property; did you mean displayName?'],
        'links[0].isNewTap': ['isNewTap: unknown property; did you mean isNewTab?'],
      });
      expect(await count()).toBe(before);
    });

    it('lists the known properties when none is near', async () => {
      const response = await service.writer.post<Template>(
        V10,
        uiTemplateBody({
          headerLogo: { source: '/logo.svg', heightDesktop: 48, heightMobile: 32, zzzzzz: 1 },
        }),
      );
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({
        'headerLogo.zzzzzz': ['zzzzzz: unknown property; known: source, heightDesktop, heightMobile'],
      });
    });

    it('ignores unknown properties under v9-1, storing none of them', async () => {
      const body = uiTemplateBody({ links: [{ ...link, isNewTap: true }], unknownField: 'x' });
      const created = await service.writer.post<Template>(V9, body);
      expect(created.status).toBe(201);
      expect(created.body).not.toHaveProperty('unknownField');
      expect(created.body.links).toEqual([{ ...link, isNewTab: false }]);
    });

    it('takes back what a read gave, the read-only properties ignored', async () => {
      const template = await create();
      const read = await service.reader.get<Template>(`${V10}/${template.name}`);
      const response = await service.writer.put<Template>(`${V10}/${template.name}`, {
        ...read.body,
        updateStamp: '2000-01-01T00:00:00Z',
        updatedBy: 'bob',
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: template.id, createdBy: 'alice', updatedBy: 'bob' });
      expect(response.body.updateStamp > template.updateStamp).toBe(true);
    });

    it('refuses an unknown query parameter under v10-0 with 400 on its name, and ignores it under v9-1', async () => {
      const list = await service.reader.get<Template>(`${V10}?pagesiz=1`);
      expect(list.status).toBe(400);
      expect(list.body.errors).toEqual({ pagesiz: ['pagesiz: unknown parameter; did you mean PageSize?'] });
      const template = await create();
      const read = await service.reader.get<Template>(`${V10}/${template.name}?Expand=Links`);
      expect(read.status).toBe(400);
      expect(read.body.errors).toEqual({ Expand: ['Expand: unknown parameter; this operation takes none'] });
      expect((await service.reader.get(`${V10}?PageSize=1&senderidentifier=a`)).status).toBe(200);
      expect((await service.reader.get(`${V9}?pagesiz=1`)).status).toBe(200);
      expect((await service.reader.get(`${V9}/${template.name}?Expand=Links`)).status).toBe(200);
    });
  });

  describe('v9-1', () => {
    it('serves every operation, with the audit fields last', async () => {
      const body = uiTemplateBody();
      const created = await service.writer.post<Template>(V9, body);
      expect(created.status).toBe(201);
      expect(Object.keys(created.body).slice(-4)).toEqual([
        'createdBy',
        'createStamp',
        'updatedBy',
        'updateStamp',
      ]);
      const name = created.body.name as string;
      expect((await service.reader.get(`${V9}/${name}`)).status).toBe(200);
      const list = await service.reader.get<Template[]>(
        `${V9}?SenderIdentifier=${(body['senderIdentifiers'] as string[])[0]}`,
      );
      expect(list.body.map((t) => t.name)).toEqual([name]);
      expect((await service.writer.put(`${V9}/${name}`, { ...body, updatedBy: 'bob' })).status).toBe(200);
      expect((await service.writer.delete(`${V9}/${name}`)).status).toBe(204);
      expect((await service.reader.get(`${V9}/${name}`)).status).toBe(404);
    });
  });
});
