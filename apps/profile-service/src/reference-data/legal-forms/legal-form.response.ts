import { ApiProperty } from '@nestjs/swagger';

import { CodedResponse } from '../../common/named.response';
import { RECORD, type ResourceDefinition } from '../../common/crud/resource-definition';
import { whereEqualsIgnoringCase } from '../../common/query-filters';
import type { ListLegalFormsQueryDto } from './legal-form.dto';
import { LegalFormEntity } from './legal-form.entity';

export class LegalFormResponse extends CodedResponse {
  @ApiProperty() readonly isOrgDeletableByOwner: boolean;
}

export const LEGAL_FORM_RESOURCE = {
  entity: LegalFormEntity,
  noun: 'legal form',
  code: 'LEGAL_FORM',
  idName: 'legalFormId',
  fields: {
    name: undefined,
    displayName: undefined,
    code: null,
    description: null,
    isOrgDeletableByOwner: true,
  },
  filter: (list, query) => whereEqualsIgnoringCase(list, `${RECORD}.code`, query.Code),
} satisfies ResourceDefinition<LegalFormEntity, ListLegalFormsQueryDto>;
