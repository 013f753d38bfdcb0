// The reference the OpenAPI description and the playground show: every example is rendered here.
import { helperReferenceHtml, helperReferenceMarkdown, HELPER_REFERENCE } from './helper-reference';
import { BUILT_IN_HELPERS, HELPERS, type Locale } from './helpers';
import { OutputBudget } from '../common/output-budget';
import { TemplateCache } from './template-engine';

const templates = new TemplateCache();
const render = (template: string, data: unknown, locale: Locale): string =>
  templates.get(template, 'txt').render({ data, locale, budget: new OutputBudget(1024 * 1024, 'LIMIT') });

describe('the helper reference', () => {
  it.each(
    HELPER_REFERENCE.flatMap(({ example }) =>
      Object.entries(example.output).map(
        ([locale, output]) => [example.template, locale, output, example.data] as const,
      ),
    ),
  )('%s in %s writes what the reference says', (template, locale, output, data) => {
    expect(render(template, data, locale as Locale)).toBe(output);
  });

  it('has an entry, with an example using it, for every helper', () => {
    const covered = HELPER_REFERENCE.flatMap(({ helpers }) => helpers);
    expect([...covered].sort()).toEqual([...Object.keys(HELPERS), ...BUILT_IN_HELPERS].sort());
    for (const { helpers, example } of HELPER_REFERENCE)
      for (const helper of helpers)
        expect([helper, example.template]).toEqual([
          helper,
          expect.stringMatching(new RegExp(`[{( #]${helper}\\b`)),
        ]);
  });

  it('reads as Markdown and as HTML, the template escaped', () => {
    expect(helperReferenceMarkdown()).toContain(
      '- `chf value [symbol=false]`: A Swiss franc amount exactly as Intl formats it',
    );
    expect(helperReferenceMarkdown().split('\n')).toHaveLength(HELPER_REFERENCE.length);
    expect(helperReferenceHtml()).toContain('<code>{{default phone &#34;none given&#34;}}</code>');
    expect(helperReferenceHtml()).not.toMatch(/<script/i);
  });
});
