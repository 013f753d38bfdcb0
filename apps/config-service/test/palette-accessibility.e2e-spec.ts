import { DEMO_COLOR_PALETTE } from '../src/ui-templates/demo/demo-ui-templates';
import { startConfigService, uiTemplateBody } from './config-test-app';

type Service = Awaited<ReturnType<typeof startConfigService>>;
type Body = Record<string, any>;

const V10 = '/demo/v10-0/ui-templates';
const V9 = '/demo/v9-1/ui-templates';
const pathOf = (name: string, base = V10): string => `${base}/${encodeURIComponent(name)}`;

/** Meets WCAG 2.2 AA in every pair: the demo canton's palette. */
const ACCESSIBLE = DEMO_COLOR_PALETTE;
/** #777 text on white: 4.48:1, the classic near miss (the primary colour a light grey, 3.03:1 on the page). */
const NEAR_MISS = {
  ...ACCESSIBLE,
  primaryColor: '#FFFFFF',
  primaryColorText: '#777',
  primaryColorPill: '#000',
};
/** A white primary colour: headings printed in it vanish on the white page. */
const WHITE_PRIMARY_WARNING =
  'colorPalette.primaryColor: contrast 1.00:1 with background white #FFFFFF is below the 4.5:1 WCAG 2.2 AA ' +
  'asks of text; nearest passing shade #767676 (4.54:1)';
const NEAR_MISS_WARNING =
  'colorPalette.primaryColorText: contrast 4.48:1 with background primaryColor #FFFFFF is below the 4.5:1 ' +
  'WCAG 2.2 AA asks of text; nearest passing shade #767676 (4.54:1)';

const updateBody = (overrides: Record<string, unknown>): Body => {
  const { name: _name, createdBy: _createdBy, ...fields } = uiTemplateBody();
  return { ...fields, ...overrides, updatedBy: 'bob' };
};

describe('config-service accessible palettes, CONFIG_CONTRAST_POLICY=warn (the default)', () => {
  let service: Service;

  beforeAll(async () => {
    service = await startConfigService('config_palette_warn', { CORS_ORIGINS: 'https://portal.example.ch' });
  });

  afterAll(async () => {
    await service?.close();
  });

  it('saves a palette below AA, names the pair in X-Config-Warnings, and reports it in accessibility', async () => {
    const created = await service.writer.post<Body>(
      V10,
      uiTemplateBody({ name: 'near-miss', colorPalette: NEAR_MISS }),
      { headers: { origin: 'https://portal.example.ch' } },
    );
    expect(created.status).toBe(201);
    expect(created.headers.get('x-config-warnings')).toBe(`${NEAR_MISS_WARNING}, ${WHITE_PRIMARY_WARNING}`);
    // A page on an allowed origin may read it.
    expect(created.headers.get('access-control-expose-headers')).toMatch(/(^|, )X-Config-Warnings(,|$)/);
    expect(created.body.accessibility.meetsAaNormalText).toBe(false);
    expect(created.body.accessibility.pairs[0]).toEqual({
      text: 'primaryColorText',
      textColor: '#777',
      background: 'primaryColor',
      backgroundColor: '#FFFFFF',
      use: 'palette',
      contrastRatio: 4.48,
      meetsAaNormalText: false,
      meetsAaLargeText: true,
    });
  });

  it('names several failing pairs, comma-separated, the pill under its own path', async () => {
    const palette = {
      ...ACCESSIBLE,
      primaryColorText: '#FFFFFF',
      primaryColorPill: '#FBE3E1',
      primaryColor: '#FF8080',
    };
    const created = await service.writer.post<Body>(V10, uiTemplateBody({ colorPalette: palette }));
    expect(created.status).toBe(201);
    const warnings = (created.headers.get('x-config-warnings') ?? '').split(', ');
    expect(warnings.map((warning) => warning.split(':')[0])).toEqual([
      'colorPalette.primaryColorText',
      'colorPalette.primaryColorPill',
      'colorPalette.primaryColor',
    ]);
  });

  it('sends no warning for a palette that meets AA, on a create and an update', async () => {
    const created = await service.writer.post<Body>(V10, uiTemplateBody({ colorPalette: ACCESSIBLE }));
    expect(created.status).toBe(201);
    expect(created.headers.get('x-config-warnings')).toBeNull();
    expect(created.body.accessibility.meetsAaNormalText).toBe(true);
    const updated = await service.writer.put(
      pathOf(created.body.name),
      updateBody({ colorPalette: ACCESSIBLE }),
    );
    expect(updated.status).toBe(200);
    expect(updated.headers.get('x-config-warnings')).toBeNull();
  });

  it('warns on an update too', async () => {
    const created = await service.writer.post<Body>(V10, uiTemplateBody({ colorPalette: ACCESSIBLE }));
    const updated = await service.writer.put<Body>(
      pathOf(created.body.name),
      updateBody({ colorPalette: NEAR_MISS }),
    );
    expect(updated.status).toBe(200);
    expect(updated.headers.get('x-config-warnings')).toBe(`${NEAR_MISS_WARNING}, ${WHITE_PRIMARY_WARNING}`);
  });

  it('carries accessibility in every UI template response, both versions, and in the public branding', async () => {
    const expected = (await service.reader.get<Body>(pathOf('near-miss'))).body.accessibility;
    expect(expected.pairs.map((pair: Body) => `${pair.text} on ${pair.background}`)).toEqual([
      'primaryColorText on primaryColor',
      'primaryColorText on primaryColorPill',
      'white on secondaryColor',
      'black on secondaryColorLightOne',
      'black on secondaryColorLightTwo',
      'white on tertiaryColor',
      'primaryColor on white',
      'secondaryColor on white',
      'tertiaryColor on white',
      'secondaryColor on primaryColor',
      'tertiaryColor on primaryColor',
    ]);
    const list = await service.reader.get<Body[]>(`${V10}?PageSize=1000`);
    expect(list.body.find((template) => template.name === 'near-miss')?.accessibility).toEqual(expected);
    expect((await service.reader.get<Body>(pathOf('near-miss', V9))).body.accessibility).toEqual(expected);
    expect((await service.anonymous.get<Body>(`${pathOf('near-miss')}/branding`)).body.accessibility).toEqual(
      expected,
    );
  });

  it('ignores accessibility sent back in an update (v10-0 strict input): it is computed', async () => {
    const read = (await service.reader.get<Body>(pathOf('near-miss'))).body;
    const updated = await service.writer.put<Body>(
      pathOf('near-miss'),
      updateBody({
        colorPalette: read.colorPalette,
        accessibility: { ...read.accessibility, meetsAaNormalText: true },
      }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body.accessibility).toEqual(read.accessibility);
  });
});

describe('config-service accessible palettes, CONFIG_CONTRAST_POLICY=enforce', () => {
  let service: Service;

  beforeAll(async () => {
    service = await startConfigService('config_palette_enforce', { CONFIG_CONTRAST_POLICY: 'enforce' });
  });

  afterAll(async () => {
    await service?.close();
  });

  it('refuses a palette below AA with a 400 on the colour to change, the ratio and a passing shade; nothing saved', async () => {
    const refused = await service.writer.post<Body>(
      V10,
      uiTemplateBody({ name: 'refused', colorPalette: NEAR_MISS }),
    );
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.body.errors).toEqual({
      'colorPalette.primaryColorText': [NEAR_MISS_WARNING],
      'colorPalette.primaryColor': [WHITE_PRIMARY_WARNING],
    });
    expect(refused.body.detail).toBe(
      'The colour palette is below the contrast WCAG 2.2 AA asks of text; see errors.',
    );
    expect((await service.reader.get(pathOf('refused'))).status).toBe(404);
    const list = await service.reader.get(`${V10}?PageSize=1`);
    expect(list.headers.get('x-pagination-total-count')).toBe('0');
  });

  it('refuses a pill under the primary text on the pill, and lists every failing colour', async () => {
    const palette = { ...ACCESSIBLE, primaryColor: '#FF8080', primaryColorPill: '#FBE3E1' };
    const refused = await service.writer.post<Body>(V10, uiTemplateBody({ colorPalette: palette }));
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors)).toEqual([
      'colorPalette.primaryColorText',
      'colorPalette.primaryColorPill',
      'colorPalette.primaryColor',
    ]);
    expect(refused.body.errors['colorPalette.primaryColorPill'][0]).toMatch(
      /^colorPalette\.primaryColorPill: contrast 1\.22:1 with text primaryColorText #FFFFFF .* nearest passing shade #[0-9A-F]{6} \(4\.\d\d:1\)$/,
    );
  });

  it('saves a palette that meets AA, and refuses an update below it, leaving the template as it was', async () => {
    const created = await service.writer.post<Body>(V10, uiTemplateBody({ colorPalette: ACCESSIBLE }));
    expect(created.status).toBe(201);
    expect(created.headers.get('x-config-warnings')).toBeNull();
    const refused = await service.writer.put<Body>(
      pathOf(created.body.name),
      updateBody({ colorPalette: NEAR_MISS }),
    );
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors)).toEqual([
      'colorPalette.primaryColorText',
      'colorPalette.primaryColor',
    ]);
    const read = await service.reader.get<Body>(pathOf(created.body.name));
    expect(read.body.colorPalette).toEqual(ACCESSIBLE);
    expect(read.body.updateStamp).toBe(created.body.updateStamp);
  });
});
