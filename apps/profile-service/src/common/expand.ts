import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsIn, IsOptional } from 'class-validator';

import { DeclaresExpansions } from '@portal/access-level';

/**
 * `Expand=Account&Expand=IdentificationLevel` or `Expand=account,identificationLevel`: values of
 * the list, matched case-insensitively; another value is a 400.
 */
export const ExpandFilter = (values: readonly string[], description: string): PropertyDecorator => {
  const canonical = new Map(values.map((value) => [value.toLowerCase(), value]));
  const canonicalOf = (item: unknown): unknown =>
    typeof item === 'string' ? (canonical.get(item.trim().toLowerCase()) ?? item) : item;
  return applyDecorators(
    ApiPropertyOptional({
      description,
      type: 'array',
      items: { type: 'string', enum: [...values] },
      maxItems: values.length * 4,
    }),
    DeclaresExpansions(values),
    IsOptional(),
    Transform(({ value }: { value: unknown }) => {
      if (value === undefined || value === null) return value;
      const items: unknown[] = Array.isArray(value) ? value : [value];
      return items
        .flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]))
        .filter((item) => item !== '')
        .map(canonicalOf);
    }),
    ArrayMaxSize(values.length * 4),
    IsIn(values, { each: true, message: `$property must be among ${values.join(', ')}` }),
  );
};
