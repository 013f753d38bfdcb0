/**
 * Times the same work at two sizes: runs with no other suite beside it (tools/jest/lanes.js).
 *
 * @lane alone
 */
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
    'drop-shadow(1px 2px rgb(1,2,3)) drop-shadow(1px 2px rgb(1 2 3/.5)) drop-shadow(1px 2px TRANSPARENT)',
    'drop-shadow(hsl(120 100% 50%) 1px 2px)',
    'invert(+.5e1%) blur(-0) blur(0.0)',
  ])('accepts %j', (filter) => {
    expect(svgCssFilterProblem(filter)).toBeUndefined();
  });

  it.each([
    ['', 'it is empty (send null for no filter) at character 1 (the end)'],
    ['   ', 'it is empty (send null for no filter) at character 4 (the end)'],
    ['none invert(1)', 'none stands alone, without functions at character 6 ("invert(1)")'],
    ['invert(1) none', 'none stands alone, without functions at character 11 ("none")'],
    ['none()', "'none' is not a filter function at character 1"],
    ['url(#filter)', 'url() is not allowed: it would fetch a resource at character 1 ("url(#filter)")'],
    [
      'invert(1) url(https://evil.example/x.svg#f)',
      'url() is not allowed: it would fetch a resource at character 11 ("url(https://evil"…)',
    ],
    ['invert(1) url("x")', 'url() is not allowed: it would fetch a resource at character 11'],
    ['invert(1) url(x y)', 'url() is not allowed: it would fetch a resource at character 11'],
    ['filter: url(#x)', 'unexpected input at character 7 (": url(#x)")'],
    ['invert(var(--x))', '\'var()\' is not allowed in invert() at character 8 ("var(--x))")'],
    ['var(--x)', "'var' is not a filter function at character 1"],
    ['invert(calc(1 + 1))', "'calc()' is not allowed in invert() at character 8"],
    ['calc(1px + 2px)', "'calc' is not a filter function at character 1"],
    ['blur(calc(1px + 2px))', "'calc()' is not allowed in blur() at character 6"],
    ['env(x)', "'env' is not a filter function at character 1"],
    ['blur(env(safe-area-inset-top))', "'env()' is not allowed in blur() at character 6"],
    ['invert(1) attr(x)', "'attr' is not a filter function at character 11"],
    [
      'drop-shadow(1px 2px image-set("x" 1x))',
      "'image-set()' is not allowed in drop-shadow() at character 21",
    ],
    ['invert(1);background:red', 'semicolons are not allowed at character 10 (";background:red")'],
    ['invert(1)}body{color:red', 'braces are not allowed at character 10'],
    ['invert(1) ;', 'semicolons are not allowed at character 11 (";")'],
    ['invert(1) !important', '! (as in !important) is not allowed at character 11'],
    ['"invert(1)"', 'quotes are not allowed at character 1'],
    ["invert('1')", 'quotes are not allowed at character 8'],
    ['invert(1) /* comment */', 'comments are not allowed at character 11 ("/* comment */")'],
    ['/* x */', 'comments are not allowed at character 1'],
    ['none /* x */', 'comments are not allowed at character 6'],
    ['invert(1)/**/sepia(1)', 'comments are not allowed at character 10'],
    ['invert(/**/1)', 'comments are not allowed at character 8'],
    ['invert(1) /*', 'comments are not allowed at character 11'],
    ['u\\72l(x)', 'escapes (\\) are not allowed at character 2'],
    ['in\\76 ert(1)', 'escapes (\\) are not allowed at character 3'],
    ['invert(1)sepia(1)', 'expected white space after the function at character 10'],
    ['invert(1),sepia(1)', 'expected white space after the function at character 10'],
    ['invert 1', "expected '(' after invert at character 7"],
    ['invert(1', "expected ')' to close invert( at character 9 (the end)"],
    ['drop-shadow(1px 2px rgb(1 2 3)', "expected ')' to close drop-shadow( at character 31 (the end)"],
    ['invert(1 2)', 'expected invert( [ <number> | <percentage> ]? ) at character 10 ("2)")'],
    ['invert(-1)', 'the amount must not be negative at character 8'],
    ['invert(10px)', 'expected invert( [ <number> | <percentage> ]? ) at character 8'],
    ['invert(none)', "'none' is not allowed in invert() at character 8"],
    ['invert(1%,)', "',' is not allowed in invert() at character 10"],
    ['invert((1))', "'(1)' is not allowed in invert() at character 8"],
    ['invert(1.)', 'expected ")" at character 9 (".)")'],
    ['invert(.)', 'expected ")" at character 8'],
    ['invert(%)', 'expected ")" at character 8'],
    [
      'blur(2)',
      'expected blur( <length>? ) (<length>: a number in px, em, rem, ex, ch, vw, vh, vmin, vmax, cm, mm, q, in, pt, ' +
        'pc, or 0) at character 6 ("2)")',
    ],
    ['blur(2%)', 'expected blur( <length>? ) (<length>: a number in px'],
    ['blur(2cqw)', 'expected blur( <length>? ) (<length>: a number in px'],
    ['blur(1lh)', 'expected blur( <length>? ) (<length>: a number in px'],
    ['blur(-2px)', 'the length must not be negative at character 6'],
    ['blur(-1px)', 'the length must not be negative at character 6 ("-1px)")'],
    [
      'hue-rotate(90)',
      'expected hue-rotate( [ <angle> | <zero> ]? ) (<angle>: a number in deg, grad, rad, turn, or 0) at character 12',
    ],
    [
      'hue-rotate(90px)',
      'expected hue-rotate( [ <angle> | <zero> ]? ) (<angle>: a number in deg, grad, rad, turn, or 0)',
    ],
    ['drop-shadow()', 'expected drop-shadow( [ <color>? && <length>{2,3} ] ) (<length>: a number in px'],
    ['drop-shadow()', '<color>: #hex, rgb(), rgba(), hsl(), hsla() or a colour name) at character 13 (")")'],
    ['drop-shadow( )', 'at character 14 (")")'],
    [
      'drop-shadow(  1px  )',
      'expected drop-shadow( [ <color>? && <length>{2,3} ] ) (<length>: a number in px',
    ],
    ['drop-shadow(  1px  )', 'at character 20 (")")'],
    ['drop-shadow(1px)', 'expected drop-shadow( [ <color>? && <length>{2,3} ] ) ('],
    ['drop-shadow(1px)', 'at character 16 (")")'],
    ['drop-shadow(1px 2px 3px 4px)', 'at character 25 ("4px)")'],
    ['drop-shadow(1px 2px -3px)', 'the length must not be negative at character 21'],
    ['drop-shadow(1px 1px -2px red)', 'the length must not be negative at character 21 ("-2px red)")'],
    ['drop-shadow(1px 2px red 3px)', 'expected drop-shadow( [ <color>? && <length>{2,3} ] ) ('],
    ['drop-shadow(1px 2px red 3px)', 'at character 25 ("3px)")'],
    ['drop-shadow(red 1px 2px blue)', 'at character 25 ("blue)")'],
    ['drop-shadow(1px,2px)', "',' is not allowed in drop-shadow() at character 16"],
    [
      'drop-shadow(1px 2px#f00)',
      'expected white space between the arguments of drop-shadow() at character 20',
    ],
    [
      'drop-shadow(1px 2px reddish)',
      'expected a colour: #hex, rgb(), rgba(), hsl(), hsla() or a colour name at character 21',
    ],
    ['drop-shadow(1px 2px Canvas)', 'expected a colour: #hex, rgb(), rgba(), hsl(), hsla() or a colour name'],
    [
      'drop-shadow(1px 2px -webkit-link)',
      'expected a colour: #hex, rgb(), rgba(), hsl(), hsla() or a colour name',
    ],
    ['drop-shadow(1px 2px lab(50% 40 59))', "'lab()' is not allowed in drop-shadow() at character 21"],
    ['drop-shadow(1px 2px light-dark(red, blue))', "'light-dark()' is not allowed in drop-shadow()"],
    ['drop-shadow(1px 2px #ff)', 'expected a hex colour of 3, 4, 6 or 8 digits at character 21'],
    ['drop-shadow(1px 2px #fffffg)', 'expected a hex colour of 3, 4, 6 or 8 digits'],
    ['drop-shadow(1px 2px url(#x))', 'url() is not allowed: it would fetch a resource at character 21'],
    [
      'drop-shadow(1px 2px rgb(1, 2 3))',
      'expected rgb( <percentage>#{3} , <alpha-value>? ) | rgb( <number>#{3}',
    ],
    ['drop-shadow(1px 2px rgb(1, 2 3))', 'at character 30 ("3))")'],
    ['drop-shadow(1px 2px rgb(1 2, 3))', 'at character 28 (", 3))")'],
    ['drop-shadow(1px 2px rgb(1 2))', 'at character 28 ("))")'],
    ['drop-shadow(1px 2px rgb(1px 2 3))', 'expected rgb( <percentage>#{3} , <alpha-value>? ) | rgb('],
    ['drop-shadow(1px 2px rgb(1px 2 3))', 'at character 25 ("1px 2 3))")'],
    ['drop-shadow(1px 2px rgb(1 2 3 / 4 / 5))', 'at character 35 ("/ 5))")'],
    ['drop-shadow(1px 2px rgb(none 0 0))', "'none' is not allowed in rgb() at character 25"],
    [
      'drop-shadow(1px 2px hsl(1, 2, 3))',
      'expected hsl( <hue> , <percentage> , <percentage> , <alpha-value>? ) | hsl(',
    ],
    ['drop-shadow(1px 2pxred)', 'expected drop-shadow( [ <color>? && <length>{2,3} ] ) ('],
    ['drop-shadow(1px 2pxred)', 'at character 17 ("2pxred)")'],
    ['invert(1)\u000b', 'unexpected input at character 10 ("\\u000b")'],
    [
      'invert(1)\u000c sepia(1)',
      'only space, tab, CR and LF count as white space at character 10 ("\\f sepia(1)")',
    ],
    ['invert(1)\u00a0', 'expected white space after the function at character 10'],
    ['invert(1) \u{1F600}', '\'😀\' is not a filter function at character 11 ("😀")'],
    ['invert(1) [x]', 'expected a filter function at character 11 ("[x]")'],
    ['invert(1) @import', 'unexpected input at character 11'],
    ['expression(alert(1))', "'expression' is not a filter function at character 1"],
    ['-moz-filter(1)', "'-moz-filter' is not a filter function"],
    ['progid:DXImageTransform.Microsoft.Alpha(opacity=50)', 'unexpected input at character 7'],
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

  it('accepts 2000 characters of the functions that take the grammar longest to match', () => {
    // Matched as one list, css-tree's lexer would stop after 15,000 steps and refuse it.
    const longest = 'drop-shadow(0 0 0 red) '.repeat(86);
    expect(longest.length).toBeGreaterThan(1970);

    expect(svgCssFilterProblem(longest)).toBeUndefined();
  });

  describe('cost', () => {
    // Each shape fills the length with what keeps the parser, the walk or the grammar busiest: long
    // numbers, long words, many functions, deep nesting, and a fault at the very end.
    const shapes: [string, string, string][] = [
      ['', 'invert(1) ', 'x'],
      ['', 'drop-shadow(1px 2px rgb(1 2 3 / 4%)) ', '('],
      ['', 'drop-shadow(0 0 0 red) ', ''],
      ['', 'drop-shadow(0 0 hsl(0 0 0/0)) ', 'x'],
      ['drop-shadow(', '1', 'px 2px)'],
      ['drop-shadow(1px 2px rgb(', '1 ', '))'],
      ['drop-shadow(0 0 ', 'rgb(', ''],
      ['invert(', '1', '.)'],
      ['invert(', '1 ', ')'],
      ['invert(1)', ' ', ';'],
      ['', '(', ''],
      ['', '[', ''],
      ['', 'invert(', ''],
      ['invert(', '(', ''],
      ['blur(1', 'e', ')'],
      ['', 'a', '('],
      ['', '-', ''],
      ['drop-shadow(', '#', ')'],
      ['', 'hue-rotate(0) ', 'hue-rotate('],
      ['', 'invert(1)', ''],
      ['', 'url(', ''],
      ['', 'var(--x) ', ''],
      ['invert(1) ', '/**/', ''],
    ];
    const filled = ([prefix, unit, suffix]: [string, string, string], length: number): string =>
      `${prefix}${unit.repeat(Math.floor((length - prefix.length - suffix.length) / unit.length))}${suffix}`;
    /** Nanoseconds per character, the least of three runs over as many characters (a busy machine only adds time). */
    const perCharacter = (text: string): number => {
      const checks = Math.ceil(10_000 / text.length);
      const times = [1, 2, 3].map(() => {
        const started = process.hrtime.bigint();
        for (let check = 0; check < checks; check += 1) svgCssFilterProblem(text);
        return Number(process.hrtime.bigint() - started) / (checks * text.length);
      });
      return Math.min(...times);
    };

    beforeAll(() => {
      for (let round = 0; round < 20; round += 1)
        for (const shape of shapes) svgCssFilterProblem(filled(shape, SVG_CSS_FILTER_MAX_LENGTH));
    });

    it.each(shapes)(
      'reads %j, then %j repeated, then %j linearly: per character, 2000 characters cost what 250 do',
      (...shape) => {
        const longest = filled(shape, SVG_CSS_FILTER_MAX_LENGTH);
        expect(longest.length).toBeGreaterThan(SVG_CSS_FILTER_MAX_LENGTH - 40);
        expect(longest.length).toBeLessThanOrEqual(SVG_CSS_FILTER_MAX_LENGTH);

        const few = perCharacter(filled(shape, 250));
        // Linear: per character about the same (the collection of what a check allocates varies it);
        // quadratic, eight times as much.
        expect(perCharacter(longest)).toBeLessThan(4 * few);
      },
    );
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
