import { lexerOn } from '../vendor/handlebars-compiler';

/**
 * How many levels a template may nest. Handlebars' parser copies its whole stack at every step,
 * so a parse takes time proportional to the template's size times its depth: 3,000 nested
 * `{{#if}}` took 2.3 s of CPU to parse, a save 4 s and a render 7 s (an `{{else if}}` chain of
 * 3,000: 10 s). At 100 levels, 200 KB of blocks, chains or sub-expressions nested 100 deep all
 * through compile in at most a quarter more time than 200 KB nested 2 deep (2.0 to 2.6 s of CPU
 * on the 2-core machine of the figures, mostly Handlebars' code generation, which is linear in
 * size). A letter nests a handful of levels.
 */
export const TEMPLATE_MAX_DEPTH = 100;

/** What opens a level: a block, an `{{else ...}}` that chains a block onto one, a sub-expression. */
export type NestingKind = 'block' | 'else' | 'sub-expression';

/** The place, in the text Handlebars parses, of the first level past the limit. */
export interface TooDeep {
  readonly kind: NestingKind;
  /** 1-based, as Handlebars' lexer counts lines. */
  readonly line: number;
  /** 0-based, as Handlebars' lexer counts columns. */
  readonly column: number;
}

const OPENS: Readonly<Record<string, { kind: NestingKind; closedBy: string }>> = {
  OPEN_BLOCK: { kind: 'block', closedBy: 'OPEN_ENDBLOCK' },
  OPEN_INVERSE: { kind: 'block', closedBy: 'OPEN_ENDBLOCK' },
  OPEN_PARTIAL_BLOCK: { kind: 'block', closedBy: 'OPEN_ENDBLOCK' },
  OPEN_RAW_BLOCK: { kind: 'block', closedBy: 'END_RAW_BLOCK' },
  OPEN_SEXPR: { kind: 'sub-expression', closedBy: 'CLOSE_SEXPR' },
};
/** Tokens that close something: one that does not close the innermost level is a syntax error. */
const CLOSES: ReadonlySet<string> = new Set([
  ...Object.values(OPENS).map(({ closedBy }) => closedBy),
  'OPEN_INVERSE_CHAIN',
]);
/** The ends of an expression: one inside a sub-expression is a syntax error. */
const EXPRESSION_ENDS: ReadonlySet<string> = new Set(['CLOSE', 'CLOSE_UNESCAPED', 'CLOSE_RAW_BLOCK']);

/**
 * The first place where `text` nests deeper than `limit`, or undefined. A block (`{{#x}}`,
 * `{{^x}}`), each `{{else x}}` chained onto it (Handlebars nests each in the one before, closed by
 * the block's one `{{/x}}`) and a sub-expression (`(x y)`) each add a level until they close.
 *
 * Handlebars' own lexer reads the tokens (on a copy of it, so that the parser's state is left
 * alone), in one pass and without recursion, before anything that grows with depth runs. Where
 * the lexer refuses the text, or it closes what is not open, the scan stops: the parser names the
 * error.
 */
export function firstTooDeep(text: string, limit = TEMPLATE_MAX_DEPTH): TooDeep | undefined {
  const { lexer, tokenName } = lexerOn(text);
  // What closes each open level, and how many levels that ends (a block with its chain).
  const open: Array<{ closedBy: string; levels: number }> = [];
  let depth = 0;
  for (;;) {
    let token: string | undefined;
    try {
      token = tokenName(lexer.lex());
    } catch {
      return undefined;
    }
    if (token === undefined || token === 'EOF') return undefined;
    const innermost = open.at(-1);
    let kind: NestingKind;
    const opens = OPENS[token];
    if (opens) {
      open.push({ closedBy: opens.closedBy, levels: 1 });
      kind = opens.kind;
    } else if (token === 'OPEN_INVERSE_CHAIN' && innermost?.closedBy === 'OPEN_ENDBLOCK') {
      innermost.levels += 1;
      kind = 'else';
    } else if (innermost?.closedBy === token) {
      open.pop();
      depth -= innermost.levels;
      continue;
    } else if (CLOSES.has(token) || (innermost?.closedBy === 'CLOSE_SEXPR' && EXPRESSION_ENDS.has(token))) {
      return undefined;
    } else {
      continue;
    }
    depth += 1;
    if (depth > limit) return { kind, line: lexer.yylloc.first_line, column: lexer.yylloc.first_column };
  }
}
