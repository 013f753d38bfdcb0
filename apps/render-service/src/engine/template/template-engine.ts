import { createHash } from 'node:crypto';

import Handlebars from 'handlebars';

import { echoInput, quoteInput } from '@portal/problem-details';

import { LruMap } from '../../lru-map';
import type { InputFormat } from '../common/formats';
import { countingBlocks, countWritten, type OutputBudget, withBudget } from '../common/output-budget';
import { RenderError } from '../common/render-error';
import {
  compileProgram,
  parserStop,
  REPORTED,
  type ReportedPath,
  type TemplateFunction,
  useServiceCompilers,
} from '../vendor/handlebars-compiler';
import { type Escape, ESCAPES } from './escaping';
import { BUILT_IN_HELPERS, DEFAULT_LOCALE, HELPERS, type Locale, localeOfLanguage } from './helpers';
import { type MissingValues, reportIfMissing, withMissingValues } from './missing-values';
import { firstTooDeep, type NestingKind, TEMPLATE_MAX_DEPTH, type TooDeep } from './template-nesting';
import {
  authorPosition,
  type PreparedSource,
  prepareSource,
  unclosedOpening,
  withoutMarkers,
} from './template-source';

/** The helper the compiled code calls for every `{{value}}`; no template can name it. */
const ESCAPE_HELPER = '$escape';
/** The helper the compiled code passes every reported lookup through (missing-values.ts). */
const MISSING_HELPER = '$missing';

/**
 * One Handlebars environment per input format whose `{{value}}` goes through that format's
 * escape. Handlebars' own escapeExpression is shared by every environment, so the compiled code
 * calls a helper instead (vendor/handlebars-compiler.ts gives the environment such compilers).
 */
function environmentFor(escape: Escape): typeof Handlebars {
  const environment = Handlebars.create();
  useServiceCompilers(environment, { escape: ESCAPE_HELPER, missing: MISSING_HELPER });

  // `log` writes to the process's console: templates do not reach the process.
  environment.unregisterHelper('log');
  environment.registerHelper(ESCAPE_HELPER, (value: unknown) => {
    const text = escape(value);
    countWritten(text.length);
    return text;
  });
  for (const [name, helper] of Object.entries(HELPERS)) environment.registerHelper(name, helper);
  // Every block body counts what it writes against the render's output budget (common/output-budget.ts).
  for (const [name, helper] of Object.entries(environment.helpers))
    environment.registerHelper(name, countingBlocks(helper));
  environment.registerHelper(MISSING_HELPER, reportIfMissing as (...args: unknown[]) => unknown);
  return environment;
}

// Handlebars' own `log` (and the missing-helper hooks) are known unless said otherwise.
const KNOWN_HELPERS: Record<string, boolean> = {
  ...Object.fromEntries([...BUILT_IN_HELPERS, ...Object.keys(HELPERS)].map((name) => [name, true])),
  log: false,
};

// Handlebars writes warnings (a denied prototype property, say) to the console: not for templates.
Handlebars.logger.level = 4;

const COMPILE_OPTIONS = {
  knownHelpers: KNOWN_HELPERS,
  knownHelpersOnly: true,
  noEscape: false,
  strict: false,
} as const;

const ENVIRONMENTS: Readonly<Record<InputFormat, typeof Handlebars>> = {
  json: environmentFor(ESCAPES.json),
  html: environmentFor(ESCAPES.html),
  md: environmentFor(ESCAPES.md),
  txt: environmentFor(ESCAPES.txt),
};

type Node = { type: string; loc?: { start: { line: number; column: number } } } & Record<string, unknown>;

const where = (node: Node): string =>
  node.loc ? ` (line ${node.loc.start.line}, column ${node.loc.start.column + 1})` : '';

/** Refuses what could let a value out of its escaping or reach outside the template. */
function checkNode(node: Node | null | undefined): void {
  if (!node) return;
  switch (node.type) {
    case 'Program':
      (node['body'] as Node[]).forEach(checkNode);
      return;
    case 'MustacheStatement':
      if (node['escaped'] === false)
        throw new RenderError(
          'TEMPLATE.UNESCAPED',
          `Unescaped output ({{{ }}} or {{& }}) is not allowed${where(node)}: every value is escaped for the format.`,
        );
      return;
    case 'BlockStatement':
      checkNode(node['program'] as Node);
      checkNode(node['inverse'] as Node);
      return;
    case 'PartialStatement':
    case 'PartialBlockStatement':
      throw new RenderError('TEMPLATE.PARTIAL', `Partials ({{> }}) are not supported${where(node)}.`);
    case 'DecoratorBlock':
    case 'Decorator':
      throw new RenderError('TEMPLATE.DECORATOR', `Decorators ({{* }}) are not supported${where(node)}.`);
    default:
      return;
  }
}

/** Takes the literal-brace markers out of the text the template writes (template-source.ts). */
function stripMarkers(node: Node | null | undefined): void {
  if (!node) return;
  if (node.type === 'ContentStatement') {
    node['value'] = withoutMarkers(node['value'] as string);
    node['original'] = withoutMarkers(node['original'] as string);
    return;
  }
  if (node.type === 'Program') (node['body'] as Node[]).forEach(stripMarkers);
  if (node.type === 'BlockStatement') {
    stripMarkers(node['program'] as Node);
    stripMarkers(node['inverse'] as Node);
  }
}

/**
 * Helpers that test whether a value is there: a missing argument is an answer for them, not a
 * gap in the document, so their arguments are not reported (`{{#if dueDate}}`, `{{default note
 * "..."}}`). Every other helper's arguments are (`{{formatDate date}}`, `{{#each lines}}`).
 */
const PRESENCE_TESTS: ReadonlySet<string> = new Set([
  'if',
  'unless',
  'with',
  'default',
  'and',
  'or',
  'not',
  'eq',
  'ne',
]);

type Call = hbs.AST.MustacheStatement | hbs.AST.BlockStatement | hbs.AST.SubExpression;

/** The helper a mustache, block or sub-expression calls, or undefined for a value (`{{name}}`). */
function helperOf(node: Call): string | undefined {
  const path = node.path as hbs.AST.PathExpression;
  if (path.type !== 'PathExpression') return undefined;
  const name = path.parts.length === 1 && !path.data && path.depth === 0 ? path.original : undefined;
  if (node.params.length > 0 || (node.hash?.pairs.length ?? 0) > 0) return path.original;
  return name !== undefined && KNOWN_HELPERS[name] === true ? name : undefined;
}

/**
 * Marks the paths whose lookup reports a miss (missing-values.ts): values written (`{{name}}`)
 * and the arguments of helpers that are not presence tests, with their place in the author's
 * template. The compiler adds the report after each marked lookup.
 */
function markReportedPaths(node: Node | null | undefined, prepared: PreparedSource): void {
  if (!node) return;
  const mark = (path: hbs.AST.Expression): void => {
    if (path.type === 'SubExpression') return markReportedPaths(path as unknown as Node, prepared);
    if (path.type !== 'PathExpression') return;
    const expression = path as ReportedPath;
    // `this` and `.` are the context itself, always there.
    if (expression.parts.length === 0 || !expression.loc) return;
    const { line, column } = authorPosition(prepared, expression.loc.start.line, expression.loc.start.column);
    expression[REPORTED] = [withoutMarkers(expression.original), line, column];
  };
  switch (node.type) {
    case 'Program':
      for (const child of node['body'] as Node[]) markReportedPaths(child, prepared);
      return;
    case 'MustacheStatement':
    case 'SubExpression':
    case 'BlockStatement': {
      const call = node as unknown as Call;
      const helper = helperOf(call);
      // A value written; a block on a bare value (`{{#items}}`) is a section, a presence test.
      if (helper === undefined && node.type !== 'BlockStatement') mark(call.path);
      const arguments_ = [...call.params, ...(call.hash?.pairs.map((pair) => pair.value) ?? [])];
      for (const argument of arguments_) {
        if (helper !== undefined && !PRESENCE_TESTS.has(helper)) mark(argument);
        else if (argument.type === 'SubExpression') markReportedPaths(argument as unknown as Node, prepared);
      }
      if (node.type === 'BlockStatement') {
        markReportedPaths(node['program'] as Node, prepared);
        markReportedPaths(node['inverse'] as Node, prepared);
      }
      return;
    }
    default:
      return;
  }
}

interface Parsed {
  readonly program: hbs.AST.Program;
  readonly prepared: PreparedSource;
}

function parse(source: string): Parsed {
  const prepared = prepareSource(source);
  // Before Handlebars parses: its parse, compile and run take time and stack that grow with depth.
  const tooDeep = firstTooDeep(prepared.text);
  if (tooDeep) throw tooDeepError(prepared, tooDeep);
  let program: hbs.AST.Program;
  try {
    program = Handlebars.parse(prepared.text);
  } catch (error) {
    // Parse errors carry no position; the lexer still holds the token it stopped at.
    throw compileError(prepared, error, parserStop());
  }
  stripMarkers(program as unknown as Node);
  checkNode(program as unknown as Node);
  markReportedPaths(program as unknown as Node, prepared);
  return { program, prepared };
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Handlebars' reason in the words of this template language, with what usually causes it. */
function reasonOf(message: string): string {
  const unknownHelper = /unknown helper (\S+)/.exec(message);
  if (unknownHelper)
    return (
      `${quoteInput(unknownHelper[1])} is not a helper. A name followed by arguments calls a helper; the helpers are ` +
      `${[...BUILT_IN_HELPERS, ...Object.keys(HELPERS)].join(', ')}`
    );
  const mismatch = /^(\S+) doesn't match (\S+)/.exec(message);
  if (mismatch)
    return (
      `{{/${echoInput(mismatch[2], 100)}}} closes {{#${echoInput(mismatch[1], 100)}}}: ` +
      'blocks close in the order they open'
    );
  if (/got 'EOF'/.test(message))
    return 'the template ends inside a block or an expression: close every {{#block}} with {{/block}} and every {{ with }}';
  if (/got 'INVALID'/.test(message))
    return 'an expression is not closed with }} (or holds a character it cannot)';
  if (/got 'CLOSE_UNESCAPED'/.test(message))
    return 'a }}} closes an expression opened with {{{, which is not allowed';
  if (/got '(OPEN|OPEN_BLOCK|OPEN_ENDBLOCK)'/.test(message))
    return 'an expression opens before the previous one is closed with }}';
  if (/got 'CLOSE'/.test(message)) return 'an expression is empty or incomplete';
  return 'this expression cannot be read';
}

/** Handlebars' own block helpers' refusals at run time, in this template language's words. */
const RUNTIME_REASONS: ReadonlyArray<readonly [RegExp, (match: RegExpExecArray) => string]> = [
  [/^#(if|unless|with) requires exactly one argument/, (match) => `{{#${match[1]}}} takes exactly one value`],
  [/^Must pass iterator to #each/, () => '{{#each}} needs the list (or object) to go through'],
];

/**
 * A template that fails while it runs on the data, answered 422: Handlebars' reasons in words of
 * ours, anything else (a failure inside Handlebars) in general words, its own error logged
 * (RenderError's cause), never shown (contract 5).
 */
function runtimeError(error: unknown): RenderError {
  const message = messageOf(error);
  for (const [pattern, reason] of RUNTIME_REASONS) {
    const match = pattern.exec(message);
    if (match)
      return new RenderError('TEMPLATE.RUNTIME', `The template failed on this data: ${reason(match)}.`);
  }
  return new RenderError(
    'TEMPLATE.RUNTIME',
    'The template failed on this data: an expression or block received a value it cannot use ' +
      '(check the values the helpers and blocks are given).',
    { cause: error },
  );
}

/** A template that does not compile, answered 422 with the author's line and column (contract 8). */
function compileError(
  prepared: PreparedSource,
  error: unknown,
  reported?: { line: number; column: number },
): RenderError {
  const { lineNumber, column } = (error ?? {}) as { lineNumber?: number; column?: number };
  const at =
    reported ?? (lineNumber !== undefined && column !== undefined ? { line: lineNumber, column } : undefined);
  const message = withoutMarkers(messageOf(error));
  const reason = reasonOf(message);
  if (!at) return new RenderError('TEMPLATE.SYNTAX', `The template does not compile: ${reason}.`);
  // Handlebars gives up where an open expression or block runs into something (a later line, the
  // end): the author's mistake is on the line where it was opened, which the playground marks. On
  // the same line the reported column is the sharper one (`{{total}.`: the lone `}`).
  const opened = /got '(EOF|INVALID|OPEN|OPEN_BLOCK|OPEN_ENDBLOCK)'/.test(message)
    ? unclosedOpening(prepared)
    : undefined;
  const reportedAt = authorPosition(prepared, at.line, at.column);
  const position = opened !== undefined && opened.line < reportedAt.line ? opened : reportedAt;
  return new RenderError(
    'TEMPLATE.SYNTAX',
    `The template does not compile at line ${position.line}, column ${position.column}: ${reason}.`,
    { position },
  );
}

const NESTING_WORDS: Readonly<Record<NestingKind, string>> = {
  block: 'a block',
  else: 'an {{else}} that chains a block',
  'sub-expression': 'a sub-expression',
};

/** A template nested past its limit, answered 422 with the author's line and column. */
function tooDeepError(prepared: PreparedSource, { kind, line, column }: TooDeep): RenderError {
  const position = authorPosition(prepared, line, column);
  return new RenderError(
    'TEMPLATE.TOO_DEEP',
    `The template nests too deeply at line ${position.line}, column ${position.column}: ` +
      `${NESTING_WORDS[kind]} opens level ${TEMPLATE_MAX_DEPTH + 1}, past the limit of ${TEMPLATE_MAX_DEPTH} ` +
      'levels (each block, {{else if}} of a chain and sub-expression inside another adds one).',
    { position },
  );
}

/** Checks a template as a save does: it parses, and names only known helpers. */
export function checkTemplate(source: string, format: InputFormat): void {
  const { program, prepared } = parse(source);
  try {
    ENVIRONMENTS[format].precompile(program, COMPILE_OPTIONS);
  } catch (error) {
    throw compileError(prepared, error);
  }
}

export interface TemplateRun {
  readonly data: unknown;
  readonly locale: Locale | undefined;
  /** Stops the run as soon as it has written more than the document may hold. */
  readonly budget: OutputBudget;
  /** Records the values the template asks for and the data lacks. */
  readonly missing?: MissingValues;
  /** A branded render's logos as data: URIs, for `{{brandingLogo}}`; absent when it names no branding. */
  readonly brandingLogos?: Readonly<Record<string, string>>;
}

/** A compiled template, ready to be run on data any number of times. */
export class CompiledTemplate {
  constructor(
    private readonly run: TemplateFunction,
    /** The language the template declares itself written in (`<html lang="fr">`), as a locale. */
    readonly language?: Locale,
  ) {}

  render({ data, locale, budget, missing, brandingLogos }: TemplateRun): string {
    try {
      const text = withBudget(budget, () =>
        withMissingValues(missing, () =>
          this.run(data, { data: { locale: locale ?? DEFAULT_LOCALE, brandingLogos } }),
        ),
      );
      // Characters are at most as many as UTF-8 bytes: the literal text not yet counted, at once.
      budget.check(text.length);
      return text;
    } catch (error) {
      if (error instanceof RenderError) throw error;
      if (error instanceof RangeError && /call stack/i.test(error.message))
        throw new RenderError('TEMPLATE.TOO_DEEP', 'The template or its data nests too deeply.');
      throw runtimeError(error);
    }
  }
}

const LANG_ATTRIBUTE = /\slang\s*=\s*(?:"([^"\0]*)"|'([^'\0]*)'|([^\s"'\0]+))/i;

/**
 * The language an html template declares in its own text (`<html lang="fr">`), as a locale; not
 * when an expression writes it, or in another format (which has no such place).
 */
function declaredLanguage(program: hbs.AST.Program, format: InputFormat): Locale | undefined {
  if (format !== 'html') return undefined;
  // The template's literal text, every expression or block a NUL that no attribute value matches.
  const text = program.body
    .map((node) => (node.type === 'ContentStatement' ? (node as hbs.AST.ContentStatement).value : '\0'))
    .join('');
  // The first <html> start tag, up to its end: the root element.
  const start = text.search(/<html\b/i);
  if (start < 0) return undefined;
  const end = text.indexOf('>', start);
  const match = LANG_ATTRIBUTE.exec(text.slice(start, end < 0 ? undefined : end));
  const tag = match?.[1] ?? match?.[2] ?? match?.[3];
  return tag === undefined ? undefined : localeOfLanguage(tag);
}

/** Handlebars' own compile, done now rather than on the first run, so errors surface here. */
function compile(source: string, format: InputFormat): CompiledTemplate {
  const { program, prepared } = parse(source);
  let run: TemplateFunction;
  try {
    run = compileProgram(ENVIRONMENTS[format], program, { ...COMPILE_OPTIONS, data: true });
  } catch (error) {
    throw compileError(prepared, error);
  }
  return new CompiledTemplate(run, declaredLanguage(program, format));
}

/** Compiled templates of this worker, by content: a save never changes what a key compiles to. */
export class TemplateCache {
  private readonly entries: LruMap<string, CompiledTemplate>;

  constructor(capacity = 256) {
    this.entries = new LruMap(capacity);
  }

  get size(): number {
    return this.entries.size;
  }

  /** `key` names immutable content (a saved version); inline templates are keyed by their hash. */
  get(source: string, format: InputFormat, key?: string): CompiledTemplate {
    const cacheKey = `${format}:${key ?? `sha256:${createHash('sha256').update(source).digest('hex')}`}`;
    let compiled = this.entries.get(cacheKey);
    if (!compiled) {
      compiled = compile(source, format);
      this.entries.set(cacheKey, compiled);
    }
    return compiled;
  }
}
