import { listInputs, MAX_VALIDATION_MESSAGES } from '@portal/problem-details';

import type { BrandingContext } from '../../branding/branding';
import { type InputFormat, type OutputFormat, supportsPair } from '../common/formats';
import { DEFAULT_OUTPUT_LIMITS, OutputBudget, type OutputLimits } from '../common/output-budget';
import { parseJson, RenderError } from '../common/render-error';
import { missingGlyphsWarning, withWarningFirst } from '../common/render-warnings';
import { type FontChoice, htmlOutputOf, pdfDocumentOf } from '../html/markup';
import { DEFAULT_FONT, fontFamilies } from '../pdf/fonts';
import { pdfOf } from '../pdf/pdf-document';
import { type DocumentDefinition, parseRendererOptions } from '../pdf/renderer-options';
import { htmlWithPaymentPart, QrBillInvalid, readQrBill } from '../qr-bill/qr-bill';
import { DEFAULT_LOCALE, type Locale } from '../template/helpers';
import { MissingValues } from '../template/missing-values';
import { checkTemplate, type TemplateCache } from '../template/template-engine';
import { withBranding } from './branding-data';

/** One render, as the service hands it to a worker. */
export interface RenderTask {
  readonly kind: 'render';
  readonly inputFormat: InputFormat;
  readonly outputFormat: OutputFormat;
  readonly template: string;
  /** Names immutable template content (a saved version); inline templates go without. */
  readonly templateKey?: string;
  /** What the document records as its origin: `invoice@3`, or `inline@sha256:...`. */
  readonly templateLabel: string;
  readonly data: string | null;
  readonly rendererOptions: string | null;
  /** The locale the request's `Accept-Language` prefers, when it names one of the helpers'. */
  readonly requestLocale?: Locale;
  /** The branding the request names, read by the service (branding.service.ts). */
  readonly branding?: BrandingContext;
}

/**
 * A save's check that the template compiles; a render job's also checks its options and its items'
 * data (JSON texts) as far as a render would refuse them before it begins (a QR-bill the standard
 * refuses), so that the job is refused whole rather than each item failing.
 */
export interface CheckTask {
  readonly kind: 'check';
  readonly inputFormat: InputFormat;
  readonly template: string;
  readonly rendererOptions?: string | null;
  readonly items?: readonly string[];
}

/** A render job's items whose data a render would refuse, by their path (`items[3].qrBill.amount`). */
function checkItems(items: readonly string[]): void {
  const errors: Record<string, string[]> = {};
  let count = 0;
  for (const [index, text] of items.entries()) {
    try {
      readQrBill(parseData(text));
    } catch (error) {
      if (!(error instanceof QrBillInvalid)) throw error;
      for (const [path, messages] of Object.entries(error.errors)) {
        errors[`items[${index}].${path.replace(/^data\./, '')}`] = [...messages];
        count += messages.length;
      }
      // A validation problem lists 100 messages at most (contract 5): the rest need not be found.
      if (count >= MAX_VALIDATION_MESSAGES) break;
    }
  }
  if (count > 0)
    throw new QrBillInvalid(errors, "Some items' data.qrBill is not a valid Swiss QR-bill; see errors.");
}

export type WorkerTask = RenderTask | CheckTask;

export interface RenderFailure {
  readonly code: string;
  readonly message: string;
  /** Where in the author's template the failure points, when it does (1-based). */
  readonly line?: number;
  readonly column?: number;
  /** The paths the data has no value for, when that is the reason (`strict`). */
  readonly missing?: readonly string[];
  /** Messages by the request's path (`data.qrBill.creditor.account`): the request is invalid, a 400. */
  readonly errors?: Readonly<Record<string, readonly string[]>>;
  /** A library's own error behind a general message: for the service's log, never the client's. */
  readonly internal?: LibraryFailure;
}

/** A library's error as the service logs it: its name, first line and where it was thrown. */
export interface LibraryFailure {
  readonly name: string;
  readonly message: string;
  readonly frames: readonly string[];
}

/**
 * Only the first line of the message, and 200 characters of it: libraries repeat the document
 * in their messages (pdfmake's `Row data: ...`), which is the client's data, not the log's.
 */
function libraryFailureOf(error: unknown): LibraryFailure {
  if (!(error instanceof Error)) return { name: typeof error, message: '', frames: [] };
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 8)
    .map((line) => line.trim());
  return { name: error.name, message: error.message.split('\n', 1)[0].slice(0, 200), frames };
}

/**
 * A document, the template paths that found no value while it was made (template/missing-values.ts,
 * `X-Render-Missing`) and what of the template it could not honour (`X-Render-Warnings`).
 */
export interface RenderedBytes {
  readonly bytes: Uint8Array;
  readonly missing: readonly string[];
  readonly warnings: readonly string[];
  /** The locale the helpers wrote in (`Content-Language`); absent for a check. */
  readonly locale?: Locale;
}

export type RenderOutcome =
  ({ readonly ok: true } & RenderedBytes) | ({ readonly ok: false } & RenderFailure);

function parseData(text: string | null): unknown {
  if (text === null || text.trim() === '') return {};
  return parseJson(text, 'DATA.MALFORMED', 'data');
}

function parseDocument(text: string): DocumentDefinition {
  const document = parseJson(text, 'TEMPLATE.NOT_JSON', 'The output of the json template on this data');
  // A bare array is the content alone.
  if (Array.isArray(document)) return { content: document };
  if (document === null || typeof document !== 'object')
    throw new RenderError(
      'TEMPLATE.NOT_A_DOCUMENT',
      'A json template must produce a pdfmake document (a JSON object).',
    );
  if (!('content' in document))
    throw new RenderError('TEMPLATE.NOT_A_DOCUMENT', "A pdfmake document needs 'content'.");
  return document;
}

const encoder = new TextEncoder();

/**
 * The text a template may write on its way to a pdf: what JSON.parse, jsdom and pdfmake then hold
 * (several times its size), bounded apart from the pdf itself so that it fits a worker's heap.
 */
export const PDF_SOURCE_MAX_BYTES = 8 * 1024 * 1024;

/** The budget of what a template writes: the document itself, or for a pdf the text it is laid out from. */
const budgetFor = (outputFormat: OutputFormat, limits: OutputLimits): OutputBudget =>
  outputFormat === 'pdf'
    ? new OutputBudget(Math.min(limits.pdfBytes, PDF_SOURCE_MAX_BYTES), 'the text a PDF is laid out from')
    : new OutputBudget(limits.textBytes, 'RENDER_MAX_OUTPUT_BYTES');

/** The 422 of a strict render whose data lacks values the template asks for. */
function missingValuesError(missing: MissingValues): RenderError {
  const [first] = missing.list;
  const paths = missing.list.map(({ path }) => path);
  return new RenderError(
    'TEMPLATE.MISSING_VALUES',
    `The data has no value for ${paths.length === 1 ? 'this path' : `these ${paths.length} paths`} ` +
      `of the template (rendererOptions.strict): ${listInputs(paths)}; ` +
      `the first at line ${first.line}, column ${first.column}.`,
    { position: { line: first.line, column: first.column }, missing: paths },
  );
}

/** The fonts CSS may name: this worker's families. */
const fontChoice = (): FontChoice => ({ families: fontFamilies(), defaultFont: DEFAULT_FONT });

async function render(
  task: RenderTask,
  templates: TemplateCache,
  limits: OutputLimits,
): Promise<RenderedBytes> {
  const missing = new MissingValues();
  const chosen: { locale?: Locale } = {};
  const { bytes, warnings } = await renderBytes(task, templates, limits, missing, chosen);
  return {
    bytes,
    missing: missing.list.map(({ path }) => path),
    warnings,
    ...(chosen.locale ? { locale: chosen.locale } : {}),
  };
}

/** The document's bytes, and what of the template the PDF could not honour. */
async function renderBytes(
  task: RenderTask,
  templates: TemplateCache,
  limits: OutputLimits,
  missing: MissingValues,
  /** Where the locale chosen is written. */
  chosen: { locale?: Locale },
): Promise<Omit<RenderedBytes, 'missing'>> {
  const { inputFormat, outputFormat, templateLabel } = task;
  if (!supportsPair(inputFormat, outputFormat))
    throw new RenderError('FORMAT.UNSUPPORTED', `${inputFormat} cannot be rendered as ${outputFormat}.`);
  const options = parseRendererOptions(task.rendererOptions);
  const data = withBranding(parseData(task.data), task.branding);
  const budget = budgetFor(outputFormat, limits);
  // Before anything is rendered: an invalid QR-bill is the request's fault (400), not the template's.
  const qrBill = readQrBill(data);
  if (qrBill && outputFormat === 'txt')
    throw new RenderError(
      'QRBILL.NEEDS_PDF_OR_HTML',
      'data.qrBill asks for a Swiss QR-bill, which a text document cannot hold (its QR code is an image): ' +
        'render it as pdf, or html from an html or md template.',
    );
  const template = templates.get(task.template, inputFormat, task.templateKey);
  // The options' locale, else the template's own language, else the request's, else de-CH.
  const locale = options.locale ?? template.language ?? task.requestLocale ?? DEFAULT_LOCALE;
  chosen.locale = locale;
  const brandingLogos = task.branding?.logos;
  const text = template.render({ data, locale, budget, missing, brandingLogos });
  // Markdown admits a data: SVG image only when it is this render's own logo.
  const trustedImages = Object.values(brandingLogos ?? {});
  if (options.strict && missing.size > 0) throw missingValuesError(missing);

  if (outputFormat === 'pdf') {
    let document: DocumentDefinition;
    let warnings: readonly string[] = [];
    switch (inputFormat) {
      case 'json':
        document = parseDocument(text);
        break;
      case 'html':
      case 'md':
        ({ document, warnings } = await pdfDocumentOf(text, inputFormat, fontChoice(), trustedImages));
        break;
      case 'txt':
        document = { content: { text, preserveLeadingSpaces: true } };
        break;
    }
    const pdf = await pdfOf(
      document,
      options,
      locale,
      templateLabel,
      limits.pdfBytes,
      inputFormat === 'json',
      qrBill,
    );
    // Characters drawn as boxes first: the reader sees them, unlike most CSS left out.
    return {
      bytes: pdf.bytes,
      warnings:
        pdf.missingGlyphs.length > 0
          ? withWarningFirst(missingGlyphsWarning(pdf.missingGlyphs), warnings)
          : warnings,
    };
  }
  if (outputFormat === 'html') {
    // Only html and md templates render as html (common/formats.ts).
    const html = await htmlOutputOf(text, inputFormat as 'html' | 'md', {
      label: templateLabel,
      title: options.info?.title,
      locale,
      trustedImages,
    });
    return checked(encoder.encode(qrBill ? await htmlWithPaymentPart(html, qrBill, locale) : html), budget);
  }
  return checked(encoder.encode(text), budget);
}

function checked(bytes: Uint8Array, budget: OutputBudget): Omit<RenderedBytes, 'missing'> {
  budget.check(bytes.byteLength);
  return { bytes, warnings: [] };
}

/** Runs a task; the client's errors come back as outcomes, anything else is thrown. */
export async function runTask(
  task: WorkerTask,
  templates: TemplateCache,
  limits: OutputLimits = DEFAULT_OUTPUT_LIMITS,
): Promise<RenderOutcome> {
  try {
    if (task.kind === 'check') {
      checkTemplate(task.template, task.inputFormat);
      if (task.rendererOptions !== undefined) parseRendererOptions(task.rendererOptions);
      if (task.items) checkItems(task.items);
      return { ok: true, bytes: new Uint8Array(0), missing: [], warnings: [] };
    }
    return { ok: true, ...(await render(task, templates, limits)) };
  } catch (error) {
    if (error instanceof RenderError)
      return {
        ok: false,
        code: error.code,
        message: error.message,
        ...error.position,
        ...(error.missing === undefined ? {} : { missing: error.missing }),
        ...(error instanceof QrBillInvalid ? { errors: error.errors } : {}),
        ...(error.cause === undefined ? {} : { internal: libraryFailureOf(error.cause) }),
      };
    if (error instanceof RangeError && /call stack/i.test(error.message))
      return { ok: false, code: 'DOCUMENT.TOO_DEEP', message: 'The document nests too deeply.' };
    throw error;
  }
}
