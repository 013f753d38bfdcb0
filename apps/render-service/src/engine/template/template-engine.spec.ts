/**
 * Times the same work at two sizes: runs with no other suite beside it (tools/jest/lanes.js).
 *
 * @lane alone
 */
import Handlebars from 'handlebars';

import { OutputBudget } from '../common/output-budget';
import { RenderError } from '../common/render-error';
import { checkTemplate, type CompiledTemplate, TemplateCache } from './template-engine';
import { TEMPLATE_MAX_DEPTH } from './template-nesting';

const sut = new TemplateCache();
const run = (
  source: string,
  format: 'json' | 'html' | 'md' | 'txt',
  data: unknown,
  locale?: 'de-CH' | 'fr-CH' | 'it-CH' | 'en',
) => sut.get(source, format).render({ data, locale, budget: new OutputBudget(1024 * 1024, 'LIMIT') });

const refusal = (work: () => unknown): RenderError => {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(RenderError);
    return error as RenderError;
  }
  throw new Error('expected a RenderError');
};

describe('template escaping by format', () => {
  const hostile = {
    name: '"}], "content": [{"text": "pwned"}], "x": ["',
    script: '</script><img src=x onerror=alert(1)>',
    mustache: '{{secret}} {{{secret}}}',
    secret: 'SECRET',
    size: '12, "color": "red"',
  };

  it('json: a value stays inside its string, whatever it holds', () => {
    const output = run('{"content": [{"text": "Dear {{name}} {{script}} {{mustache}}"}]}', 'json', hostile);
    expect(JSON.parse(output)).toEqual({
      content: [{ text: `Dear ${hostile.name} ${hostile.script} ${hostile.mustache}` }],
    });
  });

  it('json: a number stays a number and a string in its place makes the document invalid', () => {
    const template = '{"content": "x", "fontSize": {{size}} }';
    expect(JSON.parse(run(template, 'json', { size: 14 }))).toEqual({ content: 'x', fontSize: 14 });
    expect(() => JSON.parse(run(template, 'json', hostile))).toThrow(SyntaxError);
    expect(() => JSON.parse(run(template, 'json', { size: '[1, 2]' }))).toThrow(SyntaxError);
  });

  it('json: helpers and block output are escaped too', () => {
    const output = run('{"text": "{{upper name}}{{#each items}}{{this}}{{/each}}"}', 'json', {
      name: 'a"b',
      items: ['"', '\\'],
    });
    expect(JSON.parse(output)).toEqual({ text: 'A"B"\\' });
  });

  it('html: values are text, never markup', () => {
    const output = run('<p title="{{name}}">{{script}}</p>', 'html', hostile);
    expect(output).toBe(
      '<p title="&quot;}], &quot;content&quot;: [{&quot;text&quot;: &quot;pwned&quot;}], &quot;x&quot;: [&quot;">' +
        '&lt;/script&gt;&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;</p>',
    );
  });

  it('md: values cannot open emphasis, links, headings or HTML', () => {
    expect(run('Hello {{x}}', 'md', { x: '**bold** [a](http://x) <b>\n# h' })).toBe(
      'Hello \\*\\*bold\\*\\* \\[a\\]\\(http\\:\\/\\/x\\) \\<b\\> \\# h',
    );
  });

  it('txt: values are written as they are', () => {
    expect(run('Hello {{x}}', 'txt', { x: '<b>"x"</b>' })).toBe('Hello <b>"x"</b>');
  });

  it('never evaluates a mustache found in the data', () => {
    for (const format of ['json', 'html', 'md', 'txt'] as const) {
      expect(run('{{mustache}}', format, hostile)).not.toContain('SECRET');
    }
  });

  it('does not read prototypes', () => {
    expect(run('{{constructor}}{{__proto__}}{{toString}}', 'txt', {})).toBe('');
    expect(run('{{name.constructor.name}}', 'txt', { name: 'x' })).toBe('');
  });
});

describe('template checks', () => {
  it.each([
    ['triple-stash output', '{{{name}}}', 'TEMPLATE.UNESCAPED'],
    ['ampersand output', '{{& name}}', 'TEMPLATE.UNESCAPED'],
    ['a partial', '{{> header}}', 'TEMPLATE.PARTIAL'],
    ['an unknown helper', '{{shell "rm -rf /"}}', 'TEMPLATE.SYNTAX'],
    ['the log helper', '{{log "x"}}', 'TEMPLATE.SYNTAX'],
    ['a syntax error', '{{#each items}}', 'TEMPLATE.SYNTAX'],
  ])('refuses %s', (_case, source, code) => {
    expect(refusal(() => checkTemplate(source, 'json')).code).toBe(code);
    expect(refusal(() => sut.get(source, 'html')).code).toBe(code);
  });

  it('names the line of an unescaped output', () => {
    expect(refusal(() => checkTemplate('a\n b {{{x}}}', 'html')).message).toContain('line 2, column 4');
  });
});

describe('nesting', () => {
  const nestedIf = (levels: number): string => '{{#if a}}'.repeat(levels) + 'x' + '{{/if}}'.repeat(levels);

  it('refuses a template nested past the limit at the save check and at a render, where the level opens', () => {
    // The literal brace after {{x}} moves Handlebars' columns by one: the place is the author's.
    const source = `{"a": 1}\n{{x}}} ${nestedIf(TEMPLATE_MAX_DEPTH + 1)}`;
    for (const attempt of [() => checkTemplate(source, 'txt'), () => sut.get(source, 'txt')]) {
      const error = refusal(attempt);
      expect(error.code).toBe('TEMPLATE.TOO_DEEP');
      expect(error.position).toEqual({ line: 2, column: 7 + 9 * TEMPLATE_MAX_DEPTH + 1 });
      expect(error.message).toBe(
        `The template nests too deeply at line 2, column ${7 + 9 * TEMPLATE_MAX_DEPTH + 1}: a block opens ` +
          'level 101, past the limit of 100 levels (each block, {{else if}} of a chain and sub-expression ' +
          'inside another adds one).',
      );
    }
  });

  it('answers 3,000 nested blocks at once', () => {
    const started = performance.now();
    expect(refusal(() => checkTemplate(nestedIf(3000), 'html')).code).toBe('TEMPLATE.TOO_DEEP');
    expect(refusal(() => sut.get(nestedIf(3000), 'html')).code).toBe('TEMPLATE.TOO_DEEP');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('compiles and runs a template of every kind of level nested to the limit, and refuses one more', () => {
    const levels = (name: string): string =>
      '{{#each list}}{{#with this}}' +
      '{{#if ok}}'.repeat(TEMPLATE_MAX_DEPTH - 4) +
      `{{#unless no}}{{upper (lower ${name})}}{{/unless}}` +
      '{{/if}}'.repeat(TEMPLATE_MAX_DEPTH - 4) +
      '{{/with}}{{/each}}';
    const data = { list: [{ ok: true, no: false, name: 'Zoë' }] };
    checkTemplate(levels('name'), 'html');
    expect(run(levels('name'), 'html', data)).toBe('ZOË');
    const error = refusal(() => sut.get(levels('(lower name)'), 'html'));
    expect(error.code).toBe('TEMPLATE.TOO_DEEP');
    expect(error.message).toContain('a sub-expression opens level 101');
  });

  it('takes an {{else if}} chain of 99 and refuses one of 100', () => {
    const chain = (links: number): string =>
      '{{#if a0}}0' +
      Array.from({ length: links }, (_, i) => `{{else if a${i + 1}}}${i + 1}`).join('') +
      '{{/if}}';
    expect(run(chain(TEMPLATE_MAX_DEPTH - 1), 'txt', { a57: true })).toBe('57');
    const error = refusal(() => checkTemplate(chain(TEMPLATE_MAX_DEPTH), 'txt'));
    expect(error.message).toContain(
      `line 1, column ${chain(TEMPLATE_MAX_DEPTH).indexOf('{{else if a100}}') + 1}: an {{else}} that chains a block opens level 101`,
    );
  });
});

describe('compile time', () => {
  /** The process's CPU time of one compile (what other processes take does not count), and its result. */
  const compiled = (source: string): { template: CompiledTemplate; ms: number } => {
    const started = process.cpuUsage();
    const template = new TemplateCache().get(source, 'txt');
    const { user, system } = process.cpuUsage(started);
    return { template, ms: (user + system) / 1000 };
  };

  /** The work of Handlebars' compilers while `work` runs, counted as calls of their methods. */
  const compilerCalls = (work: () => void): number => {
    const internals = Handlebars as unknown as Record<
      'Compiler' | 'JavaScriptCompiler',
      { prototype: object }
    >;
    const prototypes = [internals.Compiler.prototype, internals.JavaScriptCompiler.prototype] as Array<
      Record<string, unknown>
    >;
    let calls = 0;
    const restore: Array<() => void> = [];
    for (const prototype of prototypes)
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const method = prototype[name];
        // `compiler` is a class the compilers construct, not a method.
        if (typeof method !== 'function' || name === 'constructor' || name === 'compiler') continue;
        prototype[name] = function (this: unknown, ...args: unknown[]): unknown {
          calls += 1;
          return (method as (...args: unknown[]) => unknown).apply(this, args);
        };
        restore.push(() => (prototype[name] = method));
      }
    try {
      work();
    } finally {
      for (const undo of restore) undo();
    }
    return calls;
  };

  it('compiles each block once, without comparing it with the blocks before', () => {
    // Blocks that each write a value: no two bodies compile alike (each reports its own place).
    const blocks = (count: number): string => '{{#if x}}{{y}}{{/if}}\n'.repeat(count);
    const calls = (count: number): number =>
      compilerCalls(() => new TemplateCache().get(blocks(count), 'txt'));
    // Linear: four times the blocks, at most four times the work (comparing each with the ones
    // before, Handlebars' way, did nearly 10 times the work).
    expect(calls(1000)).toBeLessThanOrEqual(4 * calls(250));
  });

  it('takes 20,000 blocks in a row, in time proportional to their number', () => {
    const blocks = (count: number): string => '{{#if x}}y{{/if}}'.repeat(count);
    compiled(blocks(100));
    // The least of two compiles at each size: a garbage collection that falls into one compile is
    // not the compiler's cost (one such run measured 2.2 times the small size's cost per block).
    const small = Math.min(compiled(blocks(1250)).ms, compiled(blocks(1250)).ms) / 1250;
    const [first, second] = [compiled(blocks(20_000)), compiled(blocks(20_000))];
    const large = first.ms < second.ms ? first : second;
    // Per block, 16 times as many cost at most twice as much (quadratic, they would cost 16 times).
    expect(large.ms / 20_000).toBeLessThan(2 * small);
    const budget = new OutputBudget(1024 * 1024, 'LIMIT');
    expect(large.template.render({ data: { x: true }, locale: undefined, budget })).toBe('y'.repeat(20_000));
  });
});

describe('}}} after a {{ expression: its end, then a literal }', () => {
  it.each([
    [
      'a number before an object closes',
      '{"text": "Total", "fontSize": {{size}}}',
      { size: 12 },
      '{"text": "Total", "fontSize": 12}',
    ],
    ['nested objects closing together', '{"a": {"b": {{n}}}}', { n: 1 }, '{"a": {"b": 1}}'],
    ['inside a block', '[{{#each xs}}{"v": {{this}}},{{/each}}]', { xs: [1, 2] }, '[{"v": 1},{"v": 2},]'],
    ['after a block closes', '{"ok": {{#if a}}true{{/if}}}', { a: true }, '{"ok": true}'],
    ['with whitespace control', '{"v": {{~n~}}}', { n: 3 }, '{"v":3}'],
  ])('reads %s', (_case, source, data, expected) => {
    expect(run(source, 'json', data)).toBe(expected);
    checkTemplate(source, 'json');
  });

  it('does the same in every format', () => {
    expect(run('{{name}}}', 'html', { name: 'a' })).toBe('a}');
    expect(run('{{name}}}}', 'txt', { name: 'a' })).toBe('a}}');
    expect(run('{{!-- a comment --}}}{{!x}}}', 'md', {})).toBe('}}');
  });

  it('leaves escaped mustaches and literal braces alone', () => {
    expect(run('\\{{x}}} }}}', 'txt', { x: 1 })).toBe('{{x}}} }}}');
  });

  it('still refuses a triple-stash opened with {{{', () => {
    expect(refusal(() => checkTemplate('{"v": {{{x}}} }', 'json')).code).toBe('TEMPLATE.UNESCAPED');
    expect(refusal(() => checkTemplate('{"v": {{{x}}}}', 'json')).code).toBe('TEMPLATE.SYNTAX');
  });
});

describe('compile errors', () => {
  it.each([
    ['an expression not closed', 'Dear\n  {{name}\n', 2, 9, /not closed with }}/],
    // Where the author opened what is never closed, not where Handlebars gave up (the end).
    ['a block never closed', '{{#each items}}\n{{name}}', 1, 1, /close every \{\{#block\}\}/],
    [
      'the inner of two blocks never closed, the template ending in a new line',
      'a\n{{#if x}}\n  {{#each items}}\n  {{name}}\n',
      3,
      3,
      /close every \{\{#block\}\}/,
    ],
    [
      'an expression not closed that runs into the next lines',
      'line 1\n{{default titleSize 14\nline 3 "x": 1\nline 4',
      2,
      1,
      /not closed with }}/,
    ],
    [
      'an expression not closed before the next one opens',
      '{\n  "a": "{{name",\n\n  "b": "{{other}}"\n}',
      2,
      11,
      /not closed with }}|opens before/,
    ],
    [
      'blocks closed out of order',
      'x\n{{#each a}}{{#if b}}{{/each}}{{/if}}',
      2,
      30,
      /\{\{\/each\}\} closes \{\{#if\}\}/,
    ],
    ['an unknown helper', 'Hello\n  {{formatDatum when}}', 2, 3, /'formatDatum' is not a helper.*each, if/],
    ['a position after a literal brace on the line', '{"a": {{x}}}, "b": {{y}', 1, 23, /not closed/],
  ])("names the line and column of %s, in the author's terms", (_case, source, line, column, reason) => {
    const error = refusal(() => checkTemplate(source, 'json'));

    expect(error.code).toBe('TEMPLATE.SYNTAX');
    expect(error.position).toEqual({ line, column });
    expect(error.message).toContain(`at line ${line}, column ${column}: `);
    expect(error.message).toMatch(reason);
    expect(error.message).not.toMatch(/knownHelpersOnly|Expecting|got '|Parse error/);
  });
});

describe('helpers', () => {
  const data = {
    date: '2026-03-05',
    amount: 1234567.5,
    n: 0.125,
    empty: '',
    items: [
      { q: 2, p: 1.5 },
      { q: 1, p: 10 },
    ],
  };

  // CLDR's separators as Intl writes them: an apostrophe (U+0027) groups the digits of the Swiss
  // locales, and a no-break space (U+00A0) joins CHF to its amount.
  it.each([
    ['de-CH', '5. März 2026', "1'234'567.50", "CHF\u00a01'234'567.50", '0.13'],
    ['fr-CH', '5 mars 2026', "1'234'567,50", "1'234'567.50\u00a0CHF", '0,13'],
    ['it-CH', '5 marzo 2026', "1'234'567.50", "CHF\u00a01'234'567.50", '0.13'],
    ['en', 'March 5, 2026', '1,234,567.50', 'CHF\u00a01,234,567.50', '0.13'],
  ] as const)('format dates, numbers and CHF amounts in %s', (locale, date, number, amount, small) => {
    const output = run(
      '{{formatDate date "long"}}|{{formatNumber amount 2}}|{{chf amount}}|{{formatNumber n 2}}',
      'txt',
      data,
      locale,
    );
    expect(output).toBe(`${date}|${number}|${amount}|${small}`);
  });

  it('lets a helper choose its locale, and refuses unknown locales', () => {
    expect(run('{{formatDate date "short" locale="en"}}', 'txt', data, 'de-CH')).toBe('3/5/26');
    expect(refusal(() => run('{{chf amount locale="xx"}}', 'txt', data)).code).toBe('TEMPLATE.LOCALE');
  });

  it('formats date and time in Swiss time', () => {
    expect(
      run('{{formatDate at "medium" time="short"}}', 'txt', { at: '2026-07-01T08:15:00Z' }, 'de-CH'),
    ).toBe('01.07.2026, 10:15');
  });

  it('falls back to defaults, leaves missing values empty, refuses what is not a number or date', () => {
    expect(run('{{default empty "n/a"}} {{default missing 3}} {{default amount 0}}', 'txt', data)).toBe(
      'n/a 3 1234567.5',
    );
    expect(run('[{{formatDate missing}}{{chf missing}}{{formatNumber missing}}]', 'txt', data)).toBe('[]');
    expect(refusal(() => run('{{chf "abc"}}', 'txt', {})).code).toBe('TEMPLATE.NOT_A_NUMBER');
    expect(refusal(() => run('{{formatDate "someday"}}', 'txt', {})).code).toBe('TEMPLATE.NOT_A_DATE');
    expect(refusal(() => run('{{formatDate date "weekly"}}', 'txt', data)).code).toBe('TEMPLATE.DATE_STYLE');
  });

  it('computes', () => {
    expect(
      run(
        '{{sum items "q" "p"}} {{sum items "q"}} {{multiply 3 (add 1 2)}} {{divide 1 4}} {{subtract 1 3}}',
        'txt',
        data,
      ),
    ).toBe('13 3 9 0.25 -2');
    expect(refusal(() => run('{{divide 1 0}}', 'txt', {})).code).toBe('TEMPLATE.ARITHMETIC');
  });

  it('offers each, if, unless, with and comparisons', () => {
    const template =
      '{{#each items}}{{@index}}:{{q}}{{#unless @last}},{{/unless}}{{/each}}' +
      '{{#with items.[1]}} p={{p}}{{/with}}' +
      '{{#if (and (gt amount 1000) (eq empty ""))}} big{{else}} small{{/if}}' +
      '{{#if (or (lt n 0) (not n))}} neg{{/if}}{{#if (gte 2 2)}} ge{{/if}}{{#if (ne 1 2)}} ne{{/if}}' +
      ' {{upper "straße"}} {{lower "ÉCOLE"}}';
    expect(run(template, 'txt', data)).toBe('0:2,1:1 p=10 big ge ne STRASSE école');
  });
});

describe('the language a template declares', () => {
  it.each([
    ['<!DOCTYPE html>\n<html lang="fr"><body>{{x}}</body></html>', 'html', 'fr-CH'],
    ["<HTML class='a' LANG='it-CH'>", 'html', 'it-CH'],
    ['<html data-x="1" lang=en>', 'html', 'en'],
    ['<html lang="{{lang}}">', 'html', undefined],
    ['<html lang="rm">', 'html', undefined],
    ['<html><p lang="fr">', 'html', undefined],
    ['<p>{{x}}</p>', 'html', undefined],
    ['<html lang="fr">', 'txt', undefined],
  ] as const)('%j (%s): %j', (source, format, language) => {
    expect(sut.get(source, format).language).toBe(language);
  });
});

describe(TemplateCache.name, () => {
  it('compiles a template once per content and key', () => {
    const cache = new TemplateCache(2);
    const first = cache.get('{{a}}', 'txt');
    expect(cache.get('{{a}}', 'txt')).toBe(first);
    expect(cache.get('{{a}}', 'html')).not.toBe(first);
    cache.get('{{b}}', 'txt');
    expect(cache.size).toBe(2);
    expect(cache.get('{{a}}', 'txt')).not.toBe(first);
    expect(cache.get('ignored', 'txt', 'version:7')).toBe(cache.get('other', 'txt', 'version:7'));
  });
});

describe('the output budget', () => {
  /** Records how much the budget was told, to show where a run stopped. */
  class RecordingBudget extends OutputBudget {
    told = 0;
    override wrote(length: number): void {
      this.told += length;
      super.wrote(length);
    }
  }
  const budgeted = (source: string, data: unknown, limit: number) => {
    const budget = new RecordingBudget(limit, 'RENDER_MAX_OUTPUT_BYTES');
    return { text: () => sut.get(source, 'txt').render({ data, locale: undefined, budget }), budget };
  };
  const squares = '{{#each a}}{{#each @root.a}}0123456789{{/each}}{{/each}}';

  it('stops a loop inside a loop long before the whole string exists', () => {
    // 2,000 x 2,000 x 10 characters would be 40 MB; the budget stops it past 1 MB.
    const { text, budget } = budgeted(squares, { a: Array.from({ length: 2000 }, (_, i) => i) }, 1024 * 1024);
    const error = refusal(text);
    expect(error.code).toBe('OUTPUT.TOO_LARGE');
    expect(error.message).toContain('1048576 bytes (1 MiB, RENDER_MAX_OUTPUT_BYTES)');
    // What the run wrote before it stopped (each character told once per enclosing block): past
    // the limit, yet nowhere near the 40 MB of the whole.
    expect(budget.told).toBeGreaterThan(1024 * 1024);
    expect(budget.told).toBeLessThan(4 * 1024 * 1024);
  });

  it('counts values as they are written, inside blocks and out', () => {
    const big = 'x'.repeat(100_000);
    expect(refusal(budgeted('{{v}}{{v}}{{v}}', { v: big }, 250_000).text).code).toBe('OUTPUT.TOO_LARGE');
    expect(refusal(budgeted('{{#if v}}{{v}}{{v}}{{v}}{{/if}}', { v: big }, 250_000).text).code).toBe(
      'OUTPUT.TOO_LARGE',
    );
    expect(
      refusal(budgeted('{{#with o}}{{v}}{{v}}{{v}}{{/with}}', { o: { v: big } }, 250_000).text).code,
    ).toBe('OUTPUT.TOO_LARGE');
  });

  it('counts each character once, however deep the blocks', () => {
    const data = { a: [1, 2, 3], b: ['x', 'y'] };
    const source = '{{#each a}}[{{#each @root.b}}{{this}}{{#if this}}!{{/if}}{{/each}}]{{/each}}';
    const { text } = budgeted(source, data, 1024);
    expect(text()).toBe('[x!y!][x!y!][x!y!]');
    // Exactly at the limit passes; one character less refuses.
    expect(budgeted(source, data, 18).text()).toHaveLength(18);
    expect(refusal(budgeted(source, data, 17).text).code).toBe('OUTPUT.TOO_LARGE');
  });

  it('counts the literal text of the template too', () => {
    expect(refusal(budgeted('x'.repeat(2000), {}, 1000).text).code).toBe('OUTPUT.TOO_LARGE');
  });
});
