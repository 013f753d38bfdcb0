import { RequestValidationPipe } from '@portal/http-context';

import { CreateUiTemplateDto } from '../dto/ui-template-write.dto';
import { contrastFailures, paletteAccessibility } from '../palette-contrast';
import { DEMO_UI_TEMPLATES } from './demo-ui-templates';

describe('DEMO_UI_TEMPLATES', () => {
  it.each(DEMO_UI_TEMPLATES.map((template) => [template.name, template]))(
    '%s is a create body the API itself accepts',
    async (_name, template) => {
      const pipe = new RequestValidationPipe();
      await expect(
        pipe.transform(
          { ...template, createdBy: 'demo-data' },
          { type: 'body', metatype: CreateUiTemplateDto },
        ),
      ).resolves.toBeInstanceOf(CreateUiTemplateDto);
    },
  );

  it.each(DEMO_UI_TEMPLATES.map((template) => [template.name, template]))(
    "%s's palette meets WCAG 2.2 AA for normal text in every pair",
    (_name, template) => {
      expect(contrastFailures(template.colorPalette)).toEqual([]);
      expect(paletteAccessibility(template.colorPalette).meetsAaNormalText).toBe(true);
    },
  );

  it('shows both kinds of logo a frontend may hold: a data URI and a relative path', () => {
    const [demo] = DEMO_UI_TEMPLATES;
    expect(demo.headerLogo.source).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(demo.headerLogo.source.split(',')[1], 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/s);
    expect(demo.footerLogo.source).toMatch(/^[a-z]/);
  });
});
