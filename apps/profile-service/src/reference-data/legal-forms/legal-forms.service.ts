import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { CrudService } from '../../common/crud/crud.service';
import type { ListLegalFormsQueryDto } from './legal-form.dto';
import { LegalFormEntity } from './legal-form.entity';
import { LEGAL_FORM_RESOURCE } from './legal-form.response';

/** Deletion is refused while an organization uses the legal form (interfaces 2.2). */
@Injectable()
export class LegalFormsService extends CrudService<LegalFormEntity, ListLegalFormsQueryDto> {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource, LEGAL_FORM_RESOURCE);
  }
}
