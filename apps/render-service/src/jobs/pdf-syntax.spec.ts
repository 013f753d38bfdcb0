import { PdfLexer, PdfSyntaxError, type PdfValue, parseValue, referencesIn, writeValue } from './pdf-syntax';

const parse = (text: string): PdfValue => parseValue(new PdfLexer(Buffer.from(text, 'latin1')));

/** The value written back with every reference's number plus 10. */
const renumbered = (text: string): string => writeValue(parse(text), ({ number }) => number + 10);

describe(parseValue.name, () => {
  it.each([
    ['a string that reads like a reference', '[(1 0 R) 2 0 R]', '[(1 0 R) 12 0 R]'],
    ['nested parentheses', '[(a (1 0 R) b) 2 0 R]', '[(a (1 0 R) b) 12 0 R]'],
    ['an escaped closing parenthesis', '[(a \\) 1 0 R) 2 0 R]', '[(a \\) 1 0 R) 12 0 R]'],
    ['an escaped backslash before the closing parenthesis', '[(a\\\\) 1 0 R]', '[(a\\\\) 11 0 R]'],
    ['an escaped opening parenthesis', '[(\\( 1 0 R) 2 0 R]', '[(\\( 1 0 R) 12 0 R]'],
    ['an octal escape', '[(\\061 0 R) 2 0 R]', '[(\\061 0 R) 12 0 R]'],
    ['a line continuation', '[(a \\\n1 0 R) 2 0 R]', '[(a \\\n1 0 R) 12 0 R]'],
    ['a hex string', '[<31 20 30 20 52> 2 0 R <>]', '[<31 20 30 20 52> 12 0 R <>]'],
    ['a name R', '[1 0 /R]', '[1 0 /R]'],
    ['numbers that are not a reference', '[1 0 2.5 -3 0 .5 +1 0]', '[1 0 2.5 -3 0 .5 +1 0]'],
    ['a comment', '[1 % 2 0 R\n 0 R]', '[11 0 R]'],
    ['bytes above 127 in a string', '[(\u00fe\u00ff\u0000A) 1 0 R]', '[(\u00fe\u00ff\u0000A) 11 0 R]'],
  ])('reads %s as written, renumbering only references', (_, text, written) => {
    expect(renumbered(text)).toBe(written);
  });

  it('reads a dictionary of every kind of value, keys in order, names decoded', () => {
    const text =
      '<< /Type /Annot /Contents (x (1 0 R)) /NM <3120302052> /K [1 0 R [2 0 R] << /P 3 0 R >>] ' +
      '/A#20B#2F 4 0 R /On true /Off false /None null /Size -0.5 >>';
    const value = parse(text);
    expect(value.kind === 'dictionary' && [...value.entries.keys()]).toEqual([
      'Type',
      'Contents',
      'NM',
      'K',
      'A B/',
      'On',
      'Off',
      'None',
      'Size',
    ]);
    expect(referencesIn(value).map(({ number }) => number)).toEqual([1, 2, 3, 4]);
    expect(renumbered(text)).toBe(
      '<< /Type /Annot /Contents (x (1 0 R)) /NM <3120302052> /K [11 0 R [12 0 R] << /P 13 0 R >>] ' +
        '/A#20B#2f 14 0 R /On true /Off false /None null /Size -0.5 >>',
    );
  });

  it.each([
    ['a string that does not end', '[(a (b) 1 0 R]', /the string that begins at byte 1 does not end/],
    ['a hex string that does not end', '[<31 20', /the hex string that begins at byte 1 does not end/],
    ['a hex string with a non-hex byte', '[<3g>]', /holds a non-hex byte at 3/],
    ['a reference with a keyword too many', '[1 0 R R]', /expected a value at byte 7, found "R"/],
    ['a reference to a negative number', '[-1 0 R]', /expected a value at byte 6, found "R"/],
    [
      'a dictionary key that is not a name',
      '<< (Type) /Page >>',
      /expected a name \(a key\) or >> at byte 3/,
    ],
    ['an array that does not end', '[1 2', /expected a value at byte 4, found the end of the file/],
    ['a lone >', '[1 > 2]', /a lone '>' at byte 3/],
    ['a brace outside a stream', '[{1}]', /an unexpected '\{' at byte 1/],
    ['nesting past 100 levels', `${'['.repeat(102)}${']'.repeat(102)}`, /values nest deeper than 100 levels/],
  ])('refuses %s', (_, text, message) => {
    expect(() => parse(text)).toThrow(PdfSyntaxError);
    expect(() => parse(text)).toThrow(message);
  });
});
