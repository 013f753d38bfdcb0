// docs/template-helpers.md shows what each helper writes: every example there is rendered here, so
// the page cannot drift from the service, and every helper must have one.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { BUILT_IN_HELPERS, HELPERS, isLocale, type Locale } from './helpers';
import { OutputBudget } from '../common/output-budget';
import { TemplateCache } from './template-engine';

const DOCUMENT = path.resolve(__dirname, '../../../../../docs/template-helpers.md');

interface DocumentedExample {
  readonly template: string;
  readonly data: unknown;
  readonly outputs: ReadonlyArray<readonly [Locale, string]>;
}

/** The page's ```text blocks of `template:`, `data:` and one line per locale. */
function documentedExamples(markdown: string): DocumentedExample[] {
  return [...markdown.matchAll(/```text\n([\s\S]*?)\n```/g)].map(([, block]) => {
    const fields = block.split('\n').map((line) => {
      const match = /^([\w-]+):\s+(.*)$/.exec(line);
      if (!match) throw new Error(`docs/template-helpers.md: "${line}" is not "name: value"`);
      return [match[1], match[2]] as const;
    });
    const field = (name: string): string => {
      const found = fields.find(([key]) => key === name);
      if (!found) throw new Error(`docs/template-helpers.md: an example without "${name}:"\n${block}`);
      return found[1];
    };
    const outputs = fields.filter(([key]) => key !== 'template' && key !== 'data');
    for (const [key] of outputs) {
      if (!isLocale(key)) throw new Error(`docs/template-helpers.md: "${key}" is not a locale\n${block}`);
    }
    return {
      template: field('template'),
      data: JSON.parse(field('data')),
      outputs: outputs as ReadonlyArray<readonly [Locale, string]>,
    };
  });
}

const templates = new TemplateCache();
const render = (template: string, data: unknown, locale: Locale): string =>
  templates.get(template, 'txt').render({ data, locale, budget: new OutputBudget(1024 * 1024, 'LIMIT') });

const examples = documentedExamples(readFileSync(DOCUMENT, 'utf8'));

describe('docs/template-helpers.md', () => {
  it.each(
    examples.flatMap((example) =>
      example.outputs.map(([locale, output]) => [example.template, locale, output, example.data] as const),
    ),
  )('%s in %s writes what the page says', (template, locale, output, data) => {
    expect(render(template, data, locale)).toBe(output);
  });

  it('has an example of every helper', () => {
    const used = (helper: string): boolean =>
      examples.some((example) =>
        new RegExp(`\\{\\{[#/]?\\(?(?:[^}]*[\\s(])?${helper}\\b`).test(example.template),
      );
    const missing = [...Object.keys(HELPERS), ...BUILT_IN_HELPERS].filter((helper) => !used(helper));
    expect(missing).toEqual([]);
  });
});
