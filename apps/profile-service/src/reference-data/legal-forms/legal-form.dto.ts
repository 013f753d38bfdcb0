import { ApiProperty } from '@nestjs/swagger';

import { CreatedBy, OptionalText, RequiredText, UpdatedBy } from '@portal/http-context';
import { PageQueryDto } from '@portal/pagination';

import { AuditedResponse } from '../../common/audited.response';
import { OptionalBoolean } from '../../common/body-fields';
import { TextFilter } from '../../common/query-filters';

export class LegalFormFieldsDto {
  @RequiredText(1, 100, 'Unique code name (unique case-insensitively).')
  readonly name: string;

  @RequiredText(1, 255, 'Display label; a translation term.')
  readonly displayName: string;

  @OptionalText(
    50,
    'Unique code (case-insensitively) used at organization registration to decide whether self-registration is possible.',
  )
  readonly code?: string | null;

  @OptionalText(255, 'Internal description, not shown to citizens.')
  readonly description?: string | null;

  @OptionalBoolean('Affiliated organizations may be deleted by an owner.', true)
  readonly isOrgDeletableByOwner?: boolean;
}

export class CreateLegalFormDto extends LegalFormFieldsDto {
  @CreatedBy() readonly createdBy: string;
}

export class UpdateLegalFormDto extends LegalFormFieldsDto {
  @UpdatedBy() readonly updatedBy: string;
}

export class ListLegalFormsQueryDto extends PageQueryDto {
  @TextFilter(50, 'Only the legal form of this code (case-insensitive).')
  readonly Code?: string;
}

export class LegalFormResponse extends AuditedResponse {
  @ApiProperty() readonly name: string;
  @ApiProperty() readonly displayName: string;
  @ApiProperty({ type: String, nullable: true }) readonly code: string | null;
  @ApiProperty({ type: String, nullable: true }) readonly description: string | null;
  @ApiProperty() readonly isOrgDeletableByOwner: boolean;
}
