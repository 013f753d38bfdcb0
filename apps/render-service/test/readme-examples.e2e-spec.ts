import { readFileSync } from 'node:fs';
import path from 'node:path';

import { closePdfExtractor, extractPdf } from './pdf-text';
import { render, type RenderBody, type RenderService, startRenderService } from './render-test-app';

const README = readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');

interface Example {
  readonly name: string;
  readonly inputFormat: string;
  readonly template: string;
  readonly data: unknown;
  readonly options: unknown;
}

/** The README's worked examples: each `#### \`demo-...\`` section's template, data and options. */
function workedExamples(): Example[] {
  return README.split(/^#### /m)
    .filter((section) => section.startsWith('`demo-'))
    .map((section) => {
      const part = (pattern: RegExp): string => {
        const match = pattern.exec(section);
        if (!match) throw new Error(`README section ${section.slice(0, 30)}: no ${pattern}`);
        return match[1];
      };
      return {
        name: part(/^`([^`]+)`/),
        inputFormat: part(/saved with `"inputFormat": "(\w+)"`/),
        template: part(/Template:\n\n```text\n([\s\S]*?)\n```/),
        data: JSON.parse(part(/Data:\n\n```text\n([\s\S]*?)\n```/)),
        options: JSON.parse(part(/Options: `(\{.*?\})`/)),
      };
    });
}

/**
 * The request bodies of the README's shell examples (`curl ... <<'JSON'`); those naming a branding
 * need config-service beside the service, and are rendered by branding.e2e-spec.ts.
 */
function requestExamples(): RenderBody[] {
  return [...README.matchAll(/<<'JSON'\n([\s\S]*?)\nJSON\n/g)]
    .map((match) => JSON.parse(match[1]) as RenderBody & { branding?: unknown })
    .filter((body) => body.branding === undefined);
}

/** The render jobs of the README's shell examples (`curl ... <<'JOB'`). */
const jobExamples = (): Array<Record<string, unknown>> =>
  [...README.matchAll(/<<'JOB'\n([\s\S]*?)\nJOB\n/g)].map(
    (match) => JSON.parse(match[1]) as Record<string, unknown>,
  );

const OUTPUTS: Record<string, string[]> = {
  json: ['pdf'],
  html: ['pdf', 'html'],
  md: ['pdf', 'html'],
  txt: ['pdf', 'txt'],
};

/**
 * What a document with a value left out shows: punctuation that lost the word before it (a line
 * that starts with a comma, a space before a comma or full stop, two commas), empty brackets or
 * quotes, or a value printed as what it is not.
 */
function strayPunctuation(text: string): string[] {
  const patterns = [
    /(^|\n)[ \t\u00a0\u202f]*[,.;:]/,
    /[ \t\u00a0\u202f],/,
    /,[ \t\u00a0\u202f]*,/,
    /[ \t\u00a0\u202f]\.(\s|$)/,
    /\(\s*\)|\[\s*\]|«\s*»|"\s*"/,
    /\b(undefined|null|NaN|Invalid Date)\b|\[object Object\]/,
  ];
  return patterns.flatMap((pattern) => {
    const match = pattern.exec(text);
    return match
      ? [`${pattern} at ${JSON.stringify(text.slice(Math.max(0, match.index - 30), match.index + 30))}`]
      : [];
  });
}

describe('render-service: the README examples render completely with their own data (HTTP, real PostgreSQL)', () => {
  let service: RenderService;

  beforeAll(async () => {
    service = await startRenderService('render_readme', { RENDER_DEMO_TEMPLATES: 'true' });
  });

  afterAll(async () => {
    await service?.close();
    await closePdfExtractor();
  });

  /** The document's text as a reader sees it, and the values its render found missing. */
  async function rendered(body: RenderBody) {
    const response = await render(service.renderer, body);
    if (response.status !== 200) throw new Error(`${response.status}: ${response.text}`);
    const text =
      body.outputFormat === 'pdf'
        ? (await extractPdf(response.bytes)).text
        : body.outputFormat === 'html'
          ? response.text
              .replace(/<(head|style|title)[\s\S]*?<\/\1>/g, '')
              .replace(/<[^>]+>/g, '\n')
              .replace(/\n\s*\n/g, '\n')
          : response.text;
    return { text, missing: response.headers.get('x-render-missing') };
  }

  it('finds the five worked examples and the shell examples in the README', () => {
    expect(workedExamples().map(({ name }) => name)).toEqual([
      'demo-invoice',
      'demo-letter',
      'demo-brief',
      'demo-report',
      'demo-notice',
      'demo-qr-bill',
    ]);
    expect(requestExamples().length).toBeGreaterThanOrEqual(2);
    expect(jobExamples().length).toBeGreaterThanOrEqual(1);
  });

  it.each(
    workedExamples().flatMap((example) =>
      OUTPUTS[example.inputFormat].map((outputFormat) => [example.name, outputFormat, example] as const),
    ),
  )(
    'renders %s as %s with no value missing and no stray punctuation',
    async (_name, outputFormat, example) => {
      const { text, missing } = await rendered({
        inputFormat: example.inputFormat,
        outputFormat,
        templateData: example.template,
        data: example.data,
        rendererOptions: example.options,
      });
      expect(missing).toBeNull();
      expect(strayPunctuation(text)).toEqual([]);
      expect(text.trim().length).toBeGreaterThan(100);
    },
  );

  it.each(requestExamples().map((body) => [String(body.templateName ?? body.templateData), body] as const))(
    'renders the shell example for %s as sent, complete',
    async (_name, body) => {
      const { text, missing } = await rendered(body);
      expect(missing).toBeNull();
      expect(strayPunctuation(text)).toEqual([]);
    },
  );

  it.each(jobExamples().map((body) => [String(body['fileName']), body] as const))(
    'runs the render job of the shell example %s to success, every item complete',
    async (_name, body) => {
      const created = await service.renderer.post<Record<string, any>>('/demo/v10-0/render-jobs', body);
      expect([created.status, created.status === 202 ? '' : created.text]).toEqual([202, '']);
      let job: Record<string, any> = created.body;
      for (let poll = 0; poll < 300 && ['queued', 'running'].includes(job.state as string); poll += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        job = (await service.renderer.get<Record<string, any>>(`/demo/v10-0/render-jobs/${created.body.id}`))
          .body;
      }
      const items = body['items'] as unknown[];
      expect(job).toMatchObject({ state: 'succeeded', counts: { total: items.length, done: items.length } });
      expect((await service.renderer.get(job['resultUrl'] as string)).status).toBe(200);
    },
  );

  it('would notice an example whose data leaves values out', async () => {
    const { text, missing } = await rendered({
      inputFormat: 'json',
      outputFormat: 'pdf',
      templateName: 'demo-invoice',
      data: { number: '2026-0042', lines: [{ description: 'Gebühr', quantity: 1, unitPrice: 450 }] },
    });
    expect(missing).toBe(
      'issuer.name, issuer.street, issuer.zip, issuer.city, customer.name, customer.street, customer.zip, customer.city, date',
    );
    expect(strayPunctuation(text)).not.toEqual([]);
  });
});
