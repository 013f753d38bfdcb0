import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsDefined, IsIn, IsOptional } from 'class-validator';

import { OptionalText } from '@portal/http-context';

import { RenderTemplateFieldsDto } from '../../render/dto/render-request.dto';
import { FILE_NAME_TEMPLATE_MAX_LENGTH } from '../file-names';
import { JOB_RESULTS, type JobResult } from '../render-job.entity';

/** A render job's items: each the data of one document. */
export const JOB_MAX_ITEMS = 10_000;

/** The longest callbackUrl (the rule of logo sources). */
export const CALLBACK_URL_MAX_LENGTH = 2048;

/**
 * A render job (contract 10): the template fields of a render request, rendered once for each of
 * `items`, asynchronously, by any replica.
 */
export class CreateRenderJobDto extends RenderTemplateFieldsDto {
  @ApiProperty({
    description:
      `The data of each document, 1 to ${JOB_MAX_ITEMS.toLocaleString('en')} JSON objects, each rendered as a render's ` +
      '`data` is (it may hold `qrBill`). Items are checked before the job is accepted where they can be: a ' +
      'QR-bill the standard refuses is a 400 naming `items[i].qrBill...`; an item that fails when rendered fails ' +
      'alone (its problem in the job).',
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    minItems: 1,
    maxItems: JOB_MAX_ITEMS,
  })
  // Stacked decorators register from the bottom up, and the first rule registered that fails is the one said.
  @ArrayMaxSize(JOB_MAX_ITEMS)
  @ArrayMinSize(1)
  @IsArray()
  @IsDefined({ message: '$property is required' })
  readonly items: unknown[];

  @ApiPropertyOptional({
    description:
      '`zip` (default): one file per item, named by `fileName`, with `problems.json` listing the items that failed; ' +
      '`merged`: one PDF of every item that rendered, in their order (outputFormat pdf; a merged PDF is neither ' +
      'PDF/A nor tagged, so those options are a 422 with it).',
    enum: JOB_RESULTS,
    default: 'zip',
  })
  @IsOptional()
  @IsIn(JOB_RESULTS, { message: `$property must be one of ${JOB_RESULTS.join(', ')}` })
  readonly result?: JobResult;

  @OptionalText(
    FILE_NAME_TEMPLATE_MAX_LENGTH,
    "The name of each item's file in a zip: a Handlebars template over the item (`{{@index}}` is its place, from 0), " +
      'e.g. `rechnung-{{number}}`. The extension of the output format is added; characters a file system refuses ' +
      'become `_`; names are made unique (`-2`). Default: `item-00001.pdf`, ...',
  )
  readonly fileName?: string | null;

  @OptionalText(
    CALLBACK_URL_MAX_LENGTH,
    "Where the job's outcome is POSTed once it has finished: an https URL on a host of RENDER_CALLBACK_HOSTS. " +
      'Signed as Standard Webhooks sign (webhook-id, webhook-timestamp, webhook-signature), with the traceparent ' +
      'of this request; tried again with backoff on 429, 5xx and connection errors.',
  )
  readonly callbackUrl?: string | null;
}
