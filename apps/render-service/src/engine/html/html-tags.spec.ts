import { findStartTag } from './html-tags';

/** What the start tag's pattern found, as it was written before it was scanned in one pass. */
const byPattern = (html: string, name: string): { start: number; end: number } | undefined => {
  const match = new RegExp(`<${name}(\\s[^>]*)?>`, 'i').exec(html);
  return match ? { start: match.index, end: match.index + match[0].length } : undefined;
};

describe(findStartTag.name, () => {
  it.each([
    '<html><head><title>x</title></head></html>',
    '<HEAD lang="de">',
    '<header><head\n  data-x="1"\n>',
    '<head',
    '<head x="a"',
    '<headline> no head here',
    '<p>a > b</p><head>',
    '<head\t>',
    '',
  ])('finds where the pattern %j finds it', (html) => {
    expect(findStartTag(html, 'head')).toEqual(byPattern(html, 'head'));
  });

  it('starts at the offset given', () => {
    const html = '<style>a</style><style media="print">b</style>';
    expect(findStartTag(html, 'style', 1)).toEqual({ start: 16, end: 37 });
  });

  // The pattern reads on from each of these to the end of the text: hours for a megabyte of them.
  it('scans a megabyte of start tags that nothing ends in one pass', () => {
    const html = '<head '.repeat(200_000);
    expect(findStartTag(html, 'head')).toBeUndefined();
    expect(findStartTag(`${html}>`, 'head')).toEqual({ start: 0, end: html.length + 1 });
  });
});
