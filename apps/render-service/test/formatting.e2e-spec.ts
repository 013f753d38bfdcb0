import { json, render, type RenderBody, type RenderService, startRenderService } from './render-test-app';

/** Which locale a render formats in, and what it reports about the values it wrote. */
describe('render-service formatting (HTTP, real PostgreSQL)', () => {
  let service: RenderService;

  beforeAll(async () => {
    service = await startRenderService('render_formatting');
  });

  afterAll(async () => {
    await service?.close();
  });

  const renderOk = async (body: RenderBody, headers: Record<string, string> = {}) => {
    const response = await render(service.renderer, body, { headers });
    if (response.status !== 200) throw new Error(`${response.status}: ${response.text}`);
    return response;
  };

  const plain = (text: string): string => text.replace(/[\u202f\u00a0]/g, ' ');

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
      ['fr-CH, fr;q=0.9, en;q=0.8', '5 mars 2026 | 1 234,50 CHF | 1 234,50'],
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
      expect(plain(response.text)).toContain('<p>jeudi, 30 avril 2026, 80,00 CHF</p>');
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
});
