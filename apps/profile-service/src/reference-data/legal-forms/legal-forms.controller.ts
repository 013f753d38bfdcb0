import { CrudController } from '../../common/crud/crud.controller';
import { CreateLegalFormDto, ListLegalFormsQueryDto, UpdateLegalFormDto } from './legal-form.dto';
import { LegalFormResponse, LEGAL_FORM_RESOURCE } from './legal-form.response';
import { LegalFormsService } from './legal-forms.service';
import { LEGAL_FORMS_DOCS } from './legal-forms.openapi';

export class LegalFormsController extends CrudController({
  definition: LEGAL_FORM_RESOURCE,
  service: LegalFormsService,
  entityKey: 'legalForm',
  response: LegalFormResponse,
  listQuery: ListLegalFormsQueryDto,
  createBody: CreateLegalFormDto,
  updateBody: UpdateLegalFormDto,
  docs: LEGAL_FORMS_DOCS,
}) {}
