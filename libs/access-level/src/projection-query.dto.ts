import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, MaxLength } from 'class-validator';

import { QueryArray, QueryInt } from '@portal/http-context';

/** `Limited` and `Select` (contract 3), accepted by every read of the profile interface. */
export class ProjectionQueryDto {
  @ApiPropertyOptional({
    description: 'Lowers the access level to min(Limited, caller level).',
    enum: [1, 2, 9],
  })
  @IsOptional()
  @QueryInt()
  @IsIn([1, 2, 9], { message: 'Limited must be one of 1, 2, 9' })
  @IsInt()
  readonly Limited?: number;

  @ApiPropertyOptional({
    description:
      'Properties to keep (dotted paths allowed), repeated or comma-separated; `id` is always kept.',
    type: [String],
  })
  @IsOptional()
  @QueryArray()
  @MaxLength(200, { each: true })
  @IsString({ each: true })
  readonly Select?: string[];
}

/** The level a read is projected at: the caller's, lowered by `Limited`. */
export function effectiveLevel(callerLevel: number, limited: number | undefined): number {
  return limited === undefined ? callerLevel : Math.min(limited, callerLevel);
}
