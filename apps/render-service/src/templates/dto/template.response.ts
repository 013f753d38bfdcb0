import { ApiProperty } from '@nestjs/swagger';

import { INPUT_FORMATS } from '../../engine/common/formats';
import { DEMO_INVOICE } from '../demo-templates';
import type { SampleData } from '../sample-data';

/** What the list shows of a template: its newest version's number and format, not its text. */
export class TemplateSummaryResponse {
  @ApiProperty({ type: 'integer' }) readonly id: number;
  @ApiProperty({ description: 'Who saved the first version.' }) readonly createdBy: string;
  @ApiProperty({ format: 'date-time' }) readonly createStamp: string;
  @ApiProperty({ description: 'Who saved the newest version.' }) readonly updatedBy: string;
  @ApiProperty({ format: 'date-time' }) readonly updateStamp: string;
  @ApiProperty({ maxLength: 50 }) readonly name: string;
  @ApiProperty({ type: 'integer', description: 'The newest version: what a render by name uses.' })
  readonly latestVersion: number;
  @ApiProperty({ enum: INPUT_FORMATS, nullable: true, type: String, description: 'Of the newest version.' })
  readonly inputFormat: string | null;
}

/** One version of a template, with its text. */
export class TemplateResponse {
  @ApiProperty({ type: 'integer', description: 'The template’s id.' }) readonly id: number;
  @ApiProperty({ description: 'Who saved the first version.' }) readonly createdBy: string;
  @ApiProperty({ format: 'date-time' }) readonly createStamp: string;
  @ApiProperty({ description: 'Who saved this version.' }) readonly updatedBy: string;
  @ApiProperty({ format: 'date-time', description: 'When this version was saved.' })
  readonly updateStamp: string;
  @ApiProperty({ maxLength: 50 }) readonly name: string;
  @ApiProperty({ type: 'integer', description: 'This version’s number: 1, 2, ... per save.' })
  readonly version: number;
  @ApiProperty({ type: 'integer', description: 'The template’s newest version.' })
  readonly latestVersion: number;
  @ApiProperty({ enum: INPUT_FORMATS, nullable: true, type: String }) readonly inputFormat: string | null;
  @ApiProperty({ description: 'The template text.' }) readonly data: string;
  @ApiProperty({
    description:
      'The example data saved with this version (an object or array, as a render’s `data` would hold), ' +
      'or null when the save gave none.',
    oneOf: [
      { type: 'object', additionalProperties: true },
      { type: 'array', items: {} },
    ],
    nullable: true,
    example: DEMO_INVOICE.data,
  })
  readonly sampleData: SampleData | null;
}

/** A saved version, without its text. */
export class TemplateVersionResponse {
  @ApiProperty({ type: 'integer', description: 'The version row’s id.' }) readonly id: number;
  @ApiProperty({ type: 'integer' }) readonly version: number;
  @ApiProperty({ enum: INPUT_FORMATS, nullable: true, type: String }) readonly inputFormat: string | null;
  @ApiProperty() readonly createdBy: string;
  @ApiProperty({ format: 'date-time' }) readonly createStamp: string;
}
