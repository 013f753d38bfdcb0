import { OutputBudget } from '../common/output-budget';
import { MissingValues } from './missing-values';
import { TemplateCache } from './template-engine';

const templates = new TemplateCache();

/** Renders and answers the text and the paths found missing, each as `path@line:column`. */
function run(source: string, data: unknown, format: 'json' | 'html' | 'md' | 'txt' = 'txt') {
  const missing = new MissingValues();
  const text = templates
    .get(source, format)
    .render({ data, locale: 'de-CH', budget: new OutputBudget(1024 * 1024, 'LIMIT'), missing });
  return { text, missing: missing.list.map(({ path, line, column }) => `${path}@${line}:${column}`) };
}

describe('values a template asks for and the data lacks', () => {
  const data = {
    recipient: { name: 'Chloé', title: null, note: '' },
    count: 0,
    flag: false,
    lines: [{ description: 'a', price: 1 }, { description: 'b' }],
    date: '2026-03-05',
  };

  it('names a path as written, at the place of its first miss, once', () => {
    expect(run('Dear {{recipent.name}},\n{{recipent.name}} {{recipient.name}}', data)).toEqual({
      text: 'Dear ,\n Chloé',
      missing: ['recipent.name@1:8'],
    });
  });

  it('counts present values as found, even when empty, null, zero or false', () => {
    expect(run('{{recipient.title}}|{{recipient.note}}|{{count}}|{{flag}}', data).missing).toEqual([]);
  });

  it('reports helper arguments, block lists and hash values, in the order of their misses', () => {
    const result = run(
      '{{formatDate dueDate "long"}}\n{{#each items}}x{{/each}}{{chf amount locale=lang}}',
      data,
    );
    expect(result.missing).toEqual(['dueDate@1:14', 'items@2:9', 'amount@2:32', 'lang@2:46']);
  });

  it('reports what a loop misses in some items, and paths through block parameters, @root and ../', () => {
    const result = run(
      '{{#each lines as |line|}}{{line.description}} {{price}} {{@root.currency}} {{../total}} {{@index}}{{/each}}',
      data,
    );
    expect(result.text).toBe('a 1   0b    1');
    expect(result.missing).toEqual(['@root.currency@1:59', '../total@1:78', 'price@1:49']);
  });

  it('leaves out what a presence test asks about: if, unless, with, default, and, or, not, eq, ne', () => {
    const template =
      '{{#if dueDate}}{{dueDate}}{{/if}}{{#unless a}}{{/unless}}{{#with b}}{{/with}}{{default note "n"}}' +
      '{{#if (and c (or d (not e)))}}{{/if}}{{#if (eq f g)}}{{/if}}{{#if (ne h 1)}}{{/if}}{{#section}}x{{/section}}';
    expect(run(template, data)).toEqual({ text: 'n', missing: [] });
  });

  it('still reports a miss inside what a presence test receives from another helper', () => {
    expect(run('{{#if (gt total 100)}}big{{/if}}{{default (upper nickname) "-"}}', data).missing).toEqual([
      'total@1:11',
      'nickname@1:50',
    ]);
  });

  it('does not report the context itself, literals, or prototype properties as found', () => {
    expect(
      run('{{this.recipient.name}}{{#each lines}}{{.}}{{/each}}{{upper "x"}}{{constructor}}', data).missing,
    ).toEqual(['constructor@1:68']);
  });

  it('maps positions back to the author’s template past a }}} in json', () => {
    const result = run(
      '{"content": [{"text": "x", "fontSize": {{size}}}, {"text": "{{missing}}"}]}',
      {},
      'json',
    );
    expect(result.missing).toEqual(['size@1:42', 'missing@1:63']);
  });

  it('reports in every input format', () => {
    for (const format of ['json', 'html', 'md', 'txt'] as const)
      expect(run('{{a.b}}', {}, format).missing).toEqual(['a.b@1:3']);
  });

  it('records nothing when the render is not asked to', () => {
    const output = templates
      .get('{{gone}}', 'txt')
      .render({ data: {}, locale: 'de-CH', budget: new OutputBudget(1024, 'LIMIT') });
    expect(output).toBe('');
  });
});
