import { CrudController } from '../../common/crud/crud.controller';
import {
  CreateLegalFormDto,
  LegalFormResponse,
  ListLegalFormsQueryDto,
  UpdateLegalFormDto,
} from './legal-form.dto';
import { LEGAL_FORM_RESOURCE, LegalFormsService } from './legal-forms.service';

export class LegalFormsController extends CrudController({
  definition: LEGAL_FORM_RESOURCE,
  service: LegalFormsService,
  entityKey: 'legalForm',
  tag: 'Legal forms',
  plural: 'legal forms',
  response: LegalFormResponse,
  listQuery: ListLegalFormsQueryDto,
  createBody: CreateLegalFormDto,
  updateBody: UpdateLegalFormDto,
}) {}
