import { performance } from 'node:perf_hooks';

import { DEMO_UI_TEMPLATES } from './demo/demo-ui-templates';
import { SVG_CSS_FILTER_MAX_LENGTH, svgCssFilterProblem } from './svg-css-filter';
import { CREATE_UI_TEMPLATE_EXAMPLES, UPDATE_UI_TEMPLATE_EXAMPLES } from './ui-template.examples';

const SUMMARY =
  'must be none or CSS filter functions separated by white space (blur(), brightness(), contrast(), ' +
  'drop-shadow(), grayscale(), hue-rotate(), invert(), opacity(), saturate(), sepia())';

describe(svgCssFilterProblem.name, () => {
  it.each([
    'none',
    ' NONE ',
    'invert(42%) sepia(93%)',
    'invert(27%) sepia(93%) saturate(1352%) hue-rotate(183deg) brightness(92%) contrast(101%)',
    'brightness(0) invert(1)',
    'blur(2px)',
    'blur(0)',
    'blur()',
    'blur(.5rem) blur(1e1px) blur(+1.5E-1em)',
    'blur( 3px )',
    'grayscale(1) opacity(0.5) saturate(2) sepia(100%) contrast(200%) brightness(1.2)',
    'hue-rotate(90deg) hue-rotate(-0.25turn) hue-rotate(200grad) hue-rotate(3.1416rad) hue-rotate(0)',
    'INVERT(50%) Hue-Rotate(90DEG)',
    'invert(1)\tsepia(1)\r\nsaturate(2)\n',
    'drop-shadow(2px 4px 6px black)',
    'drop-shadow(-2px -4px)',
    'drop-shadow(0 0)',
    'drop-shadow(red 1px 2px 3px)',
    'drop-shadow(1px 2px #ff000080)',
    'drop-shadow(1px 2px #f00)',
    'drop-shadow(1px 2px #F00A)',
    'drop-shadow(1px 2px #ABCDEF)',
    'drop-shadow(1px 2px rgb(255, 0, 0))',
    'drop-shadow(1px 2px rgba(255,0,0,0.5))',
    'drop-shadow(1px 2px rgb(255 0 0 / 50%))',
    'drop-shadow(1px 2px rgb(100% 0% 0%))',
    'drop-shadow(1px 2px hsl(120, 100%, 50%))',
    'drop-shadow(1px 2px hsla(120deg 100% 50% / 0.3))',
    'drop-shadow(1px 2px hsl(0.5turn 2% 3%))',
    'drop-shadow(1px 2px currentColor)',
    'drop-shadow(1px 2px transparent) drop-shadow(0 0 1px rebeccapurple)',
  ])('accepts %j', (filter) => {
    expect(svgCssFilterProblem(filter)).toBeUndefined();
  });

  it.each([
    ['', 'it is empty (send null for no filter) at character 1 (the end)'],
    ['   ', 'it is empty (send null for no filter) at character 4 (the end)'],
    ['none invert(1)', 'none stands alone, without functions at character 6 ("invert(1)")'],
    ['none()', "'none' is not a filter function at character 1"],
    ['url(#filter)', '\'url\' is not a filter function at character 1 ("url(#filter)")'],
    [
      'invert(1) url(https://evil.example/x.svg#f)',
      '\'url\' is not a filter function at character 11 ("url(https://evil"…)',
    ],
    ['invert(var(--x))', 'expected a number at character 8 ("var(--x))")'],
    ['invert(calc(1 + 1))', 'expected a number at character 8'],
    [
      'invert(1);background:red',
      'expected white space after the function at character 10 (";background:red")',
    ],
    ['invert(1)}body{color:red', 'expected white space after the function at character 10'],
    ['invert(1) ;', 'expected a filter function at character 11 (";")'],
    ['"invert(1)"', 'expected a filter function at character 1'],
    ["invert('1')", 'expected a number at character 8'],
    ['invert(1) /* comment */', 'expected a filter function at character 11'],
    ['invert(1)sepia(1)', 'expected white space after the function at character 10'],
    ['invert(1),sepia(1)', 'expected white space after the function at character 10'],
    ['invert 1', "expected '(' after invert at character 7"],
    ['invert(1', "expected ')' to close invert( at character 9 (the end)"],
    ['invert(1 2)', "expected ')' to close invert( at character 10"],
    ['invert(-1)', 'the amount must not be negative at character 8'],
    ['invert(10px)', "expected a number or a percentage, not a 'px' value at character 8"],
    ['invert(1.)', 'expected digits after the decimal point at character 10'],
    ['invert(.)', 'expected digits after the decimal point at character 9'],
    ['invert(%)', 'expected a number at character 8'],
    ['blur(2)', 'expected a length in px, em, rem, ex, ch, vw, vh, vmin, vmax, cm, mm, q, in, pt, pc (or 0)'],
    ['blur(2%)', 'expected a length in'],
    ['blur(-2px)', 'the length must not be negative at character 6'],
    ['hue-rotate(90)', 'expected an angle in deg, grad, rad, turn (or 0) at character 12'],
    ['hue-rotate(90px)', 'expected an angle in deg, grad, rad, turn (or 0)'],
    ['drop-shadow()', 'drop-shadow needs two lengths, its offsets at character 13 (")")'],
    ['drop-shadow( )', 'drop-shadow needs two lengths, its offsets at character 14'],
    ['drop-shadow(1px)', 'expected white space between the offsets at character 16 (")")'],
    ['drop-shadow(1px 2px 3px 4px)', 'drop-shadow takes at most three lengths at character 25'],
    ['drop-shadow(1px 2px -3px)', 'the length must not be negative at character 21'],
    ['drop-shadow(1px 2px red 3px)', 'the lengths of drop-shadow come before its colour at character 25'],
    ['drop-shadow(red 1px 2px blue)', 'drop-shadow takes one colour at character 25'],
    [
      'drop-shadow(1px 2px reddish)',
      'expected a colour: #hex, rgb(), rgba(), hsl(), hsla() or a colour name',
    ],
    ['drop-shadow(1px 2px #ff)', 'expected a hex colour of 3, 4, 6 or 8 digits at character 21'],
    ['drop-shadow(1px 2px #fffffg)', 'expected a hex colour of 3, 4, 6 or 8 digits'],
    ['drop-shadow(1px 2px url(#x))', 'expected a colour'],
    ['drop-shadow(1px 2px rgb(1, 2 3))', "expected ',' between the components of rgb() at character 30"],
    [
      'drop-shadow(1px 2px rgb(1 2, 3))',
      'expected white space between the components of rgb() at character 28',
    ],
    ['drop-shadow(1px 2px rgb(1 2))', 'expected white space between the components of rgb() at character 28'],
    ['drop-shadow(1px 2px rgb(1px 2 3))', "expected a number or %, not 'px' at character 25"],
    ['drop-shadow(1px 2px rgb(1 2 3 / 4 / 5))', "expected ')' to close rgb( at character 35"],
    ['drop-shadow(1px 2pxred)', 'expected a length in'],
    ['invert(1)\u000b', 'expected white space after the function at character 10 ("\\u000b")'],
    ['invert(1)\u00a0', 'expected white space after the function at character 10'],
    ['invert(1) \u{1F600}', 'expected a filter function at character 11 ("😀")'],
    ['expression(alert(1))', "'expression' is not a filter function at character 1"],
    ['-moz-filter(1)', "'-moz-filter' is not a filter function"],
  ])('refuses %j: %s', (filter, reason) => {
    const problem = svgCssFilterProblem(filter);

    expect(problem?.startsWith(`${SUMMARY}: `)).toBe(true);
    expect(problem).toContain(reason);
  });

  it('quotes at most 16 characters of the text', () => {
    const problem = svgCssFilterProblem(`invert(1) url(${'x'.repeat(1500)})`) ?? '';

    expect(problem).toContain('at character 11 ("url(xxxxxxxxxxxx"…)');
    expect(problem.length - SUMMARY.length).toBeLessThan(100);
  });

  it(`bounds the length to ${SVG_CSS_FILTER_MAX_LENGTH} characters`, () => {
    const longest = `${'invert(1) '.repeat(199)}invert(1) `;
    expect(longest).toHaveLength(SVG_CSS_FILTER_MAX_LENGTH);

    expect(svgCssFilterProblem(longest)).toBeUndefined();
    expect(svgCssFilterProblem(`${longest} `)).toBe('must be at most 2000 characters long (it has 2001)');
  });

  describe('cost', () => {
    // Each shape fills the length with what keeps a scanner busiest: long numbers, long words,
    // many functions, and a fault at the very end.
    const shapes: [string, string, string][] = [
      ['', 'invert(1) ', 'x'],
      ['', 'drop-shadow(1px 2px rgb(1 2 3 / 4%)) ', '('],
      ['drop-shadow(', '1', 'px 2px)'],
      ['drop-shadow(1px 2px rgb(', '1 ', '))'],
      ['invert(', '1', '.)'],
      ['invert(1)', ' ', ';'],
      ['', '(', ''],
      ['blur(1', 'e', ')'],
      ['', 'a', '('],
      ['', '-', ''],
      ['drop-shadow(', '#', ')'],
      ['', 'hue-rotate(0) ', 'hue-rotate('],
      ['', 'invert(1)', ''],
    ];
    const filled = ([prefix, unit, suffix]: [string, string, string], length: number): string =>
      `${prefix}${unit.repeat(Math.floor((length - prefix.length - suffix.length) / unit.length))}${suffix}`;
    // The fastest of a few batches: a machine shared with other work adds noise, not the rule.
    const msPerCheck = (text: string): number => {
      let fastest = Infinity;
      for (let batch = 0; batch < 5; batch += 1) {
        const start = performance.now();
        for (let round = 0; round < 40; round += 1) svgCssFilterProblem(text);
        fastest = Math.min(fastest, (performance.now() - start) / 40);
      }
      return fastest;
    };

    beforeAll(() => {
      for (let round = 0; round < 50; round += 1)
        for (const shape of shapes) svgCssFilterProblem(filled(shape, SVG_CSS_FILTER_MAX_LENGTH));
    });

    it('takes well under a millisecond for any text of 2000 characters (about 0.1 to 0.3 ms here)', () => {
      const texts = shapes.map((shape) => filled(shape, SVG_CSS_FILTER_MAX_LENGTH));
      for (const text of texts) expect(text.length).toBeLessThanOrEqual(SVG_CSS_FILTER_MAX_LENGTH);

      expect(Math.max(...texts.map(msPerCheck))).toBeLessThan(2);
    });

    it('grows linearly: eight times the text, not much more than eight times the time', () => {
      // Quadratic work would take 64 times as long.
      for (const shape of shapes) {
        const ratio = msPerCheck(filled(shape, 2000)) / msPerCheck(filled(shape, 250));
        expect(ratio).toBeLessThan(24);
      }
    });
  });

  it('accepts the filters of the demo template and of the OpenAPI examples', () => {
    const filters = [
      ...DEMO_UI_TEMPLATES.map((template) => template.svgCssFilter),
      ...[CREATE_UI_TEMPLATE_EXAMPLES, UPDATE_UI_TEMPLATE_EXAMPLES].flatMap((examples) =>
        Object.values(examples).map((example) => (example.value as { svgCssFilter?: string }).svgCssFilter),
      ),
    ].filter((filter): filter is string => typeof filter === 'string');

    expect(filters.length).toBeGreaterThanOrEqual(2);
    for (const filter of filters) expect(svgCssFilterProblem(filter)).toBeUndefined();
  });
});
