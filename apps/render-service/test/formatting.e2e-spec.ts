import { closePdfExtractor, extractPdf } from './pdf-text';
import { json, render, type RenderBody, type RenderService, startRenderService } from './render-test-app';

/** Which locale a render formats in, and what it reports about the values it wrote. */
describe('render-service formatting (HTTP, real PostgreSQL)', () => {
  let service: RenderService;

  beforeAll(async () => {
    service = await startRenderService('render_formatting');
  });

  afterAll(async () => {
    await service?.close();
    await closePdfExtractor();
  });

  const renderOk = async (body: RenderBody, headers: Record<string, string> = {}) => {
    const response = await render(service.renderer, body, { headers });
    if (response.status !== 200) throw new Error(`${response.status}: ${response.text}`);
    return response;
  };

  // Intl joins CHF to its amount with a no-break space (U+00A0): read here as a space.
  const plain = (text: string): string => text.replace(/\u00a0/g, ' ');

  describe('the locale of a render without rendererOptions.locale', () => {
    const amounts = {
      inputFormat: 'txt',
      outputFormat: 'txt',
      templateData: '{{formatDate date "long"}} | {{chf amount}} | {{formatNumber amount 2}}',
      data: json({ date: '2026-03-05', amount: 1234.5 }),
    };

    it.each([
      [undefined, "5. März 2026 | CHF 1'234.50 | 1'234.50"],
      ['*', "5. März 2026 | CHF 1'234.50 | 1'234.50"],
      ['fr-CH, fr;q=0.9, en;q=0.8', "5 mars 2026 | 1'234.50 CHF | 1'234,50"],
      ['rm, it;q=0.5', '5 marzo 2026 | CHF 1234.50 | 1234.50'],
      ['en-GB', 'March 5, 2026 | CHF 1,234.50 | 1,234.50'],
      ['es, pt', "5. März 2026 | CHF 1'234.50 | 1'234.50"],
    ])('with Accept-Language %j is the language the request prefers, else de-CH', async (header, text) => {
      const response = await renderOk(amounts, header === undefined ? {} : { 'accept-language': header });
      expect(plain(response.text)).toBe(text);
    });

    it('is the language an html template declares, before the request’s', async () => {
      const letter = {
        inputFormat: 'html',
        outputFormat: 'html',
        templateData: '<html lang="fr"><body><p>{{formatDate date "full"}}, {{chf amount}}</p></body></html>',
        data: json({ date: '2026-04-30', amount: 80 }),
      };
      const response = await renderOk(letter, { 'accept-language': 'de-CH' });
      expect(plain(response.text)).toContain('<p>jeudi, 30 avril 2026, 80.00 CHF</p>');
      // The options still decide over both.
      const german = await renderOk(
        { ...letter, rendererOptions: json({ locale: 'de-CH' }) },
        { 'accept-language': 'it' },
      );
      expect(plain(german.text)).toContain('<p>Donnerstag, 30. April 2026, CHF 80.00</p>');
    });

    it('is also the language of a Markdown document rendered as HTML', async () => {
      const response = await renderOk(
        {
          inputFormat: 'md',
          outputFormat: 'html',
          templateData: '# {{formatDate date "long"}}',
          data: json({ date: '2026-03-05' }),
        },
        { 'accept-language': 'it-CH' },
      );
      expect(response.text).toContain('<html lang="it-CH">');
      expect(response.text).toContain('<h1>5 marzo 2026</h1>');
    });
  });

  describe('values the data lacks', () => {
    const letter = {
      inputFormat: 'html',
      outputFormat: 'html',
      templateData:
        '<p>{{recipent.name}}<br>{{recipient.street}}</p>\n<p>{{formatDate date "long"}}, {{recipient.title}}</p>' +
        '{{#if deadline}}<p>{{deadline}}</p>{{/if}}',
      data: json({ recipient: { name: 'Chloé Dubois', street: 'Chemin des Écoliers 12', title: null } }),
    };

    it('are named in X-Render-Missing, in the order first missed', async () => {
      const response = await renderOk(letter);
      expect(response.headers.get('x-render-missing')).toBe('recipent.name, date');
      expect(response.headers.get('x-render-missing-count')).toBe('2');
      expect(response.text).toContain('<p><br>Chemin des Écoliers 12</p>');
    });

    it('leave the headers out when every value is there', async () => {
      const response = await renderOk({
        ...letter,
        data: json({ recipent: { name: 'x' }, recipient: {}, date: '2026-03-05' }),
      });
      expect(response.headers.get('x-render-missing')).toBe('recipient.street, recipient.title');
      const complete = await renderOk({
        ...letter,
        data: json({ recipent: { name: 'x' }, recipient: { street: '', title: null }, date: '2026-03-05' }),
      });
      expect(complete.headers.get('x-render-missing')).toBeNull();
      expect(complete.headers.get('x-render-missing-count')).toBeNull();
    });

    it('are reported for every input and output format', async () => {
      for (const [inputFormat, outputFormat, templateData] of [
        ['json', 'pdf', '{"content": [{"text": "{{a.b}}"}]}'],
        ['html', 'pdf', '<p>{{a.b}}</p>'],
        ['md', 'pdf', '# {{a.b}}'],
        ['md', 'html', '# {{a.b}}'],
        ['txt', 'pdf', '{{a.b}}'],
        ['txt', 'txt', '{{a.b}}'],
      ]) {
        const response = await renderOk({ inputFormat, outputFormat, templateData, data: json({ a: {} }) });
        expect([inputFormat, outputFormat, response.headers.get('x-render-missing')]).toEqual([
          inputFormat,
          outputFormat,
          'a.b',
        ]);
      }
    });

    it('cap the header at 20 paths and 1000 characters; the count tells how many there were', async () => {
      const names = Array.from({ length: 30 }, (_, index) => `field${index}`);
      const response = await renderOk({
        inputFormat: 'txt',
        outputFormat: 'txt',
        templateData: names.map((name) => `{{${name}}}`).join(' ') + ' {{Straße}}',
      });
      expect(response.headers.get('x-render-missing')).toBe(names.slice(0, 20).join(', '));
      expect(response.headers.get('x-render-missing-count')).toBe('31');
      const long = await renderOk({
        inputFormat: 'txt',
        outputFormat: 'txt',
        templateData: `{{${'a'.repeat(600)}}} {{Straße}} {{${'b'.repeat(600)}}}`,
      });
      expect(long.headers.get('x-render-missing')).toBe(`${'a'.repeat(600)}, Stra%C3%9Fe`);
      expect(long.headers.get('x-render-missing-count')).toBe('3');
    });

    it('with rendererOptions.strict are a 422 listing them, pointing at the first', async () => {
      const response = await render(service.renderer, {
        ...letter,
        rendererOptions: json({ strict: true }),
      });
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({
        status: 422,
        missing: ['recipent.name', 'date'],
        line: 1,
        column: 6,
      });
      expect(response.body.detail).toBe(
        'The data has no value for these 2 paths of the template (rendererOptions.strict): ' +
          'recipent.name, date; the first at line 1, column 6.',
      );
      // Present values, empty or not, pass; so does strict: false.
      const complete = await render(service.renderer, {
        ...letter,
        data: json({ recipent: { name: 'x' }, recipient: { street: '', title: null }, date: '2026-03-05' }),
        rendererOptions: json({ strict: true }),
      });
      expect(complete.status).toBe(200);
      const lenient = await render(service.renderer, { ...letter, rendererOptions: json({ strict: false }) });
      expect(lenient.status).toBe(200);
      expect(
        (await render(service.renderer, { ...letter, rendererOptions: json({ strict: 'yes' }) })).body.detail,
      ).toBe('rendererOptions.strict must be true or false.');
    });

    it('are a header a page of another origin may read', async () => {
      const response = await render(service.renderer, letter, {
        headers: { origin: 'http://localhost:4400' },
      });
      const exposed = (response.headers.get('access-control-expose-headers') ?? '').split(/\s*,\s*/);
      expect(exposed).toEqual(expect.arrayContaining(['X-Render-Missing', 'X-Render-Missing-Count']));
    });
  });

  describe('data and rendererOptions as JSON values', () => {
    const template = {
      inputFormat: 'html',
      outputFormat: 'html',
      templateData:
        '<p>{{customer.name}}: {{chf total}}</p><ul>{{#each lines}}<li>{{this.text}} {{formatNumber this.n}}</li>{{/each}}</ul>',
    };
    const data = {
      customer: { name: 'Zoë «Müller»' },
      total: 1234.5,
      lines: [
        { text: 'a"b', n: 12345 },
        { text: 'c', n: 0.5 },
      ],
    };
    const options = { locale: 'fr-CH', strict: true };

    it('give the same document as the same JSON sent as text', async () => {
      const asText = await renderOk({ ...template, data: json(data), rendererOptions: json(options) });
      const asValues = await renderOk({ ...template, data, rendererOptions: options });
      const mixed = await renderOk({ ...template, data: json(data), rendererOptions: options });
      // Handlebars escapes the apostrophe that groups the digits, as it escapes every one.
      expect(plain(asText.text)).toContain('<p>Zoë «Müller»: 1&#x27;234.50 CHF</p>');
      expect(asValues.text).toBe(asText.text);
      expect(mixed.text).toBe(asText.text);
    });

    it('hold any property name, as text would', async () => {
      const body = {
        inputFormat: 'txt',
        outputFormat: 'txt',
        templateData: '{{a.constructor}}|{{a.toString}}|{{a.[x.y]}}|{{#each a}}{{@key}}={{this}};{{/each}}',
      };
      const data = { a: { constructor: 'c', toString: 't', 'x.y': 'dot' } };
      const asValue = await renderOk({ ...body, data });
      expect(asValue.text).toBe((await renderOk({ ...body, data: json(data) })).text);
      expect(asValue.text).toBe('c|t|dot|constructor=c;toString=t;x.y=dot;');
    });

    it('take an array as data, as its text would', async () => {
      const body = {
        inputFormat: 'txt',
        outputFormat: 'txt',
        templateData: '{{#each this}}{{name}};{{/each}}{{length}}',
      };
      const list = [{ name: 'a' }, { name: 'b' }];
      const asValue = await renderOk({ ...body, data: list });
      expect(asValue.text).toBe('a;b;2');
      expect((await renderOk({ ...body, data: json(list) })).text).toBe(asValue.text);
    });

    it('check options given as an object as they check options in text', async () => {
      for (const rendererOptions of [{ zoom: 2 }, json({ zoom: 2 })]) {
        const response = await render(service.renderer, { ...template, data, rendererOptions });
        expect(response.status).toBe(422);
        expect(response.body.detail).toMatch(/^Unknown renderer options: zoom/);
      }
    });

    it('leave text that is not JSON a 422, and other kinds of value a 400 on the property', async () => {
      for (const field of ['data', 'rendererOptions']) {
        const notJson = await render(service.renderer, { ...template, [field]: '{"a": ' });
        expect(notJson.status).toBe(422);
        expect(notJson.body.detail).toMatch(new RegExp(`^${field} is not valid JSON`));
        for (const value of [7, true, field === 'rendererOptions' ? [] : false]) {
          const response = await render(service.renderer, { ...template, [field]: value });
          expect([field, value, response.status]).toEqual([field, value, 400]);
          expect(Object.keys(response.body.errors)).toEqual([field]);
        }
      }
      // null is none, in either form.
      expect(
        (await render(service.renderer, { ...template, data: null, rendererOptions: null })).status,
      ).toBe(200);
    });
  });

  describe('documents that look right', () => {
    const address = '**{{name}}**\n{{street}}\n{{zip}} {{city}}\n\n{{greeting}}\nwith a second line.';
    const addressData = {
      name: 'Chloé Dubois',
      street: 'Chemin des Écoliers 12',
      zip: '1204',
      city: 'Genève',
      greeting: 'Madame,',
    };

    it('keeps a single line break inside a Markdown paragraph, in the PDF and the HTML', async () => {
      const pdf = await renderOk({
        inputFormat: 'md',
        outputFormat: 'pdf',
        templateData: address,
        data: addressData,
      });
      const { text } = await extractPdf(pdf.bytes);
      expect(text.split('\n').map((line) => line.trim())).toEqual(
        expect.arrayContaining([
          'Chloé Dubois',
          'Chemin des Écoliers 12',
          '1204 Genève',
          'Madame,',
          'with a second line.',
        ]),
      );
      const html = await renderOk({
        inputFormat: 'md',
        outputFormat: 'html',
        templateData: address,
        data: addressData,
      });
      expect(html.text).toContain(
        '<p><strong>Chloé Dubois</strong><br>\nChemin des Écoliers 12<br>\n1204 Genève</p>\n<p>Madame,<br>\nwith a second line.</p>',
      );
    });

    it('draws a fr-CH amount as Intl writes it, a narrow no-break space as wide as a thin space, and names a character no font holds', async () => {
      const pdf = await renderOk({
        inputFormat: 'md',
        outputFormat: 'pdf',
        templateData: '{{chf total}}\n\n12\u202f345.50 CHF\n\n12\u2009345.50 CHF\n\nTax \u4e2d',
        data: { total: 12345.5 },
        rendererOptions: { locale: 'fr-CH' },
      });
      const { items, runs } = await extractPdf(pdf.bytes);
      const texts = runs[0].map((run) => run.text);
      expect(texts).toContain("12'345.50\u00a0CHF");
      expect(texts).toContain('12\u202f345.50 ');
      // U+202F (French typography's narrow no-break space, which Roboto lacks) drawn as the font's
      // thin space, not as a missing glyph's box (wider than a digit): both lines as wide, from
      // the first digit to the end of CHF.
      const lineWidth = (y: number): number => {
        const line = items[0].filter((item) => Math.abs(item.y - y) < 1);
        return Math.max(...line.map((item) => item.x + item.width)) - Math.min(...line.map((item) => item.x));
      };
      const [, narrowY, thinY] = [...new Set(items[0].map((item) => Math.round(item.y)))].sort(
        (a, b) => b - a,
      );
      expect(lineWidth(narrowY)).toBeGreaterThan(50);
      expect(lineWidth(narrowY)).toBeCloseTo(lineWidth(thinY), 1);
      expect(pdf.headers.get('x-render-warnings')).toBe(
        'no embedded font has a glyph for U+4E2D (drawn as a box)',
      );
    });

    it('sizes Markdown headings for a letter, in points, in the PDF and the HTML alike', async () => {
      const templateData = '# {{t}} one\n\n## {{t}} two\n\n### {{t}} three\n\n#### {{t}} four\n\nBody text.';
      const pdf = await renderOk({
        inputFormat: 'md',
        outputFormat: 'pdf',
        templateData,
        data: { t: 'Title' },
      });
      const [items] = (await extractPdf(pdf.bytes)).items;
      const sizeOf = (word: string) => items.find((item) => item.str.includes(word))?.fontSize;
      expect(['one', 'two', 'three', 'four', 'Body'].map(sizeOf)).toEqual([18, 15, 13, 12, 12]);
      const html = await renderOk({
        inputFormat: 'md',
        outputFormat: 'html',
        templateData,
        data: { t: 'Title' },
      });
      for (const rule of [
        'h1 { font-size: 18pt; font-weight: bold; margin: 12pt 0 6pt; }',
        'h2 { font-size: 15pt;',
        'h3 { font-size: 13pt;',
        'h4 { font-size: 12pt;',
        'body { font-size: 12pt; }',
      ])
        expect(html.text).toContain(rule);
    });

    it('draws a text watermark light (opacity 0.1), and an object with its own opacity as it says', async () => {
      const body = {
        inputFormat: 'txt',
        outputFormat: 'pdf',
        templateData: 'Grüezi {{name}}',
        data: { name: 'Zoë' },
      };
      // The opacities the PDF draws with besides full (pdfkit's graphics states, /ca for filling).
      const opacities = (bytes: Uint8Array) =>
        [
          ...Buffer.from(bytes)
            .toString('latin1')
            .matchAll(/\/ca ([\d.]+)/g),
        ]
          .map((match) => Number(match[1]))
          .filter((opacity) => opacity < 1);
      const light = await renderOk({ ...body, rendererOptions: { watermark: 'ENTWURF' } });
      expect(opacities(light.bytes)).toEqual([0.1]);
      expect((await extractPdf(light.bytes)).text).toContain('ENTWURF');
      const own = await renderOk({
        ...body,
        rendererOptions: { watermark: { text: 'KOPIE', opacity: 0.3, color: 'red' } },
      });
      expect(opacities(own.bytes)).toEqual([0.3]);
      const none = await renderOk(body);
      expect(opacities(none.bytes)).toEqual([]);
    });
  });
});
