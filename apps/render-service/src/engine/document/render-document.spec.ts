import { RenderError } from '../common/render-error';
import { installFonts } from '../pdf/fonts';
import { layoutFailure } from '../pdf/layout-failures';
import { HELPERS } from '../template/helpers';
import { TemplateCache } from '../template/template-engine';
import { type RenderOutcome, type RenderTask, runTask } from './render-document';

const templates = new TemplateCache();

const task = (inputFormat: RenderTask['inputFormat'], template: string, data: unknown = {}): RenderTask => ({
  kind: 'render',
  inputFormat,
  outputFormat: 'pdf',
  template,
  templateLabel: 'test',
  data: JSON.stringify(data),
  rendererOptions: null,
});

const refusal = async (rendering: RenderTask): Promise<Extract<RenderOutcome, { ok: false }>> => {
  const outcome = await runTask(rendering, templates);
  if (outcome.ok) throw new Error(`expected ${rendering.template.slice(0, 200)} to be refused`);
  return outcome;
};

/** What a library says of itself, which must never reach the client (contract 5). */
const LIBRARY_WORDS =
  /Cannot read properties|Cannot set properties|Cannot assign|is not a function|_calcWidth|_minWidth|unsupported number|Row data|Unrecognized document structure|in JSON at position|Unexpected token/;

/** 500 KB of caller input, and the longest run of it any message may repeat. */
const HALF_MB = 'x'.repeat(500_000);
const TOO_MUCH_INPUT = /x{201}/;

describe("render failures: stable messages of ours, never a library's, never more than 200 characters of input", () => {
  beforeAll(() => installFonts(undefined));

  describe('malformed pdfmake documents (json templates): 422 naming the node, before pdfmake fails inside', () => {
    it.each([
      [
        'a row shorter than the first (the _calcWidth case)',
        '{"content":[{"table":{"body":[["a"],["b","c"]]}}]}',
        'content[0].table.body[1] has 2 cells: every row has one cell for the one column of the first row',
      ],
      [
        'a row missing a cell',
        '{"content":[{"table":{"body":[["a","b"],["c"]]}}]}',
        'content[0].table.body[1] has no cell for column 2',
      ],
      [
        'a rowSpan without its placeholder',
        '{"content":[{"table":{"body":[[{"text":"a","rowSpan":2},"b"],["c"]]}}]}',
        'content[0].table.body[1] has no cell for column 2',
      ],
      [
        'a colSpan past the last column',
        '{"content":[{"table":{"body":[[{"text":"a","colSpan":3},{}],["b","c"]]}}]}',
        "content[0].table.body[0][0].colSpan covers 3 columns from column 1, past the table's 2.",
      ],
      [
        'a rowSpan past the last row',
        '{"content":[{"table":{"body":[[{"text":"a","rowSpan":5}]]}}]}',
        "content[0].table.body[0][0].rowSpan covers 5 rows from row 1, past the table's 1.",
      ],
      [
        'fewer widths than columns',
        '{"content":[{"table":{"widths":["*"],"body":[["a","b"]]}}]}',
        'content[0].table.widths has 1 widths for 2 columns',
      ],
      [
        'a width that is none',
        '{"content":[{"table":{"widths":["*","x%"],"body":[["a","b"]]}}]}',
        "content[0].table.widths[1] must be a width: a number, '*', 'auto' or a percentage such as '25%'.",
      ],
      [
        'a body that is not a list',
        '{"content":[{"table":{"body":"x"}}]}',
        'content[0].table.body must be a list of rows',
      ],
      [
        'an empty body',
        '{"content":[{"table":{"body":[]}}]}',
        'content[0].table.body must be a list of rows',
      ],
      [
        'a row that is not a list',
        '{"content":[{"table":{"body":[null]}}]}',
        'content[0].table.body[0] must be a list of cells.',
      ],
      [
        'a table without a body',
        '{"content":[{"table":{}}]}',
        'content[0].table.body must be a list of rows',
      ],
      [
        'more header rows than rows',
        '{"content":[{"table":{"headerRows":3,"body":[["a"]]}}]}',
        'content[0].table.headerRows is 3, but the table has 1 rows.',
      ],
      [
        'a layout of functions',
        '{"content":[{"table":{"body":[["a"]]},"layout":{"hLineWidth":1}}]}',
        'content[0].layout.hLineWidth is a function in pdfmake',
      ],
      [
        'columns that are not a list',
        '{"content":[{"columns":"x"}]}',
        'content[0].columns must be a list of nodes.',
      ],
      [
        'a stack that is an object',
        '{"content":[{"stack":{}}]}',
        'content[0].stack must be a list of nodes.',
      ],
      ['a list that is a number', '{"content":[{"ol":5}]}', 'content[0].ol must be a list of nodes.'],
      [
        'a canvas vector without its numbers',
        '{"content":[{"canvas":[{"type":"line","x1":0,"y1":0,"x2":"x","y2":0}]}]}',
        'content[0].canvas[0].x2 must be a number: a line needs x1, y1, x2, y2.',
      ],
      ['a canvas of null', '{"content":[{"canvas":[null]}]}', 'content[0].canvas[0] must be a vector'],
      ['a node of no kind', '{"content":[{"margin":5}]}', 'content[0] is not a node pdfmake knows'],
      [
        'a margin of text',
        '{"content":[{"text":"a","margin":[5,"x"]}]}',
        'content[0].margin[1] must be a number',
      ],
      [
        'a QR code of a number',
        '{"content":[{"qr":5}]}',
        'content[0].qr must be the text the QR code holds.',
      ],
      [
        'a watermark whose text is a number (pdfmake would loop for ever)',
        '{"watermark":{"text":5},"content":["a"]}',
        'watermark.text must be a text.',
      ],
      [
        'a footer table of text',
        '{"footer":{"table":{"body":"x"}},"content":["a"]}',
        'footer.table.body must be a list of rows',
      ],
      [
        'a textReference to nothing',
        '{"content":[{"textReference":"nowhere"}]}',
        "A textReference of the document names the id 'nowhere', which no node of the document has.",
      ],
    ])('%s', async (_label, template, message) => {
      const outcome = await refusal(task('json', template));
      expect(outcome).toMatchObject({ code: 'DOCUMENT.INVALID', message: expect.stringContaining(message) });
      expect(outcome.message).not.toMatch(LIBRARY_WORDS);
      expect(outcome.internal).toBeUndefined();
    });

    it.each([
      [
        'an image that is no image',
        '{"content":[{"image":"data:image/png;base64,AAAA"}]}',
        /^An image of the document could not be read/,
      ],
      ['an SVG that is none', '{"content":[{"svg":"<svg"}]}', /^An SVG of the document could not be read/],
      [
        'an unknown font',
        '{"content":[{"text":"a","font":"Nope"}]}',
        /^The document names the font 'Nope', which is not installed; the fonts are Roboto\.$/,
      ],
      [
        'an unknown page size',
        '{"pageSize":"XX","content":["a"]}',
        /^The document's pageSize is not a page size pdfmake knows/,
      ],
      [
        'twice the same id',
        '{"content":[{"text":"a","id":"x"},{"text":"b","id":"x"}]}',
        /^Two nodes of the document have the id 'x'/,
      ],
      [
        'a link to a page the document lacks',
        '{"content":[{"text":"a","link":5}]}',
        /^A link of the document goes to page '5'/,
      ],
    ])("%s: pdfmake's reason, in words of ours", async (_label, template, message) => {
      const outcome = await refusal(task('json', template));
      expect(outcome.message).toMatch(message);
      expect(outcome.message).not.toMatch(LIBRARY_WORDS);
    });

    it('renders the odd documents pdfmake lays out: only what it fails on is refused', async () => {
      for (const template of [
        '{"content":[{"table":{"body":[[{}]]}}]}',
        '{"content":[{"table":{"widths":["*","*","*"],"body":[["a"]]}}]}',
        '{"content":[{"table":{"body":[["b","c"],[{"text":"a","colSpan":2}]]}}]}',
        '{"content":[{"table":{"body":[[{"text":"a","rowSpan":2},"b"],[{},"c"]]}}]}',
        '{"content":[{"table":{"body":[["a"]]},"layout":{"fillColor":"#eeeeee","defaultBorder":false}}]}',
        '{"content":[{"text":"a","fontSize":"12","margin":[5,5]},null,5,{},{"ol":[null]},{"canvas":[{"type":"blob"}]}]}',
        '{"content":[{"text":"a","id":"x"},{"pageReference":"x"}]}',
      ])
        expect((await runTask(task('json', template), templates)).ok).toBe(true);
    });

    it('answers what fails inside pdfmake in general words naming the kind of node, and keeps the original for the log', async () => {
      const outcome = await refusal(task('json', '{"content":[{"columns":["a","b"],"columnGap":"x"}]}'));
      expect(outcome).toMatchObject({
        code: 'DOCUMENT.NOT_A_NUMBER',
        message: expect.stringMatching(
          /^pdfmake could not lay out a text of the document: a value that must be a number is not one/,
        ),
        internal: { name: 'Error', message: expect.stringMatching(/^unsupported number/) },
      });
      expect(outcome.message).not.toMatch(LIBRARY_WORDS);
      expect(outcome.internal?.frames.length).toBeGreaterThan(0);
    });
  });

  describe(layoutFailure.name, () => {
    const thrownIn = (frame: string, message: string): TypeError => {
      const error = new TypeError(message);
      error.stack = `TypeError: ${message}\n    at ${frame} (/app/node_modules/pdfmake/js/x.js:1:1)\n    at LayoutBuilder.processNode (x.js:2:2)`;
      return error;
    };

    it.each([
      ['DocMeasure.measureTable', 'a table of the document; check that every row has one cell per column'],
      ['LayoutBuilder.processColumns', 'columns of the document; check that columns is a list of nodes'],
      ['DocMeasure.measureImage', 'an image of the document; check that'],
      ['LayoutBuilder.processCanvas', 'a canvas of the document; check that'],
      ['LayoutBuilder.addWatermark', 'the watermark of the document; check that'],
      ['Object.elsewhere', 'the document; check that stack, columns, ul, ol and table.body are lists'],
    ])('names the kind of node from the innermost pdfmake function (%s), the cause kept', (frame, words) => {
      const cause = thrownIn(frame, "Cannot read properties of undefined (reading '_calcWidth')");
      const failure = layoutFailure(cause, ['Roboto']);
      expect(failure).toBeInstanceOf(RenderError);
      expect(failure.message).toContain(`pdfmake could not lay out ${words}`);
      expect(failure.message).not.toMatch(LIBRARY_WORDS);
      expect(failure.cause).toBe(cause);
    });
  });

  describe('caller input in a message: at most 200 characters of it', () => {
    const long = HALF_MB;
    it.each([
      ['formatDate of a long text', '{{formatDate d}}', { d: long }, 'TEMPLATE.NOT_A_DATE'],
      ['formatDate of a long object', '{{formatDate d}}', { d: { long } }, 'TEMPLATE.NOT_A_DATE'],
      ['formatDate with a long style', '{{formatDate "2024-01-01" d}}', { d: long }, 'TEMPLATE.DATE_STYLE'],
      [
        'formatDate with a long time style',
        '{{formatDate "2024-01-01" time=d}}',
        { d: long },
        'TEMPLATE.DATE_STYLE',
      ],
      [
        'formatDate with a long time zone',
        '{{formatDate "2024-01-01" timeZone=d}}',
        { d: long },
        'TEMPLATE.TIME_ZONE',
      ],
      [
        'formatDate with a long locale',
        '{{formatDate "2024-01-01" locale=d}}',
        { d: long },
        'TEMPLATE.LOCALE',
      ],
      ['formatNumber of a long text', '{{formatNumber d}}', { d: long }, 'TEMPLATE.NOT_A_NUMBER'],
      ['chf of a long text', '{{chf d}}', { d: long }, 'TEMPLATE.NOT_A_NUMBER'],
      ['chf with a long locale', '{{chf 1 locale=d}}', { d: long }, 'TEMPLATE.LOCALE'],
      ['add of a long text', '{{add d 1}}', { d: long }, 'TEMPLATE.NOT_A_NUMBER'],
      ['subtract of a long text', '{{subtract 1 d}}', { d: long }, 'TEMPLATE.NOT_A_NUMBER'],
      ['multiply of a long text', '{{multiply d 2}}', { d: long }, 'TEMPLATE.NOT_A_NUMBER'],
      ['divide of a long text', '{{divide d 2}}', { d: long }, 'TEMPLATE.NOT_A_NUMBER'],
      ['sum of long texts', '{{sum d}}', { d: [long] }, 'TEMPLATE.NOT_A_NUMBER'],
      ['lt of a long text', '{{#if (lt d 1)}}a{{/if}}', { d: long }, 'TEMPLATE.NOT_A_NUMBER'],
      ['gte of a long text', '{{#if (gte 1 d)}}a{{/if}}', { d: long }, 'TEMPLATE.NOT_A_NUMBER'],
    ])('%s', async (_label, template, data, code) => {
      const outcome = await refusal(task('txt', template, data));
      expect(outcome.code).toBe(code);
      expect(outcome.message).not.toMatch(TOO_MUCH_INPUT);
      expect(outcome.message.length).toBeLessThan(400);
    });

    it.each(Object.keys(HELPERS))(
      '%s, given 500 KB as each of its arguments and options, refuses it (if at all) repeating at most 200 characters',
      async (helper) => {
        for (const call of [
          `${helper} d`,
          `${helper} 1 d`,
          `${helper} d d`,
          `${helper} 1 locale=d`,
          `${helper} "2024-01-01" time=d`,
        ]) {
          for (const d of [long, { long }, [long]]) {
            // Text out: what a helper writes of 500 KB need not be laid out as a PDF here.
            const outcome = await runTask(
              { ...task('txt', `{{${call}}}`, { d }), outputFormat: 'txt' },
              templates,
            );
            if (outcome.ok) continue;
            expect(outcome.message).not.toMatch(TOO_MUCH_INPUT);
            expect(outcome.message.length).toBeLessThan(400);
          }
        }
      },
    );

    it.each([
      ['a long unknown helper', `{{${long} 1}}`, 'TEMPLATE.SYNTAX'],
      ['a long block closed by another', `{{#each a}}{{/${long}}}`, 'TEMPLATE.SYNTAX'],
      ['a long missing value (strict)', `{{${long}}}`, 'TEMPLATE.MISSING_VALUES'],
    ])('a template with %s', async (_label, template, code) => {
      const outcome = await refusal({ ...task('txt', template), rendererOptions: '{"strict": true}' });
      expect(outcome.code).toBe(code);
      expect(outcome.message).not.toMatch(TOO_MUCH_INPUT);
      // The unknown helper's message lists the helpers: some 300 characters of ours.
      expect(outcome.message.length).toBeLessThan(600);
    });

    it.each([
      ['data that is not JSON', { data: `{"a": "${long}" "b"}` }, 'DATA.MALFORMED'],
      ['options that are not JSON', { rendererOptions: `{"a": "${long}" "b"}` }, 'OPTIONS.MALFORMED'],
      ['a long unknown option', { rendererOptions: JSON.stringify({ [long]: 1 }) }, 'OPTIONS.UNKNOWN'],
      [
        'many unknown options',
        {
          rendererOptions: JSON.stringify(
            Object.fromEntries(Array.from({ length: 5000 }, (_, n) => [`x${n}${'x'.repeat(50)}`, 1])),
          ),
        },
        'OPTIONS.UNKNOWN',
      ],
      ['a long page size', { rendererOptions: JSON.stringify({ pageSize: long }) }, 'OPTIONS.INVALID'],
      [
        'a long unknown watermark property',
        { rendererOptions: JSON.stringify({ watermark: { text: 'a', [long]: 1 } }) },
        'OPTIONS.INVALID',
      ],
      [
        'a long unknown info property',
        { rendererOptions: JSON.stringify({ info: { [long]: 'a' } }) },
        'OPTIONS.INVALID',
      ],
      [
        'json output that is not JSON',
        { template: `{"content": ["{{a}}" "x"]}`, data: JSON.stringify({ a: long }) },
        'TEMPLATE.NOT_JSON',
      ],
      [
        'a resource under a long name',
        { template: `{"content": [{"${long}": {"image": "file:///etc/passwd"}}]}` },
        'DOCUMENT.EXTERNAL_RESOURCE',
      ],
      [
        'a long font name',
        { template: `{"content": [{"text": "a", "font": "${long}"}]}` },
        'DOCUMENT.INVALID',
      ],
      [
        'a long duplicate id',
        { template: `{"content": [{"text": "a", "id": "${long}"}, {"text": "b", "id": "${long}"}]}` },
        'DOCUMENT.INVALID',
      ],
      [
        'a textReference to a long id',
        { template: `{"content": [{"textReference": "${long}"}]}` },
        'DOCUMENT.INVALID',
      ],
    ])('%s', async (_label, overrides, code) => {
      const outcome = await refusal({ ...task('json', '{"content": ["a"]}'), ...overrides });
      expect(outcome.code).toBe(code);
      expect(outcome.message).not.toMatch(TOO_MUCH_INPUT);
      expect(outcome.message).not.toMatch(LIBRARY_WORDS);
      expect(outcome.message.length).toBeLessThan(600);
    });
  });
});

describe('the page header and footer of an HTML template', () => {
  beforeAll(() => {
    try {
      installFonts(undefined);
    } catch {
      // Installed by an earlier describe of this file.
    }
  });

  // pdfmake draws them from a function per page, which the document's checks cannot look into.
  const localImage = '<svg width="20" height="20"><image href="/etc/hostname" width="20" height="20"/></svg>';
  const svgLogo = `data:image/svg+xml;base64,${Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 20 20"><rect width="20" height="20" fill="#D52B1E"/></svg>',
  ).toString('base64')}`;

  it.each(['page-header', 'page-footer'])(
    '.%s may not read a local file, as the body may not',
    async (name) => {
      const outcome = await refusal(task('html', `<div class="${name}">${localImage}</div><p>Body</p>`));
      expect(outcome.code).toBe('DOCUMENT.EXTERNAL_RESOURCE');
      expect((await refusal(task('html', `<p>${localImage}</p>`))).code).toBe('DOCUMENT.EXTERNAL_RESOURCE');
    },
  );

  it.each(['page-header', 'page-footer'])(
    '.%s places an SVG logo given as a data: URI, as the body does',
    async (name) => {
      const outcome = await runTask(
        task('html', `<div class="${name}"><img src="${svgLogo}" width="20"></div><p>Body</p>`),
        templates,
      );
      expect(outcome).toMatchObject({ ok: true });
    },
  );
});
