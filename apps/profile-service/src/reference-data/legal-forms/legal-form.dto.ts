import { PageQueryDto } from '@portal/pagination';

import { OptionalBoolean } from '../../common/body-fields';
import { CodedFieldsDto } from '../../common/named.dto';
import { TextFilter } from '../../common/query-filters';
import { writeBodies } from '../../common/write-bodies';

export class LegalFormFieldsDto extends CodedFieldsDto {
  @OptionalBoolean('Affiliated organizations may be deleted by an owner.', true)
  readonly isOrgDeletableByOwner?: boolean;
}

export const [CreateLegalFormDto, UpdateLegalFormDto] = writeBodies(LegalFormFieldsDto, 'LegalForm');

export class ListLegalFormsQueryDto extends PageQueryDto {
  @TextFilter(50, 'Only the legal form of this code (case-insensitive).')
  readonly Code?: string;
}
