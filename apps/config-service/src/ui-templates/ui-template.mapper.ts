import type { UiTemplateResponse } from './dto/ui-template.response';
import type { UiTemplateEntity } from './ui-template.entity';

/**
 * v10.0 puts the audit fields first, v9.1 last (interfaces 9); field order carries no meaning,
 * but clients that diff documents see the order of their version.
 */
export type FieldOrder = 'audit-first' | 'audit-last';

export function toUiTemplateResponse(entity: UiTemplateEntity, order: FieldOrder): UiTemplateResponse {
  const audit = {
    createdBy: entity.createdBy,
    createStamp: entity.createStamp.toISOString(),
    updatedBy: entity.updatedBy,
    updateStamp: entity.updateStamp.toISOString(),
  };
  const fields = {
    name: entity.name,
    displayName: entity.displayName,
    description: entity.description,
    svgCssFilter: entity.svgCssFilter,
    colorPalette: entity.colorPalette,
    headerLogo: entity.headerLogo,
    footerLogo: entity.footerLogo,
    links: entity.links,
    socialNetworks: entity.socialNetworks,
    senderIdentifiers: entity.senderIdentifiers,
  };
  return order === 'audit-first'
    ? { id: entity.id, ...audit, ...fields }
    : { id: entity.id, ...fields, ...audit };
}
