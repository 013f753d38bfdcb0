import { characterCount } from '@portal/http-context';

/**
 * The rule of a template's `svgCssFilter`: frontends put it into a `filter:` style as it is, so it
 * may hold CSS filter functions and nothing else (no `url()`, `var()`, `calc()`, semicolons,
 * braces, quotes or comments that could end the declaration or fetch anything).
 *
 * One hand-written scanner moves forward through the text once, never back: the check is linear
 * in its length, whatever the text (no regular expression that could backtrack).
 */

export const SVG_CSS_FILTER_MAX_LENGTH = 2000;

const AMOUNT_FUNCTIONS = ['brightness', 'contrast', 'grayscale', 'invert', 'opacity', 'saturate', 'sepia'];
const FILTER_FUNCTIONS = ['blur', ...AMOUNT_FUNCTIONS, 'drop-shadow', 'hue-rotate'].sort();
const LENGTH_UNITS = [
  'px',
  'em',
  'rem',
  'ex',
  'ch',
  'vw',
  'vh',
  'vmin',
  'vmax',
  'cm',
  'mm',
  'q',
  'in',
  'pt',
  'pc',
];
const ANGLE_UNITS = ['deg', 'grad', 'rad', 'turn'];
const IS_FILTER_FUNCTION = new Set(FILTER_FUNCTIONS);
const IS_LENGTH_UNIT = new Set(LENGTH_UNITS);
const IS_ANGLE_UNIT = new Set(ANGLE_UNITS);

/** The CSS Color 4 named colours, `transparent` and `currentcolor`. */
const NAMED_COLORS = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet ' +
    'brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue ' +
    'darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange ' +
    'darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise ' +
    'darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia ' +
    'gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ' +
    'ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan ' +
    'lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue ' +
    'lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon ' +
    'mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue ' +
    'mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin ' +
    'navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen ' +
    'paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red ' +
    'rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue ' +
    'slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white ' +
    'whitesmoke yellow yellowgreen transparent currentcolor'
  ).split(' '),
);

/**
 * The grammar, as the OpenAPI document and the README state it. Names and units are matched
 * without regard to case, as CSS does.
 */
export const SVG_CSS_FILTER_GRAMMAR =
  '`none`, or CSS filter functions separated by white space (space, tab, CR, LF): ' +
  '`blur(<length>)`, `brightness()`, `contrast()`, `grayscale()`, `invert()`, `opacity()`, `saturate()` ' +
  'and `sepia()` of a non-negative `<number>` or `<percentage>`, `hue-rotate(<angle>)` ' +
  `(${ANGLE_UNITS.join(', ')}, or 0), and \`drop-shadow(<length> <length> <length>? <color>?)\` ` +
  "(the colour first or last; the third length, the blur, not negative). The other functions' argument " +
  `may be left out, as CSS allows. Lengths in ${LENGTH_UNITS.join(', ')} (or 0); colours as \`#RGB\`, \`#RGBA\`, ` +
  '`#RRGGBB`, `#RRGGBBAA`, `rgb()`, `rgba()`, `hsl()`, `hsla()` or a CSS colour name. ' +
  'Nothing else: no `url()`, `var()`, `calc()`, semicolons, braces, quotes or comments. ' +
  'Example: `invert(27%) sepia(93%) saturate(1352%) hue-rotate(183deg) brightness(92%)`.';

const SUMMARY = `must be none or CSS filter functions separated by white space (${FILTER_FUNCTIONS.map((name) => `${name}()`).join(', ')})`;

/** Where and why the text leaves the grammar. */
class Unexpected extends Error {
  constructor(
    readonly reason: string,
    readonly at: number,
  ) {
    super(reason);
  }
}

/**
 * Why `text` is not a filter the grammar accepts, or undefined when it is. The reason completes a
 * sentence that begins with the property, and quotes at most 16 characters of the text.
 */
export function svgCssFilterProblem(text: string): string | undefined {
  // Code points, as the other bounds count; never more than UTF-16 units, so those rarely need counting.
  const length = text.length > SVG_CSS_FILTER_MAX_LENGTH ? characterCount(text) : text.length;
  if (length > SVG_CSS_FILTER_MAX_LENGTH)
    return `must be at most ${SVG_CSS_FILTER_MAX_LENGTH} characters long (it has ${length})`;
  try {
    new FilterScanner(text).filterList();
    return undefined;
  } catch (error) {
    if (!(error instanceof Unexpected)) throw error;
    return `${SUMMARY}: ${error.reason} at character ${error.at + 1} (${excerpt(text, error.at)})`;
  }
}

const EXCERPT_LENGTH = 16;

/** A few characters from `at`, whole code points, quoted as JSON so that control characters show. */
function excerpt(text: string, at: number): string {
  if (at >= text.length) return 'the end';
  const characters = Array.from(text.slice(at, at + 2 * EXCERPT_LENGTH));
  const cut = characters.slice(0, EXCERPT_LENGTH).join('');
  return `${JSON.stringify(cut)}${characters.length > EXCERPT_LENGTH ? '…' : ''}`;
}

const isWhiteSpace = (code: number): boolean =>
  code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;
const isLetter = (code: number): boolean => (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;
const isHexDigit = (code: number): boolean =>
  isDigit(code) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x66);

interface Numeric {
  readonly value: number;
  /** Lower case; '' for a bare number. */
  readonly unit: string;
  readonly at: number;
}

/** A recursive-descent reader of the grammar; `position` only moves forward. */
class FilterScanner {
  private position = 0;

  constructor(private readonly text: string) {}

  filterList(): void {
    this.skipWhiteSpace();
    if (this.atEnd()) throw new Unexpected('it is empty (send null for no filter)', this.position);
    const start = this.position;
    const first = this.word();
    if (first === 'none' && this.peek() !== 0x28) {
      this.skipWhiteSpace();
      if (!this.atEnd()) throw new Unexpected('none stands alone, without functions', this.position);
      return;
    }
    this.filterFunction(first, start);
    while (!this.atEnd()) {
      const separated = this.skipWhiteSpace();
      if (this.atEnd()) return;
      if (!separated) throw new Unexpected('expected white space after the function', this.position);
      const at = this.position;
      this.filterFunction(this.word(), at);
    }
  }

  private filterFunction(name: string, at: number): void {
    if (name === '') throw new Unexpected('expected a filter function', at);
    if (!IS_FILTER_FUNCTION.has(name))
      throw new Unexpected(`'${name.slice(0, EXCERPT_LENGTH)}' is not a filter function`, at);
    this.expect(0x28, `expected '(' after ${name}`);
    this.skipWhiteSpace();
    // Only drop-shadow's lengths are required.
    if (this.peek() !== 0x29 || name === 'drop-shadow') {
      if (name === 'blur') this.length({ negative: false });
      else if (name === 'hue-rotate') this.angle();
      else if (name === 'drop-shadow') this.dropShadow();
      else this.amount();
      this.skipWhiteSpace();
    }
    this.expect(0x29, `expected ')' to close ${name}(`);
  }

  /** `<color>? <length> <length> <length>? <color>?`, the colour once at most. */
  private dropShadow(): void {
    if (this.peek() === 0x29)
      throw new Unexpected('drop-shadow needs two lengths, its offsets', this.position);
    let color = false;
    if (!this.startsNumber()) {
      this.color();
      color = true;
      this.requireWhiteSpace('after the colour');
    }
    this.length({ negative: true });
    this.requireWhiteSpace('between the offsets');
    this.length({ negative: true });
    let lengths = 2;
    let colorLast = false;
    let separated = this.skipWhiteSpace();
    while (this.peek() !== 0x29 && !this.atEnd()) {
      if (!separated) throw new Unexpected('expected white space', this.position);
      if (this.startsNumber()) {
        if (lengths === 3) throw new Unexpected('drop-shadow takes at most three lengths', this.position);
        if (colorLast)
          throw new Unexpected('the lengths of drop-shadow come before its colour', this.position);
        this.length({ negative: false });
        lengths += 1;
      } else {
        if (color) throw new Unexpected('drop-shadow takes one colour', this.position);
        this.color();
        color = true;
        colorLast = true;
      }
      separated = this.skipWhiteSpace();
    }
  }

  /** A non-negative `<number>` or `<percentage>`. */
  private amount(): void {
    const numeric = this.numeric();
    if (numeric.unit !== '' && numeric.unit !== '%')
      throw new Unexpected(`expected a number or a percentage, not a '${numeric.unit}' value`, numeric.at);
    if (numeric.value < 0) throw new Unexpected('the amount must not be negative', numeric.at);
  }

  private angle(): void {
    const numeric = this.numeric();
    if (numeric.unit === '' ? numeric.value !== 0 : !IS_ANGLE_UNIT.has(numeric.unit))
      throw new Unexpected(`expected an angle in ${ANGLE_UNITS.join(', ')} (or 0)`, numeric.at);
  }

  private length({ negative }: { negative: boolean }): void {
    const numeric = this.numeric();
    if (numeric.unit === '' ? numeric.value !== 0 : !IS_LENGTH_UNIT.has(numeric.unit))
      throw new Unexpected(`expected a length in ${LENGTH_UNITS.join(', ')} (or 0)`, numeric.at);
    if (!negative && numeric.value < 0) throw new Unexpected('the length must not be negative', numeric.at);
  }

  private color(): void {
    const at = this.position;
    if (this.peek() === 0x23) {
      this.position += 1;
      const digits = this.position;
      while (isHexDigit(this.peek())) this.position += 1;
      if (![3, 4, 6, 8].includes(this.position - digits) || isLetter(this.peek()))
        throw new Unexpected('expected a hex colour of 3, 4, 6 or 8 digits', at);
      return;
    }
    const name = this.word();
    if (this.peek() === 0x28) {
      if (name === 'rgb' || name === 'rgba') return this.colorFunction(name, 'rgb');
      if (name === 'hsl' || name === 'hsla') return this.colorFunction(name, 'hsl');
    } else if (NAMED_COLORS.has(name)) {
      return;
    }
    throw new Unexpected('expected a colour: #hex, rgb(), rgba(), hsl(), hsla() or a colour name', at);
  }

  /** `rgb(r, g, b[, a])` or `rgb(r g b[ / a])`, and the same for `hsl`, whose hue may be an angle. */
  private colorFunction(name: string, kind: 'rgb' | 'hsl'): void {
    this.position += 1;
    this.skipWhiteSpace();
    this.colorComponent(kind === 'hsl' ? ANGLE_UNITS : ['%']);
    let separated = this.skipWhiteSpace();
    const commas = this.peek() === 0x2c;
    for (let component = 1; component < 3; component += 1) {
      if (commas) {
        this.expect(0x2c, `expected ',' between the components of ${name}()`);
        this.skipWhiteSpace();
      } else if (!separated) {
        throw new Unexpected(`expected white space between the components of ${name}()`, this.position);
      }
      this.colorComponent(['%']);
      separated = this.skipWhiteSpace();
    }
    if (this.peek() === (commas ? 0x2c : 0x2f)) {
      this.position += 1;
      this.skipWhiteSpace();
      this.colorComponent(['%']);
      this.skipWhiteSpace();
    }
    this.expect(0x29, `expected ')' to close ${name}(`);
  }

  private colorComponent(units: readonly string[]): void {
    const numeric = this.numeric();
    if (numeric.unit !== '' && !units.includes(numeric.unit))
      throw new Unexpected(`expected a number or ${units.join(', ')}, not '${numeric.unit}'`, numeric.at);
  }

  /** `[+-]?(digits[.digits]|.digits)([eE][+-]?digits)?`, then a unit of letters or `%`. */
  private numeric(): Numeric {
    const at = this.position;
    if (this.peek() === 0x2b || this.peek() === 0x2d) this.position += 1;
    const integer = this.digits();
    let fraction = 0;
    if (this.peek() === 0x2e) {
      this.position += 1;
      fraction = this.digits();
      if (fraction === 0) throw new Unexpected('expected digits after the decimal point', this.position);
    }
    if (integer === 0 && fraction === 0) throw new Unexpected('expected a number', at);
    const afterE = this.text.charCodeAt(this.position + 1);
    const signed = afterE === 0x2b || afterE === 0x2d;
    if (
      (this.peek() | 0x20) === 0x65 &&
      (isDigit(afterE) || (signed && isDigit(this.text.charCodeAt(this.position + 2))))
    ) {
      this.position += signed ? 2 : 1;
      this.digits();
    }
    const value = Number(this.text.slice(at, this.position));
    let unit = '';
    if (this.peek() === 0x25) {
      this.position += 1;
      unit = '%';
    } else {
      unit = this.word();
    }
    return { value, unit, at };
  }

  private digits(): number {
    const start = this.position;
    while (isDigit(this.peek())) this.position += 1;
    return this.position - start;
  }

  /** Letters and hyphens, lower-cased: a function, unit or colour name. */
  private word(): string {
    const start = this.position;
    while (isLetter(this.peek()) || this.peek() === 0x2d) this.position += 1;
    return this.text.slice(start, this.position).toLowerCase();
  }

  private startsNumber(): boolean {
    const code = this.peek();
    return isDigit(code) || code === 0x2e || code === 0x2b || code === 0x2d;
  }

  private requireWhiteSpace(where: string): void {
    if (!this.skipWhiteSpace()) throw new Unexpected(`expected white space ${where}`, this.position);
  }

  /** Whether there was any. */
  private skipWhiteSpace(): boolean {
    const start = this.position;
    while (isWhiteSpace(this.peek())) this.position += 1;
    return this.position > start;
  }

  private expect(code: number, reason: string): void {
    if (this.peek() !== code) throw new Unexpected(reason, this.position);
    this.position += 1;
  }

  private peek(): number {
    return this.text.charCodeAt(this.position);
  }

  private atEnd(): boolean {
    return this.position >= this.text.length;
  }
}
