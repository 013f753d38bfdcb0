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
} from '../rendering/formats';
import { localeOfAcceptLanguage } from '../rendering/helpers';
import { RenderPool } from '../rendering/render-pool';
import { poolErrorOf, refusalOf } from '../rendering/render-problems';
import { parseTemplateReference } from '../templates/template-reference';
import { TemplatesService } from '../templates/templates.service';
import type { RenderRequestDto } from './dto/render-request.dto';

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
}

interface TemplateSource {
  readonly text: string;
  readonly key?: string;
  readonly label: string;
  readonly inputFormat: InputFormat | null;
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
    const inline = checkTemplateChoice(request);
    const { inputFormat, outputFormat } = formatsOf(request);
    const template = inline
      ? inlineTemplate(request.templateData as string)
      : await this.savedTemplate(request);
    if (template.inputFormat !== null && template.inputFormat !== inputFormat)
      throw new UnprocessableError(
        `The template '${template.label}' is written in ${template.inputFormat}, not ${inputFormat}.`,
        'RENDER.FORMAT.TEMPLATE_MISMATCH',
      );
    const branding =
      request.branding === undefined || request.branding === null
        ? undefined
        : await this.brandings.contextFor(request.branding, template.text);
    const result = await this.pool.run(
      {
        kind: 'render',
        inputFormat,
        outputFormat,
        template: template.text,
        templateKey: template.key,
        templateLabel: template.label,
        data: jsonText(request.data),
        rendererOptions: jsonText(request.rendererOptions),
        requestLocale: localeOfAcceptLanguage(acceptLanguage),
        ...(branding ? { branding } : {}),
      },
      { caller, client },
    );
    if (result.kind === 'refused') throw refusalOf(result);
    if (result.kind !== 'document') throw poolErrorOf(result);
    return {
      bytes: result.bytes,
      contentType: CONTENT_TYPES[outputFormat],
      fileName: `document.${outputFormat}`,
      templateLabel: template.label,
      missing: result.missing,
      warnings: result.warnings,
    };
  }

  private async savedTemplate(request: RenderRequestDto): Promise<TemplateSource> {
    const name = request.templateName as string;
    // The DTO admits only references this reads, but for versions past int32: unknown, so 404.
    const resolved = await this.templates.resolve(parseTemplateReference(name) ?? { name });
    return {
      text: resolved.data,
      key: `version:${resolved.versionId}`,
      label: `${resolved.name}@${resolved.version}`,
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
function checkTemplateChoice(request: RenderRequestDto): boolean {
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

function formatsOf(request: RenderRequestDto): { inputFormat: InputFormat; outputFormat: OutputFormat } {
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
