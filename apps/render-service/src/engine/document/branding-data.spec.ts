import type { BrandingContext } from '../../branding/branding';
import { installFonts } from '../pdf/fonts';
import { TemplateCache } from '../template/template-engine';
import { type RenderOutcome, type RenderTask, runTask } from './render-document';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10" fill="#D52B1E"/></svg>';
const SVG_URI = `data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}`;
const PNG_URI =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const branding = (
  logos: BrandingContext['logos'] = { header: SVG_URI, footer: PNG_URI },
): BrandingContext => ({
  values: {
    name: 'canton-demo',
    displayName: 'uiTemplate.cantonDemo',
    svgCssFilter: null,
    colorPalette: { primaryColor: '#D52B1E', primaryColorText: '#FFFFFF' },
    headerLogo: { source: SVG_URI },
    footerLogo: { source: 'https://logos.example.ch/footer.png' },
    links: [{ name: 'privacy', redirectUrl: 'https://www.demo.ch/datenschutz' }],
    socialNetworks: [],
  },
  logos,
});

const templates = new TemplateCache();

const run = (
  task: Partial<RenderTask> & Pick<RenderTask, 'inputFormat' | 'template'>,
): Promise<RenderOutcome> =>
  runTask(
    {
      kind: 'render',
      outputFormat: 'html',
      templateLabel: 'test',
      data: '{"recipient": "Zoë"}',
      rendererOptions: null,
      ...task,
    },
    templates,
  );

const text = (outcome: RenderOutcome): string => {
  if (!outcome.ok) throw new Error(`refused: ${outcome.code} ${outcome.message}`);
  return new TextDecoder().decode(outcome.bytes);
};

describe('branded renders (the worker side)', () => {
  beforeAll(() => installFonts(undefined));

  it('reads the branding beside the data, and places the logos in html', async () => {
    const html = text(
      await run({
        inputFormat: 'html',
        template:
          '<p style="color: {{branding.colorPalette.primaryColor}}">{{recipient}}, {{branding.links.0.redirectUrl}}</p>' +
          '<img src="{{brandingLogo "header"}}"><img src="{{brandingLogo "footer"}}">',
        branding: branding(),
      }),
    );
    expect(html).toContain('<p style="color: #D52B1E">Zoë, https://www.demo.ch/datenschutz</p>');
    // Escaped as any value is in an attribute (= as &#x3D;): a browser reads the URI back.
    expect(html).toContain(`<img src="${SVG_URI.replace(/=/g, '&#x3D;')}">`);
    expect(html).toContain(`<img src="${PNG_URI.replace(/=/g, '&#x3D;')}">`);
  });

  it('places an SVG logo in a pdf from json, html and md templates', async () => {
    for (const [inputFormat, template] of [
      [
        'json',
        '{"content": [{"image": "{{brandingLogo "header"}}", "width": 100}, {"text": "{{branding.name}}", "color": "{{branding.colorPalette.primaryColor}}"}]}',
      ],
      ['html', '<img src="{{brandingLogo "header"}}" width="100"><p>{{branding.name}}</p>'],
      ['md', '![Logo]({{brandingLogo "header"}})\n\n{{branding.name}}'],
    ] as const) {
      const outcome = await run({ inputFormat, outputFormat: 'pdf', template, branding: branding() });
      expect({ inputFormat, ok: outcome.ok, ...(outcome.ok ? {} : { message: outcome.message }) }).toEqual({
        inputFormat,
        ok: true,
      });
    }
  });

  it('lets Markdown place the render’s own SVG logo, and no other SVG data image', async () => {
    const own = text(
      await run({ inputFormat: 'md', template: '![Logo]({{brandingLogo "header"}})', branding: branding() }),
    );
    expect(own).toContain(`<img src="${SVG_URI}" alt="Logo">`);
    const other = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
    const foreign = text(await run({ inputFormat: 'md', template: `![x](${other})`, branding: branding() }));
    expect(foreign).not.toContain('<img');
  });

  it('refuses brandingLogo without a branding, an unknown logo, and data that is not an object', async () => {
    const refused = async (task: Parameters<typeof run>[0]): Promise<string> => {
      const outcome = await run(task);
      if (outcome.ok) throw new Error('expected a refusal');
      return `${outcome.code}: ${outcome.message}`;
    };
    expect(await refused({ inputFormat: 'html', template: '<img src="{{brandingLogo "header"}}">' })).toMatch(
      /^TEMPLATE.NO_BRANDING: .*names no branding/,
    );
    expect(
      await refused({ inputFormat: 'html', template: '{{brandingLogo "sidebar"}}', branding: branding() }),
    ).toMatch(/^TEMPLATE.BRANDING_LOGO: .*"header" or "footer"/);
    expect(
      await refused({
        inputFormat: 'html',
        template: '{{branding.name}}',
        data: '[1, 2]',
        branding: branding(),
      }),
    ).toMatch(/^DATA.BRANDING: /);
  });

  it('gives the branding precedence over a `branding` member of the data', async () => {
    const html = text(
      await run({
        inputFormat: 'html',
        template: '{{branding.colorPalette.primaryColor}}',
        data: '{"branding": {"colorPalette": {"primaryColor": "#000000"}}}',
        branding: branding(),
      }),
    );
    expect(html).toContain('#D52B1E');
  });
});
