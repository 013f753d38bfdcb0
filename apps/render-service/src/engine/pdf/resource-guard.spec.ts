/**
 * Times the same work at two sizes: runs with no other suite beside it (tools/jest/lanes.js).
 *
 * @lane alone
 */
import { RenderError } from '../common/render-error';
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

  // A quadratic pattern takes hours on a megabyte of spaces: these finish, or the test times out.
  it.each([
    [
      'href=',
      (gap: string) => `<svg><use href=${gap}"#g"/></svg>`,
      (gap: string) => `<svg><image href=${gap}http://x/y.png/></svg>`,
    ],
    [
      "href='",
      (gap: string) => `<svg><use href='${gap}#g'/></svg>`,
      (gap: string) => `<svg><image href='${gap}file:///etc/passwd'/></svg>`,
    ],
    [
      'url(',
      (gap: string) => `<svg><rect fill="url(${gap}#g)"/></svg>`,
      (gap: string) => `<svg><rect fill="url(${gap}http://x/p.svg)"/></svg>`,
    ],
  ])(
    'reads a megabyte of whitespace after %s in one pass: a fragment passes, a URL does not',
    (_after, fragment, url) => {
      const gap = ' '.repeat(1024 * 1024);
      expect(() => checkDocumentResources({ content: [{ svg: fragment(gap) }] })).not.toThrow();
      expect(refused({ content: [{ svg: url(gap) }] })).toContain('content[0].svg');
      expect(() => checkDocumentResources({ content: [{ svg: `<svg><use href=${gap}>` }] })).not.toThrow();
    },
  );

  it('collects the names of the images once, not once for each top-level property', () => {
    const images = Object.fromEntries(Array.from({ length: 1000 }, (_, index) => [`logo${index}`, PNG]));
    const keysRead = (parts: number): number => {
      const document: Record<string, unknown> = { images };
      for (let index = 0; index < parts; index += 1) document[`part${index}`] = { image: `logo${index}` };
      const keys = jest.spyOn(Object, 'keys');
      try {
        checkDocumentResources(document);
        return keys.mock.calls.length;
      } finally {
        keys.mockRestore();
      }
    };
    expect(keysRead(1000)).toBe(keysRead(1));
  });
});
