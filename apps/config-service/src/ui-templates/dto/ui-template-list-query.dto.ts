import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

import { FREE_TEXT_PATTERN, FreeText, QueryString } from '@portal/http-context';
import { PageQueryDto } from '@portal/pagination';

export class ListUiTemplatesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    description: 'The template of this sender identifier (exact, case-sensitive).',
    pattern: FREE_TEXT_PATTERN,
  })
  @IsOptional()
  @QueryString()
  @FreeText()
  @IsString()
  readonly SenderIdentifier?: string;
}

/** v9.1 bounds the filter to 200 characters (interfaces 9, contract 7). */
export class ListUiTemplatesQueryV9Dto extends ListUiTemplatesQueryDto {
  @ApiPropertyOptional({
    description: 'The template of this sender identifier (exact, case-sensitive).',
    maxLength: 200,
    pattern: FREE_TEXT_PATTERN,
  })
  @IsOptional()
  @QueryString()
  @FreeText()
  @MaxLength(200)
  @IsString()
  override readonly SenderIdentifier?: string;
}
