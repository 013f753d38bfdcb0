import { createHash } from 'node:crypto';

import { Injectable } from '@nestjs/common';

import { quoteInput, UnprocessableError, ValidationProblemError } from '@portal/problem-details';

import { BrandingService } from '../branding/branding.service';
import {
  CONTENT_TYPES,
  INPUT_FORMATS,
  type InputFormat,
  isInputFormat,
  isOutputFormat,
  OUTPUT_FORMATS,
  type OutputFormat,
  outputsOf,
  supportsPair,
} from '../engine/common/formats';
import { type Locale, localeOfAcceptLanguage } from '../engine/template/helpers';
import { type PoolResult, RenderPool, type RunOptions } from '../pool/render-pool';
import { poolErrorOf, refusalOf } from '../pool/render-problems';
import { parseTemplateReference, referenceLabel } from '../templates/template-reference';
import { TemplatesService } from '../templates/templates.service';
import type { RenderRequestDto, RenderTemplateFieldsDto } from './dto/render-request.dto';

export interface RenderedDocument {
  readonly bytes: Uint8Array;
  readonly contentType: string;
  readonly fileName: string;
  /** The template that produced it: `invoice@3`, or `inline@sha256:<first 16 hex digits>`. */
  readonly templateLabel: string;
  /** The template paths that found no value, in the order first missed. */
  readonly missing: readonly string[];
  /** What of the template the document could not honour (CSS in a pdf), capped; often none. */
  readonly warnings: readonly string[];
  /** The locale its helpers wrote in: the options', else the template's lang, else the request's. */
  readonly locale?: Locale;
}

interface TemplateSource {
  readonly text: string;
  readonly key?: string;
  readonly label: string;
  readonly inputFormat: InputFormat | null;
}

/**
 * A render request's template fields resolved (the template read, the formats checked): what
 * every render of them shares, a single render's or each item's of a render job.
 */
export interface PreparedRender {
  readonly inputFormat: InputFormat;
  readonly outputFormat: OutputFormat;
  readonly template: string;
  /** Names immutable template content (`version:<id>`), so workers compile it once. */
  readonly templateKey?: string;
  /** `invoice@3`, or `inline@sha256:<first 16 hex digits>`. */
  readonly templateLabel: string;
  readonly rendererOptions: string | null;
  /** The UI template whose branding the template reads, read for each render (it may change). */
  readonly branding?: string;
  readonly requestLocale?: Locale;
}

@Injectable()
export class RenderService {
  constructor(
    private readonly pool: RenderPool,
    private readonly templates: TemplatesService,
    private readonly brandings: BrandingService,
  ) {}

  /**
   * `caller` (the token's subject) takes its turn among the callers for a worker; `client` is
   * aborted when the caller has gone: a render still waiting is then dropped. `acceptLanguage`
   * (the request's header) chooses the locale when neither the options nor the template do.
   */
  async render(
    request: RenderRequestDto,
    caller: string,
    client?: AbortSignal,
    acceptLanguage?: string,
  ): Promise<RenderedDocument> {
    const prepared = await this.prepare(request, acceptLanguage);
    const result = await this.run(prepared, jsonText(request.data), { caller, client });
    if (result.kind === 'refused') throw refusalOf(result);
    if (result.kind !== 'document') throw poolErrorOf(result);
    return {
      bytes: result.bytes,
      contentType: CONTENT_TYPES[prepared.outputFormat],
      fileName: `document.${prepared.outputFormat}`,
      templateLabel: prepared.templateLabel,
      missing: result.missing,
      warnings: result.warnings,
      ...(result.locale ? { locale: result.locale } : {}),
    };
  }

  /** The template fields resolved: 400 and 422 for what cannot be rendered, 404 for an unknown template. */
  async prepare(fields: RenderTemplateFieldsDto, acceptLanguage?: string): Promise<PreparedRender> {
    const inline = checkTemplateChoice(fields);
    const { inputFormat, outputFormat } = formatsOf(fields);
    const template = inline
      ? inlineTemplate(fields.templateData as string)
      : await this.savedTemplate(fields);
    if (template.inputFormat !== null && template.inputFormat !== inputFormat)
      throw new UnprocessableError(
        `The template '${template.label}' is written in ${template.inputFormat}, not ${inputFormat}.`,
        'RENDER.FORMAT.TEMPLATE_MISMATCH',
      );
    return {
      inputFormat,
      outputFormat,
      template: template.text,
      ...(template.key === undefined ? {} : { templateKey: template.key }),
      templateLabel: template.label,
      rendererOptions: jsonText(fields.rendererOptions),
      ...(fields.branding === undefined || fields.branding === null ? {} : { branding: fields.branding }),
      ...(acceptLanguage === undefined ? {} : { requestLocale: localeOfAcceptLanguage(acceptLanguage) }),
    };
  }

  /**
   * Renders prepared template fields on `data` (JSON text) in a worker, the branding read now:
   * the pool's result, a document or why not. A branding that cannot be read is thrown (422, 503).
   */
  async run(prepared: PreparedRender, data: string | null, options: RunOptions): Promise<PoolResult> {
    const branding =
      prepared.branding === undefined
        ? undefined
        : await this.brandings.contextFor(prepared.branding, prepared.template);
    const { branding: _name, ...task } = prepared;
    return this.pool.run({ kind: 'render', ...task, data, ...(branding ? { branding } : {}) }, options);
  }

  private async savedTemplate(fields: RenderTemplateFieldsDto): Promise<TemplateSource> {
    // The DTO admits only references this reads, but for versions past int32: unknown, so 404.
    const resolved = await this.templates.resolve(parseTemplateReference(fields.templateName as string));
    return {
      text: resolved.data,
      key: `version:${resolved.versionId}`,
      label: referenceLabel(resolved),
      inputFormat: resolved.inputFormat,
    };
  }
}

/** `data` and `rendererOptions` as JSON text, whether sent as text or as the JSON value itself. */
function jsonText(value: string | object | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** true for an inline template; a 400 unless exactly one of the two is given (interfaces 2.4). */
function checkTemplateChoice(request: RenderTemplateFieldsDto): boolean {
  const inline = request.templateData !== undefined && request.templateData !== null;
  const named = request.templateName !== undefined && request.templateName !== null;
  if (inline === named) {
    const message = 'Exactly one of templateData and templateName is required.';
    throw new ValidationProblemError(
      { templateData: [message], templateName: [message] },
      message,
      'RENDER.TEMPLATE_CHOICE',
    );
  }
  return inline;
}

function inlineTemplate(text: string): TemplateSource {
  const digest = createHash('sha256').update(text).digest('hex').slice(0, 16);
  return { text, label: `inline@sha256:${digest}`, inputFormat: null };
}

function formatsOf(request: RenderTemplateFieldsDto): {
  inputFormat: InputFormat;
  outputFormat: OutputFormat;
} {
  const inputFormat = request.inputFormat.toLowerCase();
  const outputFormat = request.outputFormat.toLowerCase();
  if (!isInputFormat(inputFormat))
    throw new UnprocessableError(
      `inputFormat must be one of ${INPUT_FORMATS.join(', ')}, not ${quoteInput(request.inputFormat)}.`,
      'RENDER.FORMAT.UNKNOWN_INPUT',
    );
  if (!isOutputFormat(outputFormat))
    throw new UnprocessableError(
      `outputFormat must be one of ${OUTPUT_FORMATS.join(', ')}, not ${quoteInput(request.outputFormat)}.`,
      'RENDER.FORMAT.UNKNOWN_OUTPUT',
    );
  if (!supportsPair(inputFormat, outputFormat))
    throw new UnprocessableError(
      `${inputFormat} cannot be rendered as ${outputFormat}; it renders as ${outputsOf(inputFormat).join(' or ')}.`,
      'RENDER.FORMAT.UNSUPPORTED_PAIR',
    );
  return { inputFormat, outputFormat };
}
