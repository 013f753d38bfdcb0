import { withTemplateMeta } from './markup';

const META = '<meta name="render-template" content="invoice@3">';

describe(withTemplateMeta.name, () => {
  it.each([
    [
      'into its head',
      '<html><HEAD lang="de"><title>x</title></HEAD></html>',
      `<html><HEAD lang="de">${META}<title>x</title></HEAD></html>`,
    ],
    [
      'into a head of its own',
      '<html lang="fr"><body>x</body></html>',
      `<html lang="fr"><head>${META}</head><body>x</body></html>`,
    ],
    ['before a fragment', '<p>x</p>', `${META}\n<p>x</p>`],
    ['not into a header', '<header>x</header>', `${META}\n<header>x</header>`],
  ])('records the template %s', (_where, html, expected) => {
    expect(withTemplateMeta(html, 'invoice@3')).toBe(expected);
  });

  it('reads a megabyte of unended <head and <html start tags in one pass', () => {
    const html = `${'<head '.repeat(100_000)}${'<html '.repeat(100_000)}`;
    expect(withTemplateMeta(html, 'invoice@3')).toBe(`${META}\n${html}`);
  });
});
