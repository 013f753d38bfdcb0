import { RenderError } from '../common/render-error';
import { applyRendererOptions, parseRendererOptions, type RendererOptions } from './renderer-options';

const refusal = (text: string): RenderError => {
  try {
    parseRendererOptions(text);
  } catch (error) {
    expect(error).toBeInstanceOf(RenderError);
    return error as RenderError;
  }
  throw new Error(`expected ${text} to be refused`);
};

describe(parseRendererOptions.name, () => {
  it('reads every option', () => {
    const every = {
      pageSize: 'A5',
      pageOrientation: 'landscape',
      pageMargins: [10, 20, 30, 40],
      info: { title: 'T', author: 'A', subject: 'S', keywords: 'k1, k2' },
      defaultFontSize: 9,
      watermark: {
        text: 'DRAFT',
        color: 'red',
        opacity: 0.2,
        bold: true,
        italics: false,
        fontSize: 40,
        angle: 30,
      },
      locale: 'it-CH',
      pdfa: 'PDF/A-2b',
      tagged: true,
      lang: 'rm-CH',
    };
    expect(parseRendererOptions(JSON.stringify({ ...every, pageSize: 'a5', pdfa: 'pdf/a-2B' }))).toEqual(
      every,
    );
  });

  it.each([null, undefined, '', '  ', 'null', '{}'])('reads %p as no options', (text) => {
    expect(parseRendererOptions(text)).toEqual({});
  });

  it('accepts margins as one number or two, sizes as {width, height}, a watermark as text', () => {
    expect(
      parseRendererOptions(
        '{"pageMargins": 20, "pageSize": {"width": 300, "height": 400}, "watermark": "X"}',
      ),
    ).toEqual({
      pageMargins: 20,
      pageSize: { width: 300, height: 400 },
      watermark: 'X',
    });
    expect(parseRendererOptions('{"pageMargins": [5, 6]}')).toEqual({ pageMargins: [5, 6] });
  });

  it('names every unknown option', () => {
    const error = refusal('{"pageSize": "A4", "colour": "red", "compress": false}');
    expect(error.code).toBe('OPTIONS.UNKNOWN');
    expect(error.message).toContain('colour, compress');
  });

  it.each([
    ['{', 'OPTIONS.MALFORMED', 'not valid JSON'],
    ['[]', 'OPTIONS.MALFORMED', 'JSON object'],
    ['"A4"', 'OPTIONS.MALFORMED', 'JSON object'],
    ['{"pageSize": "A99"}', 'OPTIONS.INVALID', 'rendererOptions.pageSize'],
    ['{"pageSize": {"width": 10}}', 'OPTIONS.INVALID', 'rendererOptions.pageSize.height'],
    ['{"pageSize": {"width": 10, "height": 10, "depth": 1}}', 'OPTIONS.INVALID', 'depth'],
    ['{"pageOrientation": "diagonal"}', 'OPTIONS.INVALID', 'rendererOptions.pageOrientation'],
    ['{"pageMargins": [1, 2, 3]}', 'OPTIONS.INVALID', 'rendererOptions.pageMargins'],
    ['{"pageMargins": -1}', 'OPTIONS.INVALID', 'rendererOptions.pageMargins'],
    ['{"pageMargins": [1, "2"]}', 'OPTIONS.INVALID', 'rendererOptions.pageMargins[1]'],
    ['{"info": {"title": 5}}', 'OPTIONS.INVALID', 'rendererOptions.info.title'],
    ['{"info": {"creator": "me"}}', 'OPTIONS.INVALID', 'creator'],
    ['{"info": "T"}', 'OPTIONS.INVALID', 'rendererOptions.info'],
    ['{"defaultFontSize": 0}', 'OPTIONS.INVALID', 'rendererOptions.defaultFontSize'],
    ['{"defaultFontSize": "12"}', 'OPTIONS.INVALID', 'rendererOptions.defaultFontSize'],
    ['{"watermark": {"color": "red"}}', 'OPTIONS.INVALID', 'rendererOptions.watermark.text'],
    ['{"watermark": {"text": "x", "image": "data:"}}', 'OPTIONS.INVALID', 'image'],
    ['{"watermark": {"text": "x", "opacity": 2}}', 'OPTIONS.INVALID', 'rendererOptions.watermark.opacity'],
    ['{"watermark": 5}', 'OPTIONS.INVALID', 'rendererOptions.watermark'],
    ['{"locale": "de-DE"}', 'OPTIONS.INVALID', 'rendererOptions.locale'],
    [
      '{"pdfa": "PDF/A-1a"}',
      'OPTIONS.INVALID',
      'rendererOptions.pdfa must be one of PDF/A-1b, PDF/A-2b, PDF/A-3b',
    ],
    ['{"pdfa": "PDF/UA"}', 'OPTIONS.INVALID', 'rendererOptions.pdfa'],
    ['{"pdfa": 2}', 'OPTIONS.INVALID', 'rendererOptions.pdfa'],
    ['{"tagged": "true"}', 'OPTIONS.INVALID', 'rendererOptions.tagged'],
    ['{"tagged": null}', 'OPTIONS.INVALID', 'rendererOptions.tagged'],
    ['{"lang": "de_CH"}', 'OPTIONS.INVALID', 'rendererOptions.lang'],
    ['{"lang": "deutsch-schweiz"}', 'OPTIONS.INVALID', 'rendererOptions.lang'],
    [`{"lang": "de-${'x'.repeat(40)}"}`, 'OPTIONS.INVALID', 'rendererOptions.lang'],
  ])('refuses %s', (text, code, named) => {
    const error = refusal(text);
    expect(error.code).toBe(code);
    expect(error.message).toContain(named);
  });
});

describe(applyRendererOptions.name, () => {
  it('overrides what the document sets and keeps the rest', () => {
    const document = {
      content: ['x'],
      pageSize: 'A4',
      pageMargins: 40,
      info: { title: 'Template title', author: 'Template author' },
      defaultStyle: { font: 'Roboto', fontSize: 12 },
      watermark: 'FROM TEMPLATE',
    };
    const result = applyRendererOptions(document, {
      pageSize: 'LETTER',
      pageOrientation: 'landscape',
      pageMargins: [1, 2],
      info: { title: 'Option title' },
      defaultFontSize: 8,
      watermark: { text: 'COPY' },
      locale: 'en',
    });
    expect(result).toEqual({
      content: ['x'],
      pageSize: 'LETTER',
      pageOrientation: 'landscape',
      pageMargins: [1, 2],
      info: { title: 'Option title', author: 'Template author' },
      defaultStyle: { font: 'Roboto', fontSize: 8 },
      watermark: { text: 'COPY', opacity: 0.1 },
    });
    expect(applyRendererOptions(document, {})).toEqual(document);
  });

  it('draws the options’ watermark light unless it sets its own opacity', () => {
    const watermarkOf = (watermark: RendererOptions['watermark']) =>
      applyRendererOptions({ content: [] }, { watermark })['watermark'];
    expect(watermarkOf('DRAFT')).toEqual({ text: 'DRAFT', opacity: 0.1 });
    expect(watermarkOf({ text: 'DRAFT', color: 'red' })).toEqual({
      text: 'DRAFT',
      color: 'red',
      opacity: 0.1,
    });
    expect(watermarkOf({ text: 'DRAFT', opacity: 0.5 })).toEqual({ text: 'DRAFT', opacity: 0.5 });
    expect(watermarkOf({ text: 'DRAFT', opacity: 0 })).toEqual({ text: 'DRAFT', opacity: 0 });
  });

  it('reads strict as true or false', () => {
    expect(parseRendererOptions('{"strict": true}')).toEqual({ strict: true });
    expect(parseRendererOptions('{"strict": false}')).toEqual({ strict: false });
    expect(() => parseRendererOptions('{"strict": 1}')).toThrow(
      'rendererOptions.strict must be true or false.',
    );
  });

  it("passes pdfa, tagged and lang on under pdfmake's names, over the document's", () => {
    const document = { content: ['x'], subset: 'PDF/A-1b', tagged: false, language: 'en' };
    expect(applyRendererOptions(document, { pdfa: 'PDF/A-3b', tagged: true, lang: 'fr-CH' })).toEqual({
      content: ['x'],
      subset: 'PDF/A-3b',
      tagged: true,
      language: 'fr-CH',
    });
  });
});
