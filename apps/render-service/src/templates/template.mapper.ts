import type { InputFormat } from '../engine/common/formats';
import type {
  TemplateResponse,
  TemplateSummaryResponse,
  TemplateVersionResponse,
} from './dto/template.response';
import { sampleDataOf } from './sample-data';
import type { RenderTemplateVersionEntity } from './template-version.entity';
import type { RenderTemplateEntity } from './template.entity';

export function toTemplateResponse(
  template: RenderTemplateEntity,
  version: RenderTemplateVersionEntity,
): TemplateResponse {
  return {
    id: template.id,
    createdBy: template.createdBy,
    createStamp: template.createStamp.toISOString(),
    updatedBy: version.createdBy,
    updateStamp: version.createStamp.toISOString(),
    name: template.name,
    version: version.version,
    latestVersion: template.latestVersion,
    inputFormat: version.inputFormat,
    data: version.data,
    sampleData: sampleDataOf(version.sampleData),
  };
}

export function toTemplateSummary(
  template: RenderTemplateEntity,
  inputFormat: InputFormat | null,
): TemplateSummaryResponse {
  return {
    id: template.id,
    createdBy: template.createdBy,
    createStamp: template.createStamp.toISOString(),
    updatedBy: template.updatedBy,
    updateStamp: template.updateStamp.toISOString(),
    name: template.name,
    latestVersion: template.latestVersion,
    inputFormat,
  };
}

export function toTemplateVersionResponse(version: RenderTemplateVersionEntity): TemplateVersionResponse {
  return {
    id: version.id,
    version: version.version,
    inputFormat: version.inputFormat,
    createdBy: version.createdBy,
    createStamp: version.createStamp.toISOString(),
  };
}
