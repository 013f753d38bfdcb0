import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsOptional, IsString, Length, MinLength } from 'class-validator';

import { FREE_TEXT_PATTERN, FreeText, OptionalJsonTextOrValue } from '@portal/http-context';

import { RENDER_DATA_MAX_ELEMENTS } from '../../engine/common/data-bounds';
import { INPUT_FORMATS } from '../../engine/common/formats';
import { DEMO_INVOICE } from '../demo-templates';
import { SAMPLE_DATA_MAX_BYTES, sampleDataProblem, type SampleDataInput } from '../sample-data';

/** SaveTemplateRequest (interfaces 2.4), plus the template's input format and the saver. */
export class SaveTemplateDto {
  @ApiProperty({
    description: 'The Handlebars template text (README: "The template language"). Non-empty.',
    minLength: 1,
  })
  @IsDefined({ message: '$property is required' })
  // Not free text: a document of the template language, which may write any character (a form feed).
  @MinLength(1, { message: '$property must not be empty' })
  @IsString()
  readonly data: string;

  @ApiPropertyOptional({
    description:
      'The format the template is written in. Stored with the template: a render must then ask for it ' +
      '(422 otherwise). Left out, the render request decides. Another value than these is a 422.',
    enum: INPUT_FORMATS,
    nullable: true,
    type: String,
  })
  @IsOptional()
  @Length(1, 10)
  @IsString()
  readonly inputFormat?: string | null;

  @ApiPropertyOptional({
    description: "Who saves this version; defaults to the token's subject.",
    minLength: 1,
    maxLength: 100,
    pattern: FREE_TEXT_PATTERN,
  })
  @IsOptional()
  @FreeText()
  @Length(1, 100)
  @IsString()
  readonly createdBy?: string;

  @OptionalJsonTextOrValue(
    'Example data for this version, kept with it and returned with it (for authors and the playground): ' +
      'a JSON object or array, or JSON text of one. At most ' +
      `${SAMPLE_DATA_MAX_BYTES} bytes (1 MiB) as compact JSON and 64 levels deep. Left out or null: none. ` +
      'Renders do not use it; a render sends its own `data`.',
    {
      arrays: true,
      maxElements: RENDER_DATA_MAX_ELEMENTS,
      check: sampleDataProblem,
      example: DEMO_INVOICE.data,
    },
  )
  readonly sampleData?: SampleDataInput;
}
