import { definitionSyntax, fork, List } from 'css-tree';
import type { CssNode, FunctionNode, SyntaxParseError, Value } from 'css-tree';

import { characterCount } from '@portal/http-context';

/**
 * The rule of a template's `svgCssFilter`: frontends put it into a `filter:` style as it is, so it
 * may hold CSS filter functions and nothing else (no `url()`, `var()`, `calc()`, semicolons,
 * braces, quotes or comments that could end the declaration or fetch anything).
 *
 * css-tree parses the text (one tokenizer pass and a parser that never backtracks) and its lexer
 * holds the grammar of each function, as CSS Filter Effects and CSS Color define it. Each item of
 * the list, in the text's order, passes three steps:
 * - the walk of the tree refuses what the declaration must never hold, which the grammar would
 *   let through or refuse without saying why: `url()`, other functions, quotes, escapes, comments,
 *   `none` within a colour, a colour name outside CSS's named colours, unclosed parentheses, and
 *   white space missing between the items or other than space, tab, CR and LF;
 * - the grammar, `<name()>`, matched for each function on its own: the whole list at once would
 *   run into the lexer's limit of 15,000 steps on some valid lists of 2000 characters (86 times
 *   `drop-shadow(0 0 0 red) `), and the `filter` property's own grammar also takes any function as
 *   a legacy `-ms-filter`;
 * - the ranges the grammar does not carry: amounts, blur and drop-shadow's blur not negative.
 * Every step is linear in the text's length.
 */

export const SVG_CSS_FILTER_MAX_LENGTH = 2000;

const AMOUNT_FUNCTIONS = ['brightness', 'contrast', 'grayscale', 'invert', 'opacity', 'saturate', 'sepia'];
const FILTER_FUNCTIONS = ['blur', ...AMOUNT_FUNCTIONS, 'drop-shadow', 'hue-rotate'].sort();
const COLOR_FUNCTIONS = ['rgb', 'rgba', 'hsl', 'hsla'];
const LENGTH_UNITS = 'px em rem ex ch vw vh vmin vmax cm mm q in pt pc'.split(' ');
const ANGLE_UNITS = ['deg', 'grad', 'rad', 'turn'];
const IS_AMOUNT_FUNCTION = new Set(AMOUNT_FUNCTIONS);
const IS_FILTER_FUNCTION = new Set(FILTER_FUNCTIONS);
const IS_COLOR_FUNCTION = new Set(COLOR_FUNCTIONS);

/**
 * css-tree's grammar, narrowed to what the sentence below says: the lengths and angles in these
 * units, the colours in these forms (not CSS's newer units, system colours, `lab()`, `color-mix()`...).
 */
const FILTER = fork({
  units: { length: LENGTH_UNITS, angle: ANGLE_UNITS },
  types: {
    color: `<hex-color> | ${COLOR_FUNCTIONS.map((name) => `<${name}()>`).join(' | ')} | <named-color> | transparent | currentColor`,
  },
});

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

/** What the grammar's types that a refusal quotes stand for here. */
const TYPE_WORDS: [string, string][] = [
  ['<length>', `a number in ${LENGTH_UNITS.join(', ')}, or 0`],
  ['<angle>', `a number in ${ANGLE_UNITS.join(', ')}, or 0`],
  ['<color>', '#hex, rgb(), rgba(), hsl(), hsla() or a colour name'],
];

/** Each function's grammar, as a refusal quotes it. */
const SYNTAX = new Map(
  [...FILTER_FUNCTIONS, ...COLOR_FUNCTIONS].map((name) => {
    const syntax = FILTER.lexer.getType(`${name}()`)?.syntax;
    if (!syntax) throw new Error(`css-tree has no grammar for ${name}()`);
    const text = definitionSyntax.generate(syntax);
    const words = TYPE_WORDS.filter(([type]) => text.includes(type)).map(
      ([type, words]) => `${type}: ${words}`,
    );
    return [name, words.length > 0 ? `${text} (${words.join('; ')})` : text];
  }),
);

const URL_REASON = 'url() is not allowed: it would fetch a resource';
const QUOTES_REASON = 'quotes are not allowed';
const COLOR_REASON = 'expected a colour: #hex, rgb(), rgba(), hsl(), hsla() or a colour name';
const HEX_REASON = 'expected a hex colour of 3, 4, 6 or 8 digits';

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
    filterList(text);
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

/** At most 16 characters of a name or of a node's text, whole code points. */
const shortened = (text: string): string =>
  Array.from(text.slice(0, 2 * EXCERPT_LENGTH))
    .slice(0, EXCERPT_LENGTH)
    .join('');

const startOf = (node: CssNode): number => node.loc?.start.offset ?? 0;
const endOf = (node: CssNode): number => node.loc?.end.offset ?? 0;

/** `none`, or filter functions separated by white space. */
function filterList(text: string): void {
  // css-tree keeps escapes in names as written, where a browser reads them: `u\72l(` is `url(`.
  const escape = text.indexOf('\\');
  if (escape >= 0) throw new Unexpected('escapes (\\) are not allowed', escape);
  const items = parsed(text).children.toArray();
  let from = 0;
  for (const [index, item] of items.entries()) {
    whiteSpace(text, from, startOf(item), index > 0 ? 'after the function' : undefined);
    if (item.type === 'Identifier' && item.name.toLowerCase() === 'none') {
      if (items.length > 1)
        throw new Unexpected('none stands alone, without functions', startOf(items[index === 0 ? 1 : index]));
    } else if (item.type === 'Function') {
      filterFunction(text, item);
    } else {
      throw topLevelItem(item);
    }
    from = endOf(item);
  }
  whiteSpace(text, from, text.length);
  if (items.length === 0) throw new Unexpected('it is empty (send null for no filter)', text.length);
}

/** The tree css-tree makes of the text, or where it stops reading it. */
function parsed(text: string): Value {
  let problem: SyntaxParseError | undefined;
  let value: CssNode | undefined;
  try {
    value = FILTER.parse(text, {
      context: 'value',
      positions: true,
      onParseError: (error) => {
        problem ??= error;
      },
    });
  } catch (error) {
    if (!(error instanceof SyntaxError && typeof (error as Partial<SyntaxParseError>).offset === 'number'))
      throw error;
    problem = error as SyntaxParseError;
  }
  if (problem) throw new Unexpected(parseReason(text, problem), problem.offset);
  if (value?.type !== 'Value') throw new Error(`css-tree made a ${value?.type} of a value`);
  return value;
}

/** Names the characters that end a declaration; css-tree's own words for the rest. */
function parseReason(text: string, error: SyntaxParseError): string {
  const at = error.offset;
  if (text.slice(at, at + 4).toLowerCase() === 'url(') return URL_REASON;
  const character = text.charAt(at);
  if (character === ';') return 'semicolons are not allowed';
  if (character === '{' || character === '}') return 'braces are not allowed';
  if (character === '!') return '! (as in !important) is not allowed';
  // "Unexpected input", "\")\" is expected", "Hex or identifier is expected"...
  const expected = error.message.endsWith(' is expected')
    ? error.message.slice(0, -' is expected'.length)
    : undefined;
  return expected === undefined ? lowerFirst(error.message) : `expected ${lowerFirst(expected)}`;
}

const lowerFirst = (text: string): string => `${text.charAt(0).toLowerCase()}${text.slice(1)}`;

/** Why an item of the list that is not a function is not one. */
function topLevelItem(item: CssNode): Unexpected {
  if (item.type === 'Url') return new Unexpected(URL_REASON, startOf(item));
  if (item.type === 'String') return new Unexpected(QUOTES_REASON, startOf(item));
  if (item.type !== 'Identifier') return new Unexpected('expected a filter function', startOf(item));
  const name = item.name.toLowerCase();
  return IS_FILTER_FUNCTION.has(name)
    ? new Unexpected(`expected '(' after ${name}`, endOf(item))
    : new Unexpected(`'${shortened(name)}' is not a filter function`, startOf(item));
}

function filterFunction(text: string, fn: FunctionNode): void {
  const name = fn.name.toLowerCase();
  if (!IS_FILTER_FUNCTION.has(name))
    throw new Unexpected(`'${shortened(name)}' is not a filter function`, startOf(fn));
  functionArguments(text, fn, name);
  grammar(text, fn, name);
  range(fn, name);
}

/**
 * The walk of a function's arguments: each node one the grammar may judge, white space (or, in a
 * colour, an operator) between them, and the closing parenthesis.
 */
function functionArguments(text: string, fn: FunctionNode, name: string): void {
  const color = IS_COLOR_FUNCTION.has(name);
  let from = startOf(fn) + fn.name.length + 1;
  let previous: CssNode | undefined;
  for (const node of fn.children) {
    whiteSpace(text, from, startOf(node));
    // An operator outside a colour is refused as such, not for the white space it lacks.
    const joined = node.type === 'Operator' || (color && previous?.type === 'Operator');
    if (previous && from === startOf(node) && !joined)
      throw new Unexpected(`expected white space between the arguments of ${name}()`, from);
    functionArgument(text, node, name);
    from = endOf(node);
    previous = node;
  }
  // css-tree closes a function the text leaves open.
  const close = endOf(fn) - 1;
  if (close < from || text.charCodeAt(close) !== 0x29)
    throw new Unexpected(`expected ')' to close ${name}(`, endOf(fn));
  whiteSpace(text, from, close);
}

/** One argument: a number, or in a drop-shadow a colour, or in a colour an operator. */
function functionArgument(text: string, node: CssNode, parent: string): void {
  if (node.type === 'Number' || node.type === 'Percentage' || node.type === 'Dimension') return;
  if (node.type === 'Url') throw new Unexpected(URL_REASON, startOf(node));
  if (node.type === 'String') throw new Unexpected(QUOTES_REASON, startOf(node));
  const name = node.type === 'Function' ? node.name.toLowerCase() : '';
  if (parent === 'drop-shadow' && node.type === 'Function' && IS_COLOR_FUNCTION.has(name))
    return functionArguments(text, node, name);
  if (parent === 'drop-shadow' && (node.type === 'Identifier' || node.type === 'Hash')) {
    if (FILTER.lexer.matchType('color', node).error)
      throw new Unexpected(node.type === 'Hash' ? HEX_REASON : COLOR_REASON, startOf(node));
    return;
  }
  if (IS_COLOR_FUNCTION.has(parent) && node.type === 'Operator' && (node.value === ',' || node.value === '/'))
    return;
  // Other functions, operators, parentheses; and `none`, which the grammar takes within rgb() and hsl().
  const what =
    node.type === 'Function'
      ? `${name}()`
      : node.type === 'Operator'
        ? node.value.trim()
        : text.slice(startOf(node), endOf(node));
  throw new Unexpected(`'${shortened(what)}' is not allowed in ${parent}()`, startOf(node));
}

/** css-tree's grammar of the function, matched on its own. */
function grammar(text: string, fn: FunctionNode, name: string): void {
  // In a value of its own without a position, so that css-tree places a mismatch on the node.
  const value: Value = { type: 'Value', children: new List<CssNode>().appendData(fn) };
  const { error } = FILTER.lexer.matchType(`${name}()`, value);
  if (!error) return;
  let at = 'loc' in error ? error.loc.start.offset : startOf(fn);
  // A missing or surplus argument css-tree places after the function that lacks it: at its ')'.
  if (text.charCodeAt(at - 1) === 0x29) at -= 1;
  const inner = fn.children
    .toArray()
    .find(
      (node): node is FunctionNode => node.type === 'Function' && startOf(node) <= at && at < endOf(node),
    );
  const innerName = inner ? inner.name.toLowerCase() : name;
  throw new Unexpected(`expected ${SYNTAX.get(innerName) ?? `${innerName}()`}`, at);
}

/** What the grammar leaves open: amounts, blur and drop-shadow's blur are not negative. */
function range(fn: FunctionNode, name: string): void {
  const numbers = fn.children
    .toArray()
    .filter((node) => node.type === 'Number' || node.type === 'Percentage' || node.type === 'Dimension');
  const bounded = name === 'drop-shadow' ? numbers[2] : name === 'hue-rotate' ? undefined : numbers[0];
  if (bounded && Number(bounded.value) < 0)
    throw new Unexpected(
      IS_AMOUNT_FUNCTION.has(name) ? 'the amount must not be negative' : 'the length must not be negative',
      startOf(bounded),
    );
}

const isWhiteSpace = (code: number): boolean =>
  code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;

/**
 * Between `from` and `to`, where css-tree skips white space and comments: white space alone, and
 * some if `required` says where.
 */
function whiteSpace(text: string, from: number, to: number, required?: string): void {
  for (let at = from; at < to; at += 1) {
    if (isWhiteSpace(text.charCodeAt(at))) continue;
    throw new Unexpected(
      text.startsWith('/*', at)
        ? 'comments are not allowed'
        : 'only space, tab, CR and LF count as white space',
      at,
    );
  }
  if (required !== undefined && from === to) throw new Unexpected(`expected white space ${required}`, from);
}
