import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';

import { quoteInput, ValidationProblemError } from '@portal/problem-details';

const INT32_MAX = 2_147_483_647;

/** Path ids are int32 (contract 6): anything else is a 400 naming the parameter. */
@Injectable()
export class ParseInt32Pipe implements PipeTransform<string, number> {
  transform(value: string, metadata: ArgumentMetadata): number {
    const parsed = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isInteger(parsed) || parsed < 1 || parsed > INT32_MAX) {
      throw ValidationProblemError.of(
        metadata.data ?? 'id',
        `The value ${quoteInput(value)} is not a positive int32 identifier.`,
      );
    }
    return parsed;
  }
}
