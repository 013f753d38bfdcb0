/**
 * Times the same work at two sizes: runs with no other suite beside it (tools/jest/lanes.js).
 *
 * @lane alone
 */
import fc from 'fast-check';
import Handlebars from 'handlebars';

import { firstTooDeep, TEMPLATE_MAX_DEPTH } from './template-nesting';

type Node = hbs.AST.Node & Record<string, unknown>;

/**
 * The depth of Handlebars' own tree, walked plainly: each block (an `{{else if}}` is a block in the
 * inverse of the one before) and each sub-expression is a level below the node that holds it.
 */
function treeDepth(node: Node | null | undefined, level = 0): number {
  if (!node) return level;
  const below = (nodes: readonly unknown[], at: number): number =>
    Math.max(at, ...nodes.map((child) => treeDepth(child as Node, at)));
  const argumentsOf = (call: Node): unknown[] => [
    call['path'],
    ...(call['params'] as unknown[]),
    ...((call['hash'] as hbs.AST.Hash | undefined)?.pairs.map((pair) => pair.value) ?? []),
  ];
  switch (node.type) {
    case 'Program':
      return below(node['body'] as unknown[], level);
    case 'BlockStatement':
    case 'PartialBlockStatement':
      return below([...argumentsOf(node), node['program'], node['inverse']], level + 1);
    case 'SubExpression':
      return below(argumentsOf(node), level + 1);
    case 'MustacheStatement':
      return below(argumentsOf(node), level);
    default:
      return level;
  }
}

/** The depth the scan finds: the smallest limit it lets through. */
function scannedDepth(text: string): number {
  let depth = 0;
  while (firstTooDeep(text, depth)) depth += 1;
  return depth;
}

const nestedIf = (levels: number): string => '{{#if a}}'.repeat(levels) + 'x' + '{{/if}}'.repeat(levels);
/** An `{{#if}}` with `links` `{{else if}}` chained to it: 1 + links levels. */
const elseIfChain = (links: number): string =>
  '{{#if a0}}0' +
  Array.from({ length: links }, (_, i) => `{{else if a${i + 1}}}${i + 1}`).join('') +
  '{{/if}}';
const nestedNot = (levels: number): string =>
  '{{not ' + '(not '.repeat(levels) + 'a' + ')'.repeat(levels) + '}}';

describe(firstTooDeep.name, () => {
  it('lets blocks nested to the limit through and refuses one more, where it opens', () => {
    expect(firstTooDeep(nestedIf(TEMPLATE_MAX_DEPTH))).toBeUndefined();
    expect(firstTooDeep(nestedIf(TEMPLATE_MAX_DEPTH + 1))).toEqual({
      kind: 'block',
      line: 1,
      column: 9 * TEMPLATE_MAX_DEPTH,
    });
  });

  it('counts every {{else if}} of a chain as a level, as Handlebars nests each in the one before', () => {
    expect(scannedDepth(elseIfChain(3))).toBe(4);
    expect(firstTooDeep(elseIfChain(TEMPLATE_MAX_DEPTH - 1))).toBeUndefined();
    const refused = firstTooDeep(`\n  ${elseIfChain(TEMPLATE_MAX_DEPTH)}`);
    expect(refused).toMatchObject({ kind: 'else', line: 2 });
    expect(`\n  ${elseIfChain(TEMPLATE_MAX_DEPTH)}`.split('\n')[1].slice(refused?.column)).toMatch(
      new RegExp(`^\\{\\{else if a${TEMPLATE_MAX_DEPTH}\\}\\}`),
    );
  });

  it('ends a chain with its block: chains one after another do not add up', () => {
    expect(scannedDepth(elseIfChain(60).repeat(3))).toBe(61);
    expect(scannedDepth(`{{#each xs}}${elseIfChain(5)}${elseIfChain(2)}{{/each}}`)).toBe(7);
  });

  it('counts sub-expressions, inside blocks and out', () => {
    expect(firstTooDeep(nestedNot(TEMPLATE_MAX_DEPTH))).toBeUndefined();
    expect(firstTooDeep(nestedNot(TEMPLATE_MAX_DEPTH + 1))).toEqual({
      kind: 'sub-expression',
      line: 1,
      column: 6 + 5 * TEMPLATE_MAX_DEPTH,
    });
    expect(
      scannedDepth('{{#if (eq (upper a) "A")}}{{else if (not b)}}{{chf (multiply (add a b) c)}}{{/if}}'),
    ).toBe(4);
    expect(scannedDepth('{{lookup o key=(not (not a)) other=(not b)}}')).toBe(2);
  });

  it('counts every kind of block alike', () => {
    const mixed =
      '{{#each a}}{{#with b}}{{^c}}{{#unless d}}{{#if e}}{{{{raw}}}}x{{{{/raw}}}}{{/if}}{{/unless}}{{/c}}{{/with}}{{/each}}';
    expect(scannedDepth(mixed)).toBe(6);
    expect(firstTooDeep(mixed, 5)).toEqual({ kind: 'block', line: 1, column: mixed.indexOf('{{{{raw') });
  });

  it('reads the template as Handlebars does: strings, comments, escapes and raw text open nothing', () => {
    const opens = '{{#if a}}'.repeat(5);
    for (const text of [
      `{{eq a "${opens}((("}}`,
      `{{eq a '${opens}'}}`,
      `{{!-- ${opens} --}}`,
      `{{! ${opens.replaceAll('}}', '')} }}`,
      opens.replaceAll('{{', '\\{{'),
      `{{{{raw}}}}${opens}{{{{/raw}}}}`,
      `{{[${opens.replaceAll('}}', '')}]}}`,
    ])
      expect([text, scannedDepth(text)]).toEqual([text, text.startsWith('{{{{') ? 1 : 0]);
  });

  it('leaves a template that closes what is not open to the parser, which names the error', () => {
    expect(firstTooDeep(`{{/if}}${nestedIf(TEMPLATE_MAX_DEPTH + 1)}`)).toBeUndefined();
    expect(firstTooDeep(`{{else if a}}${nestedIf(TEMPLATE_MAX_DEPTH + 1)}`)).toBeUndefined();
    expect(firstTooDeep(`{{#if (a}}${nestedIf(TEMPLATE_MAX_DEPTH + 1)}`)).toBeUndefined();
    expect(() => Handlebars.parse('{{#if (a}}')).toThrow();
  });

  it('finds the depth of Handlebars’ own tree, whatever the template', () => {
    const value = fc.constantFrom('a', 'b.c', '"{{#if x}}"', "')('", '1', '@index');
    const tree = fc.letrec<{ argument: string; statement: string; body: string }>((tie) => ({
      argument: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        value,
        fc
          .tuple(fc.constantFrom('not', 'upper', 'eq'), tie('argument'))
          .map(([helper, inner]) => `(${helper} ${inner})`),
      ),
      statement: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom('x', ' }}', '{{a}}', '{{!-- {{#if a}} --}}', '\\{{#if a}}', '\n'),
        tie('argument').map((argument) => `{{eq ${argument} a}}`),
        fc
          .tuple(
            fc.constantFrom('if', 'unless', 'with', 'each'),
            tie('argument'),
            tie('body'),
            fc.option(tie('body')),
          )
          .map(
            ([helper, argument, body, inverse]) =>
              `{{#${helper} ${argument}}}${body}${inverse === null ? '' : `{{else}}${inverse}`}{{/${helper}}}`,
          ),
        fc
          .tuple(tie('body'), fc.array(fc.tuple(tie('argument'), tie('body')), { maxLength: 4 }))
          .map(
            ([body, links]) =>
              `{{#if a}}${body}${links.map(([argument, link]) => `{{else if ${argument}}}${link}`).join('')}{{/if}}`,
          ),
        tie('body').map((body) => `{{^a}}${body}{{/a}}`),
      ),
      body: fc.array(tie('statement'), { maxLength: 3 }).map((statements) => statements.join('')),
    }));
    fc.assert(
      fc.property(tree.body, (text) => {
        expect(scannedDepth(text)).toBe(treeDepth(Handlebars.parse(text) as unknown as Node));
      }),
      { numRuns: 300 },
    );
  });

  it('reads a large template once, in time proportional to its size', () => {
    const flat = '{{#if x}}{{y}}{{/if}}\n'.repeat(20_000);
    const cpuMs = (text: string): number => {
      const started = process.cpuUsage();
      firstTooDeep(text);
      const { user, system } = process.cpuUsage(started);
      return (user + system) / 1000;
    };
    cpuMs(flat.slice(0, flat.length / 40));
    const small = Math.min(cpuMs(flat.slice(0, flat.length / 16)), cpuMs(flat.slice(0, flat.length / 16)));
    // Per character, the whole costs at most twice a sixteenth (a quadratic scan would be 16 times).
    expect(cpuMs(flat) / 16).toBeLessThan(2 * small);
  });
});
