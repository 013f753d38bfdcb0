import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';

import { NotAudited } from '@portal/audit';
import { CurrentPrincipal, type Principal, RequireRoles } from '@portal/auth';
import { ApiBodyExamples } from '@portal/http-context';
import { ApiProblemResponses } from '@portal/problem-details';
import { RateLimit } from '@portal/service-runtime';

import { CONTENT_TYPES } from '../engine/common/formats';
import { MAX_WARNINGS, WARNING_SEPARATOR } from '../engine/common/render-warnings';
import { helperReferenceMarkdown } from '../engine/template/helper-reference';
import { LOCALES } from '../engine/template/helpers';
import { RENDER_EXAMPLES } from '../templates/openapi-examples';
import { QrBillDto } from './dto/qr-bill.dto';
import { RenderRequestDto } from './dto/render-request.dto';
import {
  MISSING_COUNT_HEADER,
  MISSING_HEADER,
  MISSING_HEADER_MAX_LENGTH,
  MISSING_HEADER_MAX_PATHS,
  missingHeaderValue,
} from './missing-header';
import { RenderService } from './render.service';

export const RENDER_RENDER = 'RenderApi_Render';

/** Renders cost far more than reads: they count against a lower limit of their own. */
export const RENDER_RATE_LIMIT_POLICY = 'render';

/** Names the template (and version) that produced the document; for txt it is the only record. */
export const TEMPLATE_HEADER = 'X-Render-Template';

/** What the document could not honour of its template (CSS a pdf cannot draw); absent when nothing. */
export const WARNINGS_HEADER = 'X-Render-Warnings';

const binary = { schema: { type: 'string', format: 'binary' } };

@ApiTags('Render')
@ApiExtraModels(RenderRequestDto, QrBillDto)
@ApiProblemResponses(401, 403)
@Controller('v10-0/render')
export class RenderController {
  constructor(private readonly renders: RenderService) {}

  @Post()
  @HttpCode(200)
  @NotAudited()
  @RequireRoles(RENDER_RENDER)
  @RateLimit(RENDER_RATE_LIMIT_POLICY)
  @ApiOperation({
    summary: 'Render a document from data and a template (inline or saved)',
    description:
      'Answers the document itself with its Content-Type and `Content-Disposition: attachment; filename="document.<ext>"`. ' +
      `The ${TEMPLATE_HEADER} header names the template and version that produced it (also recorded inside: ` +
      'the PDF information field `Template`, an HTML `<meta name="render-template">`).\n\n' +
      "**Template helpers** (Handlebars; the locale is `rendererOptions.locale`, else the template's `<html lang>`, " +
      'else `Accept-Language`, else de-CH; a helper\'s own `locale="fr-CH"` wins; numbers, amounts, percentages ' +
      'and dates are exactly what `Intl` writes, its U+00A0 before or after CHF included; examples in every locale: ' +
      'docs/template-helpers.md):\n\n' +
      helperReferenceMarkdown(),
  })
  @ApiBodyExamples(RenderRequestDto, RENDER_EXAMPLES)
  @ApiProduces(...Object.values(CONTENT_TYPES))
  @ApiOkResponse({
    description: 'The document.',
    content: Object.fromEntries(Object.values(CONTENT_TYPES).map((type) => [type, binary])),
    headers: {
      'Content-Disposition': {
        description: 'attachment; filename="document.<pdf|html|txt>"',
        schema: { type: 'string' },
      },
      [TEMPLATE_HEADER]: {
        description: '`name@version`, or `inline@sha256:<16 hex digits>`.',
        schema: { type: 'string' },
      },
      [MISSING_HEADER]: {
        description:
          'The template paths that found no value in the data (property absent; null and "" are values), ' +
          `comma-separated, in the order first missed: at most ${MISSING_HEADER_MAX_PATHS} paths and ` +
          `${MISSING_HEADER_MAX_LENGTH} characters; characters besides printable ASCII, "," and "%" ` +
          'percent-encoded (UTF-8). Absent when every value was found.',
        schema: { type: 'string' },
      },
      [MISSING_COUNT_HEADER]: {
        description: `How many paths found no value (more than ${MISSING_HEADER} lists when capped).`,
        schema: { type: 'integer' },
      },
      'Content-Language': {
        description:
          "The locale the helpers wrote in: `rendererOptions.locale`, else the template's `<html lang>`, else " +
          '`Accept-Language`, else de-CH (a helper\'s own `locale="..."` aside).',
        schema: { type: 'string', enum: [...LOCALES] },
      },
      [WARNINGS_HEADER]: {
        description:
          'Present when the document could not honour part of its template, e.g. CSS properties a PDF cannot draw: ' +
          `the warnings, separated by '${WARNING_SEPARATOR}', at most ${MAX_WARNINGS} (then 'and N more'), printable ASCII.`,
        schema: { type: 'string' },
      },
    },
  })
  @ApiProblemResponses(400, 404, 413, 415, 422, 429, 503)
  @ApiHeader({
    name: 'Accept-Language',
    required: false,
    description:
      'The locale of the date and number helpers when neither `rendererOptions.locale` nor the template ' +
      '(`<html lang>`) sets one: the preferred of de (de-CH), fr (fr-CH), it (it-CH) and en; else de-CH.',
  })
  async renderDocument(
    @Body() body: RenderRequestDto,
    @CurrentPrincipal() principal: Principal,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const clientGone = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) clientGone.abort();
    });
    // Read here rather than with @Headers, which would document a second, required header.
    const acceptLanguage = reply.request.headers['accept-language'];
    const document = await this.renders.render(body, principal.subject, clientGone.signal, acceptLanguage);
    const missing = missingHeaderValue(document.missing);
    if (missing !== undefined) reply.header(MISSING_HEADER, missing);
    if (document.missing.length > 0) reply.header(MISSING_COUNT_HEADER, String(document.missing.length));
    if (document.warnings.length > 0)
      reply.header(WARNINGS_HEADER, document.warnings.join(WARNING_SEPARATOR));
    if (document.locale) reply.header('content-language', document.locale);
    await reply
      .status(200)
      .header('content-type', document.contentType)
      .header('content-disposition', `attachment; filename="${document.fileName}"`)
      .header(TEMPLATE_HEADER, document.templateLabel)
      .send(Buffer.from(document.bytes.buffer, document.bytes.byteOffset, document.bytes.byteLength));
  }
}
