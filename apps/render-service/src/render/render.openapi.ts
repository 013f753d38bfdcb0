import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiHeader, ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';

import { ApiBodyExamples, integerHeader, ResourceDocs, stringHeader } from '@portal/http-context';
import { ApiProblemResponses } from '@portal/problem-details';

import { CONTENT_TYPES } from '../engine/common/formats';
import { MAX_WARNINGS, WARNING_SEPARATOR } from '../engine/common/render-warnings';
import { helperReferenceMarkdown } from '../engine/template/helper-reference';
import { LOCALES } from '../engine/template/helpers';
import { RENDER_EXAMPLES } from '../templates/openapi-examples';
import { QrBillDto } from './dto/qr-bill.dto';
import { TEMPLATE_HEADER, WARNINGS_HEADER } from './document-headers';
import { RenderRequestDto } from './dto/render-request.dto';
import {
  MISSING_COUNT_HEADER,
  MISSING_HEADER,
  MISSING_HEADER_MAX_LENGTH,
  MISSING_HEADER_MAX_PATHS,
} from './missing-header';

export const RenderDocs = (): ClassDecorator =>
  applyDecorators(ApiExtraModels(RenderRequestDto, QrBillDto), ResourceDocs('Render'));

const binary = { schema: { type: 'string', format: 'binary' } };

export const RenderDocumentDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({
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
    }),
    ApiBodyExamples(RenderRequestDto, RENDER_EXAMPLES),
    ApiProduces(...Object.values(CONTENT_TYPES)),
    ApiOkResponse({
      description: 'The document.',
      content: Object.fromEntries(Object.values(CONTENT_TYPES).map((type) => [type, binary])),
      headers: {
        'Content-Disposition': stringHeader('attachment; filename="document.<pdf|html|txt>"'),
        [TEMPLATE_HEADER]: stringHeader('`name@version`, or `inline@sha256:<16 hex digits>`.'),
        [MISSING_HEADER]: stringHeader(
          'The template paths that found no value in the data (property absent; null and "" are values), ' +
            `comma-separated, in the order first missed: at most ${MISSING_HEADER_MAX_PATHS} paths and ` +
            `${MISSING_HEADER_MAX_LENGTH} characters; characters besides printable ASCII, "," and "%" ` +
            'percent-encoded (UTF-8). Absent when every value was found.',
        ),
        [MISSING_COUNT_HEADER]: integerHeader(
          `How many paths found no value (more than ${MISSING_HEADER} lists when capped).`,
        ),
        'Content-Language': {
          description:
            "The locale the helpers wrote in: `rendererOptions.locale`, else the template's `<html lang>`, else " +
            '`Accept-Language`, else de-CH (a helper\'s own `locale="..."` aside).',
          schema: { type: 'string', enum: [...LOCALES] },
        },
        [WARNINGS_HEADER]: stringHeader(
          'Present when the document could not honour part of its template, e.g. CSS properties a PDF cannot draw: ' +
            `the warnings, separated by '${WARNING_SEPARATOR}', at most ${MAX_WARNINGS} (then 'and N more'), printable ASCII.`,
        ),
      },
    }),
    ApiProblemResponses(400, 404, 413, 415, 422, 429, 503),
    ApiHeader({
      name: 'Accept-Language',
      required: false,
      description:
        'The locale of the date and number helpers when neither `rendererOptions.locale` nor the template ' +
        '(`<html lang>`) sets one: the preferred of de (de-CH), fr (fr-CH), it (it-CH) and en; else de-CH.',
    }),
  );
