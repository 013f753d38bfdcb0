import { escapeHtml, escapeJson, escapeMarkdown, escapeText } from './escaping';

const HOSTILE = [
  'plain',
  'quote " and backslash \\',
  '"}]',
  '"}, {"text": "injected"}, {"x": "',
  '</script><script>alert(1)</script>',
  '{{name}} and {{{raw}}}',
  'line\nbreak\r\ntab\t and \u0000 \u001f \u2028 \u2029',
  '[1, 2]',
  '{"a": 1}',
  ', "extra": true',
  'émojis 😀 and accents àéèêëïîôùûüÿçœæ',
];

describe(escapeJson.name, () => {
  it.each(HOSTILE)('keeps %p intact inside a JSON string', (value) => {
    const document = JSON.parse(`{"text": "Dear ${escapeJson(value)}", "after": 1}`);
    expect(document).toEqual({ text: `Dear ${value}`, after: 1 });
  });

  it.each(HOSTILE.filter((value) => !/^\d+$/.test(value)))(
    'cannot add structure when %p is written where a number belongs',
    (value) => {
      expect(() => JSON.parse(`{"fontSize": ${escapeJson(value)} , "after": 1}`)).toThrow(SyntaxError);
    },
  );

  it('writes numbers and booleans as JSON literals', () => {
    expect(JSON.parse(`{"fontSize": ${escapeJson(12.5)} }`)).toEqual({ fontSize: 12.5 });
    expect(JSON.parse(`{"bold": ${escapeJson(true)} }`)).toEqual({ bold: true });
    expect(JSON.parse(`{"n": ${escapeJson(-3e21)} }`)).toEqual({ n: -3e21 });
  });

  it('writes nothing for null and undefined, and lists joined by commas', () => {
    expect(escapeJson(null)).toBe('');
    expect(escapeJson(undefined)).toBe('');
    expect(JSON.parse(`"${escapeJson(['a', null, 'b"'])}"`)).toBe('a,,b"');
    expect(escapeJson({ a: 1 })).toBe('\\u005bobject Object\\u005d');
  });
});

describe(escapeHtml.name, () => {
  it.each(HOSTILE)('leaves no markup in %p', (value) => {
    const escaped = escapeHtml(value);
    expect(escaped).not.toMatch(/[<>"'`]/);
    expect(escaped.replace(/&(amp|lt|gt|quot|#x27|#x60|#x3D);/g, '')).not.toContain('&');
  });

  it('escapes a script end tag', () => {
    expect(escapeHtml('</script>')).toBe('&lt;/script&gt;');
  });
});

describe(escapeMarkdown.name, () => {
  it('escapes every ASCII punctuation character', () => {
    expect(escapeMarkdown('# *a* [b](c) <d> `e` | f _g_ ~h~ 1. 2)')).toBe(
      '\\# \\*a\\* \\[b\\]\\(c\\) \\<d\\> \\`e\\` \\| f \\_g\\_ \\~h\\~ 1\\. 2\\)',
    );
  });

  it('turns line breaks into spaces so no value starts a block', () => {
    expect(escapeMarkdown('a\n# b\r\n- c')).toBe('a \\# b \\- c');
  });
});

describe('escapeText', () => {
  it('writes values as they are', () => {
    expect(escapeText('<b>"x"</b>\n{{y}}')).toBe('<b>"x"</b>\n{{y}}');
    expect(escapeText(null)).toBe('');
  });
});
