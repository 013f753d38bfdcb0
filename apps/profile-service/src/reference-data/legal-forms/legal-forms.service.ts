import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { CrudService } from '../../common/crud/crud.service';
import { RECORD, type ResourceDefinition } from '../../common/crud/resource-definition';
import { whereEqualsIgnoringCase } from '../../common/query-filters';
import type { ListLegalFormsQueryDto } from './legal-form.dto';
import { LegalFormEntity } from './legal-form.entity';

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

/** Deletion is refused while an organization uses the legal form (interfaces 2.2). */
@Injectable()
export class LegalFormsService extends CrudService<LegalFormEntity, ListLegalFormsQueryDto> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, LEGAL_FORM_RESOURCE);
  }
}
