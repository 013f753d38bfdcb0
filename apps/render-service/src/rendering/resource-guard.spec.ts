import { RenderError } from './render-error';
import { checkDocumentResources } from './resource-guard';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const refused = (document: Record<string, unknown>): string => {
  try {
    checkDocumentResources(document);
  } catch (error) {
    expect(error).toBeInstanceOf(RenderError);
    expect((error as RenderError).code).toBe('DOCUMENT.EXTERNAL_RESOURCE');
    return (error as RenderError).message;
  }
  throw new Error(`expected ${JSON.stringify(document)} to be refused`);
};

describe(checkDocumentResources.name, () => {
  it('accepts inline images, named images, SVG fragments and links', () => {
    expect(() =>
      checkDocumentResources({
        images: { logo: PNG },
        content: [
          { image: PNG, width: 10 },
          { image: 'logo' },
          { svg: '<svg><defs><linearGradient id="g"/></defs><rect fill="url(#g)"/><use href="#g"/></svg>' },
          { text: 'site', link: 'https://example.ch' },
          { table: { body: [[{ stack: [{ image: 'logo' }] }]] } },
        ],
        header: { image: PNG },
      }),
    ).not.toThrow();
  });

  it.each([
    ['an http image', { content: [{ image: 'http://127.0.0.1:9/x.png' }] }, 'content[0].image'],
    ['a file image', { content: { stack: [{ image: 'file:///etc/passwd' }] } }, 'content.stack[0].image'],
    ['a path image', { content: [{ image: '/etc/passwd' }] }, 'content[0].image'],
    ['a font file of the worker', { content: [{ image: 'fonts/Roboto/Roboto-Regular.ttf' }] }, 'image'],
    ['an image object', { content: [{ image: { url: 'http://x' } }] }, 'content[0].image'],
    [
      'an http entry of images',
      { images: { logo: 'https://x/logo.png' }, content: [{ image: 'logo' }] },
      'images.logo',
    ],
    [
      'an images entry with headers',
      { images: { logo: { url: 'https://x', headers: {} } }, content: [] },
      'images.logo',
    ],
    [
      'an SVG image by URL',
      { content: [{ svg: '<svg><image href="http://127.0.0.1/x.png"/></svg>' }] },
      'svg',
    ],
    [
      'an SVG image by file',
      { content: [{ svg: "<svg><image xlink:href='file:///etc/passwd'/></svg>" }] },
      'svg',
    ],
    [
      'an SVG style URL',
      { content: [{ svg: '<svg><rect style="fill: url(http://x/p.svg)"/></svg>' }] },
      'svg',
    ],
    [
      'an SVG entity',
      { content: [{ svg: '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>' }] },
      'svg',
    ],
    ['an attachment file', { attachments: { a: { src: '/etc/passwd' } }, content: [] }, 'attachments.a.src'],
    ['an attachment node', { content: [{ attachment: { src: 'file:///etc/passwd' } }] }, 'attachment.src'],
    ['an embedded file', { files: { f: { src: 'http://x/f' } }, content: [] }, 'files.f.src'],
    [
      'an image in a header',
      { header: { columns: [{ image: 'http://x/y.png' }] }, content: [] },
      'header.columns[0].image',
    ],
  ])('refuses %s', (_case, document, path) => {
    expect(refused(document as Record<string, unknown>)).toContain(path);
  });
});
