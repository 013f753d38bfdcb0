import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';

import { OptionalJsonTextOrValue, RequiredText } from '@portal/http-context';

import { INPUT_FORMATS, OUTPUT_FORMATS } from '../../rendering/formats';
import { TEMPLATE_REFERENCE } from '../../templates/template-reference';
import { RENDER_DATA_MAX_ELEMENTS, RENDERER_OPTIONS_MAX_ELEMENTS } from '../data-bounds';

/** Optional text that may be null; what it holds is checked when rendering (422, not 400). */
const OptionalJsonText = (description: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ description, nullable: true, type: String }),
    IsOptional(),
    IsString(),
  );

/** RenderRequest (interfaces 2.4); the values and pairs the formats may take are in contract 8. */
export class RenderRequestDto {
  @RequiredText(1, 10, `The template's format: ${INPUT_FORMATS.join(', ')}. Another value: 422.`)
  readonly inputFormat: string;

  @RequiredText(
    1,
    10,
    `${OUTPUT_FORMATS.join(', ')}: pdf from every input, html from html and md, txt from txt. Another value or pair: 422.`,
  )
  readonly outputFormat: string;

  @OptionalJsonTextOrValue(
    'The data the template reads with Handlebars expressions: JSON text (a string), or the JSON object or ' +
      `array itself, with the same result, holding at most ${RENDER_DATA_MAX_ELEMENTS.toLocaleString('en')} JSON values ` +
      '(array items and object members; more: 400 as text, 413 as a value). Text that is not JSON: 422.',
    { arrays: true, maxElements: RENDER_DATA_MAX_ELEMENTS },
  )
  readonly data?: string | Record<string, unknown> | unknown[] | null;

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
}
