import { RenderError } from '../common/render-error';
import { withConformance } from './pdf-conformance';
import { applyRendererOptions, type DocumentDefinition, parseRendererOptions } from './renderer-options';

const refusal = (definition: DocumentDefinition): RenderError => {
  try {
    withConformance(definition, 'de-CH');
  } catch (error) {
    expect(error).toBeInstanceOf(RenderError);
    expect((error as RenderError).code).toBe('DOCUMENT.NOT_CONFORMING');
    return error as RenderError;
  }
  throw new Error(`expected ${JSON.stringify(definition)} to be refused`);
};

describe(withConformance.name, () => {
  it('leaves a document that claims neither PDF/A nor tagging as it is', () => {
    const definition = { content: ['x'], version: '1.3', language: 'en' };
    expect(withConformance(definition, 'de-CH')).toBe(definition);
  });

  it.each([
    ['PDF/A-1b', '1.4'],
    ['PDF/A-2b', '1.7'],
    ['PDF/A-3b', '1.7'],
  ])('gives %s its PDF version, the title displayed and the default language', (subset, version) => {
    expect(withConformance({ content: ['x'], subset, version: '1.3' }, 'fr-CH')).toEqual({
      content: ['x'],
      subset,
      tagged: false,
      version,
      displayTitle: true,
      language: 'fr-CH',
    });
  });

  it("tags on PDF 1.7, keeping the document's own language over the default", () => {
    expect(withConformance({ content: ['x'], tagged: true, language: 'rm-CH' }, 'de-CH')).toEqual({
      content: ['x'],
      tagged: true,
      version: '1.7',
      displayTitle: true,
      language: 'rm-CH',
    });
  });

  it("reads a json template's own subset in any case", () => {
    expect(withConformance({ content: ['x'], subset: 'pdf/a-2B' }, 'en')).toMatchObject({
      subset: 'PDF/A-2b',
    });
  });

  it.each([
    [{ subset: 'PDF/UA' }, /subset must be one of PDF\/A-1b, PDF\/A-2b, PDF\/A-3b/],
    [{ tagged: 'yes' }, /tagged must be true or false/],
    [{ tagged: true, language: 'Deutsch (Schweiz)' }, /language must be a language tag/],
    [
      { subset: 'PDF/A-2b', ownerPassword: 'x' },
      /PDF\/A-2b forbids encryption: the document sets ownerPassword/,
    ],
    [{ subset: 'PDF/A-1b', info: { modDate: '2026-01-01' } }, /info\.modDate has no XMP equivalent/],
    [{ subset: 'PDF/A-1b', files: { 'a.xml': { src: 'data:text/xml;base64,PGEvPg==' } } }, /\(files\)/],
    [
      { subset: 'PDF/A-2b', footer: { attachment: 'a', width: 10 } },
      /PDF\/A-2b does not allow this embedded file \(footer\.attachment\)/,
    ],
    [{ subset: 'PDF/A-1b', watermark: 'COPY' }, /watermark\.opacity is pdfmake's default 0\.6/],
    [{ subset: 'PDF/A-1b', watermark: { text: 'COPY', opacity: 0.1 } }, /watermark\.opacity is 0\.1/],
    [{ subset: 'PDF/A-1b', styles: { faint: { opacity: 0.5 } } }, /styles\.faint\.opacity is below 1/],
    [
      { subset: 'PDF/A-1b', content: [{ table: { body: [[{ text: 'x', fillOpacity: 0.2 }]] } }] },
      /content\[0\]\.table\.body\[0\]\[0\]\.fillOpacity is below 1/,
    ],
  ])('refuses %j', (definition, message) => {
    expect(refusal({ content: ['x'], ...definition }).message).toMatch(message);
  });

  it("refuses the options' default (light, transparent) watermark in PDF/A-1b, saying what to do instead", () => {
    const options = parseRendererOptions('{"pdfa": "PDF/A-1b", "watermark": "ENTWURF"}');
    const { message } = refusal(applyRendererOptions({ content: ['x'] }, options));
    expect(message).toBe(
      'PDF/A-1b forbids transparency: watermark.opacity is 0.1 (rendererOptions.watermark is drawn at 0.1 ' +
        "unless it sets an opacity); use PDF/A-2b, or watermark.opacity 1 with a light color such as '#e6e6e6' " +
        '(drawn over the text, it hides what lies under its letters).',
    );
    // The same watermark in PDF/A-2b keeps its light default; drawn opaque, PDF/A-1b takes it.
    const archived = parseRendererOptions('{"pdfa": "PDF/A-2b", "watermark": "ENTWURF"}');
    expect(withConformance(applyRendererOptions({ content: ['x'] }, archived), 'de-CH')).toMatchObject({
      watermark: { text: 'ENTWURF', opacity: 0.1 },
    });
    const opaque = parseRendererOptions(
      '{"pdfa": "PDF/A-1b", "watermark": {"text": "ENTWURF", "opacity": 1, "color": "#e6e6e6"}}',
    );
    expect(() => withConformance(applyRendererOptions({ content: ['x'] }, opaque), 'de-CH')).not.toThrow();
  });

  it('allows in PDF/A-3b and PDF/A-2b what only PDF/A-1b forbids, and opacity 1 in PDF/A-1b', () => {
    const files = { 'a.xml': { src: 'data:text/xml;base64,PGEvPg==' } };
    expect(() => withConformance({ content: ['x'], subset: 'PDF/A-3b', files }, 'en')).not.toThrow();
    expect(() =>
      withConformance(
        { content: [{ text: 'x', opacity: 0.5 }], subset: 'PDF/A-2b', watermark: 'COPY' },
        'en',
      ),
    ).not.toThrow();
    expect(() =>
      withConformance(
        { content: [{ text: 'x', opacity: 1 }], subset: 'PDF/A-1b', watermark: { text: 'C', opacity: 1 } },
        'en',
      ),
    ).not.toThrow();
  });
});
