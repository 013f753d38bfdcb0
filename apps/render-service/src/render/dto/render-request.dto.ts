import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';

import {
  OptionalJsonTextOrValue,
  pathSegmentNameProblem,
  RequiredText,
  Satisfies,
} from '@portal/http-context';

import { RENDER_DATA_MAX_ELEMENTS, RENDERER_OPTIONS_MAX_ELEMENTS } from '../../engine/common/data-bounds';
import { INPUT_FORMATS, OUTPUT_FORMATS } from '../../engine/common/formats';
import { TEMPLATE_REFERENCE } from '../../templates/template-reference';
import { QrBillDto } from './qr-bill.dto';

/** A UI template's name, as config-service's rule has it (contract 7): 1..100 characters, no controls. */
export const brandingNameProblem = (name: string): string | undefined => pathSegmentNameProblem(name, 1, 100);

/** Optional text that may be null; what it holds is checked when rendering (422, not 400). */
const OptionalJsonText = (description: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ description, nullable: true, type: String }),
    IsOptional(),
    IsString(),
  );

/**
 * What a render asks of its template (RenderRequest but its data, interfaces 2.4): the template,
 * inline or saved, its formats, options and branding; the values and pairs the formats may take
 * are in contract 8. A render job (render-jobs) asks the same of each of its items.
 */
export class RenderTemplateFieldsDto {
  @RequiredText(1, 10, `The template's format: ${INPUT_FORMATS.join(', ')}. Another value: 422.`)
  readonly inputFormat: string;

  @RequiredText(
    1,
    10,
    `${OUTPUT_FORMATS.join(', ')}: pdf from every input, html from html and md, txt from txt. Another value or pair: 422.`,
  )
  readonly outputFormat: string;

  @OptionalJsonTextOrValue(
    'A JSON object, as text (a string) or the object itself: pageSize, pageOrientation, pageMargins, ' +
      'info {title, author, subject, keywords}, defaultFontSize, watermark (opacity 0.1 unless given), ' +
      'locale (de-CH, fr-CH, it-CH, en), strict (missing values: 422), pdfa (PDF/A-1b, PDF/A-2b, PDF/A-3b), ' +
      'tagged (true: a structure tree), lang (BCP 47; the locale by default). Unknown options: 422.',
    { arrays: false, maxElements: RENDERER_OPTIONS_MAX_ELEMENTS },
  )
  readonly rendererOptions?: string | Record<string, unknown> | null;

  @OptionalJsonText('The template itself. Exactly one of templateData and templateName.')
  readonly templateData?: string | null;

  @ApiPropertyOptional({
    description:
      'A saved template: its name (up to 50 characters) for the newest version, or `name@N` for version N. ' +
      'Exactly one of templateData and templateName.',
    nullable: true,
    type: String,
    pattern: TEMPLATE_REFERENCE.source,
    example: 'invoice@3',
  })
  @IsOptional()
  @Matches(TEMPLATE_REFERENCE, {
    message:
      '$property must be a template name (up to 50 letters, digits and . _ ~ -), optionally followed by @N',
  })
  @IsString()
  readonly templateName?: string | null;

  @ApiPropertyOptional({
    description:
      'A UI template of config-service whose branding the template reads: `{{branding.colorPalette.primaryColor}}` ' +
      '(and the other colours, `branding.name`, `branding.links`, `branding.socialNetworks`), and ' +
      '`{{brandingLogo "header"}}` or `"footer"`, the logo as a data: URI. A name config-service does not know: ' +
      '422 on `branding`; a logo that is neither a data: URI nor https on a RENDER_IMAGE_HOSTS host (or past ' +
      '1 MiB or 2 s): 422 on the logo; config-service unavailable: the branding last read, else 503.',
    nullable: true,
    type: String,
    minLength: 1,
    maxLength: 100,
    example: 'canton-demo',
  })
  @IsOptional()
  @Satisfies('brandingName', brandingNameProblem)
  @IsString()
  readonly branding?: string | null;
}

/** RenderRequest (interfaces 2.4): the template's fields and the data it renders. */
export class RenderRequestDto extends RenderTemplateFieldsDto {
  @OptionalJsonTextOrValue(
    'The data the template reads with Handlebars expressions: JSON text (a string), or the JSON object or ' +
      `array itself, with the same result, holding at most ${RENDER_DATA_MAX_ELEMENTS.toLocaleString('en')} JSON values ` +
      '(array items and object members; more: 400 as text, 413 as a value). Text that is not JSON: 422. ' +
      'An object may hold `qrBill`, a Swiss QR-bill (schema QrBillDto): a pdf then ends with its payment part and receipt ' +
      'at the bottom of an A4 page, html with the same as SVG (txt output: 422); a QR-bill the Swiss Payment ' +
      'Standards refuse is a 400 naming its path (`data.qrBill.creditor.account`), whether data is text or a value.',
    {
      arrays: true,
      maxElements: RENDER_DATA_MAX_ELEMENTS,
      properties: { qrBill: { $ref: getSchemaPath(QrBillDto) } },
    },
  )
  readonly data?: string | Record<string, unknown> | unknown[] | null;
}
