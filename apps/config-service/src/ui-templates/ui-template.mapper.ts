import type { EntityRow } from '@portal/database';

import type { UiTemplateBrandingResponse } from './dto/ui-template-branding.response';
import type { UiTemplateResponse } from './dto/ui-template.response';
import { paletteAccessibility } from './palette-contrast';
import type { ColorPalette, Logo, UiLink, UiSocialNetwork, UiTemplateEntity } from './ui-template.entity';

/**
 * v10.0 puts the audit fields first, v9.1 last (interfaces 9); field order carries no meaning,
 * but clients that diff documents see the order of their version.
 */
export type FieldOrder = 'audit-first' | 'audit-last';

/** A stored template: an entity TypeORM read, or the row of the by-name look-up. */
export type UiTemplateRecord = EntityRow<UiTemplateEntity>;

export function toUiTemplateResponse(entity: UiTemplateRecord, order: FieldOrder): UiTemplateResponse {
  const audit = {
    createdBy: entity.createdBy,
    createStamp: entity.createStamp.toISOString(),
    updatedBy: entity.updatedBy,
    updateStamp: entity.updateStamp.toISOString(),
  };
  // The public branding's fields, with the description and the sender identifiers it leaves out.
  const { name, displayName, ...presentation } = toUiTemplateBrandingResponse(entity);
  const fields = {
    name,
    displayName,
    description: entity.description,
    ...presentation,
    senderIdentifiers: entity.senderIdentifiers,
  };
  return order === 'audit-first'
    ? { id: entity.id, ...audit, ...fields }
    : { id: entity.id, ...fields, ...audit };
}

/** The public branding: whitelisted, so that a field added to templates is not published by default. */
export function toUiTemplateBrandingResponse(entity: UiTemplateRecord): UiTemplateBrandingResponse {
  return {
    name: entity.name,
    displayName: entity.displayName,
    svgCssFilter: entity.svgCssFilter,
    colorPalette: colorPaletteOf(entity.colorPalette),
    accessibility: paletteAccessibility(entity.colorPalette),
    headerLogo: logoOf(entity.headerLogo),
    footerLogo: logoOf(entity.footerLogo),
    links: entity.links?.map(linkOf) ?? null,
    socialNetworks: entity.socialNetworks?.map(socialNetworkOf) ?? null,
  };
}

/*
 * The nested shapes, whitelisted and in their documented order: applied to request bodies before
 * they are stored (no mass assignment) and to stored values before they are sent (jsonb keeps
 * its own key order).
 */

export const colorPaletteOf = (palette: ColorPalette): ColorPalette => ({
  primaryColor: palette.primaryColor,
  primaryColorText: palette.primaryColorText,
  primaryColorPill: palette.primaryColorPill,
  secondaryColor: palette.secondaryColor,
  secondaryColorLightOne: palette.secondaryColorLightOne,
  secondaryColorLightTwo: palette.secondaryColorLightTwo,
  tertiaryColor: palette.tertiaryColor,
});

export const logoOf = ({ source, heightDesktop, heightMobile }: Logo): Logo => ({
  source,
  heightDesktop,
  heightMobile,
});

export const linkOf = (link: Omit<UiLink, 'description' | 'isNewTab'> & Partial<UiLink>): UiLink => ({
  name: link.name,
  displayName: link.displayName,
  description: link.description ?? null,
  redirectUrl: link.redirectUrl,
  isNewTab: link.isNewTab ?? false,
});

export const socialNetworkOf = (
  network: Omit<UiSocialNetwork, 'description'> & Partial<UiSocialNetwork>,
): UiSocialNetwork => ({
  name: network.name,
  displayName: network.displayName,
  description: network.description ?? null,
  redirectUrl: network.redirectUrl,
  icon: network.icon,
});
