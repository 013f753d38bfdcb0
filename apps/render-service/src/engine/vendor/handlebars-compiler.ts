import Handlebars from 'handlebars';

/**
 * Handlebars' internals this service's template language rests on, for the version that
 * vendor-versions.ts checks: its two compilers (the AST-to-opcodes `Compiler` and the
 * opcodes-to-JavaScript `JavaScriptCompiler`), subclassed per environment, and its parser's lexer.
 * Handlebars' docs suggest subclassing the JavaScriptCompiler for such changes; the methods
 * overridden and called here (appendEscaped, pushSource, appendToBuffer, aliasable, popStack, push,
 * quotedString, matchExistingProgram, PathExpression, opcode) are not its public API.
 */

export type TemplateFunction = (context: unknown, options?: { data?: Record<string, unknown> }) => string;

/** Set on a path whose lookup is reported when it finds no value: the path and its place. */
export const REPORTED = Symbol('reported');
export type ReportedPath = hbs.AST.PathExpression & { [REPORTED]?: readonly [string, number, number] };

/** The helpers the compiled code calls; no template can name them. */
export interface CompiledHelpers {
  /** Every `{{value}}` goes through it instead of Handlebars' escapeExpression. */
  readonly escape: string;
  /** Every lookup marked REPORTED goes through it: `(value, path, line, column)`. */
  readonly missing: string;
}

interface JavaScriptCompilerPrototype {
  pushSource(source: unknown): void;
  appendToBuffer(source: unknown): unknown;
  aliasable(name: string): unknown;
  popStack(): unknown;
  push(expression: unknown): unknown;
  quotedString(text: string): string;
  appendEscaped(): void;
  matchExistingProgram(program: unknown): unknown;
  compiler: unknown;
}

interface CompilerPrototype {
  PathExpression(path: hbs.AST.PathExpression): void;
  opcode(name: string, ...args: unknown[]): void;
  compiler: unknown;
}

interface EnvironmentCompilers {
  Compiler: new () => CompilerPrototype & { compile(program: hbs.AST.Program, options: object): unknown };
  JavaScriptCompiler: new () => JavaScriptCompilerPrototype & {
    compile(environment: unknown, options: object, context: undefined, asObject: true): TemplateSpecification;
  };
}

type TemplateSpecification = Parameters<typeof Handlebars.template>[0];

/**
 * Gives `environment` (one of Handlebars.create()) compilers whose code calls `helpers.escape` for
 * every `{{value}}` (Handlebars' own escapeExpression is shared by every environment) and
 * `helpers.missing` after every lookup marked REPORTED, and gives each block body code of its own.
 */
export function useServiceCompilers(environment: typeof Handlebars, helpers: CompiledHelpers): void {
  const compilers = environment as unknown as EnvironmentCompilers;
  const Base = compilers.JavaScriptCompiler;
  class EscapingCompiler extends Base {
    override appendEscaped(): void {
      // The empty object is the options argument Handlebars' helper wrapper expects last.
      this.pushSource(
        this.appendToBuffer([
          this.aliasable(`container.helpers[${JSON.stringify(helpers.escape)}]`),
          '(',
          this.popStack(),
          ', {})',
        ]),
      );
    }

    /** The looked-up value on the stack, passed through the missing-value helper with its path. */
    reportMissing(path: string, line: number, column: number): void {
      this.push([
        this.aliasable(`container.helpers[${JSON.stringify(helpers.missing)}]`),
        '(',
        this.popStack(),
        // The empty object again: the options argument Handlebars' helper wrapper expects.
        `, ${this.quotedString(path)}, ${line}, ${column}, {})`,
      ]);
    }

    /**
     * Handlebars reuses the code of a block's body when it compiled an identical body before, and
     * finds it by comparing the body with every one compiled so far: quadratic in the number of
     * blocks (8,000 blocks that each write a value took 11 s to compile; a render of 10,000 passed a
     * minute). Each body gets code of its own instead: linear; and for 10,000 identical blocks (what
     * the reuse is for) as fast and as large in memory as with it, the enclosing body's code dominating.
     */
    override matchExistingProgram(): undefined {
      return undefined;
    }
  }
  // Child programs (each, if, ...) are compiled by `new this.compiler()`.
  EscapingCompiler.prototype.compiler = EscapingCompiler;
  compilers.JavaScriptCompiler = EscapingCompiler;

  // The AST-to-opcodes compiler: after a reported path's lookup, the opcode above.
  const BaseCompiler = compilers.Compiler;
  class ReportingCompiler extends BaseCompiler {
    override PathExpression(path: ReportedPath): void {
      super.PathExpression(path);
      const reported = path[REPORTED];
      if (reported) this.opcode('reportMissing', ...reported);
    }
  }
  ReportingCompiler.prototype.compiler = ReportingCompiler;
  compilers.Compiler = ReportingCompiler;
}

/**
 * The template function of a parsed program, compiled by the environment's compilers now (what
 * Handlebars' own compile does lazily, on the first run), so that its errors surface here.
 */
export function compileProgram(
  environment: typeof Handlebars,
  program: hbs.AST.Program,
  options: object,
): TemplateFunction {
  const compilers = environment as unknown as EnvironmentCompilers;
  const compiled = new compilers.Compiler().compile(program, options);
  const specification = new compilers.JavaScriptCompiler().compile(compiled, options, undefined, true);
  return environment.template(specification);
}

/** Handlebars' lexer: its tokens are the parser's, read one at a time. */
export interface HandlebarsLexer {
  yy: object;
  yylloc: { first_line: number; first_column: number };
  setInput(text: string): void;
  lex(): number | string;
}

const parser = (
  Handlebars as unknown as { Parser: { lexer: HandlebarsLexer; terminals_: Record<number, string> } }
).Parser;

/**
 * Where Handlebars' parser stopped (line 1-based, column 0-based): its parse errors carry no
 * position, but its lexer still holds the token it stopped at.
 */
export function parserStop(): { line: number; column: number } {
  const { first_line: line, first_column: column } = parser.lexer.yylloc;
  return { line, column };
}

/**
 * A lexer of its own on `text`, a copy of the parser's (whose state is left alone), and the name of
 * each token it returns (`OPEN_BLOCK`, `CLOSE`, ...). Its errors are thrown rather than handed to a
 * parser.
 */
export function lexerOn(text: string): {
  readonly lexer: HandlebarsLexer;
  readonly tokenName: (token: number | string) => string | undefined;
} {
  const lexer = Object.create(parser.lexer) as HandlebarsLexer;
  lexer.yy = {};
  lexer.setInput(text);
  return {
    lexer,
    tokenName: (token) => (typeof token === 'number' ? parser.terminals_[token] : token),
  };
}
