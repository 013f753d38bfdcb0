import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { AuditedEntity } from '@portal/database';

export interface ColorPalette {
  primaryColor: string;
  primaryColorText: string;
  primaryColorPill: string;
  secondaryColor: string;
  secondaryColorLightOne: string;
  secondaryColorLightTwo: string;
  tertiaryColor: string;
}

export interface Logo {
  source: string;
  heightDesktop: number;
  heightMobile: number;
}

export interface UiLink {
  name: string;
  displayName: string;
  description: string | null;
  redirectUrl: string;
  isNewTab: boolean;
}

export interface UiSocialNetwork {
  name: string;
  displayName: string;
  description: string | null;
  redirectUrl: string;
  icon: string;
}

export const UI_TEMPLATE_NAME_UNIQUE = 'uq_ui_template_name';

@Entity('ui_template')
@Index(UI_TEMPLATE_NAME_UNIQUE, ['name'], { unique: true })
export class UiTemplateEntity extends AuditedEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ name: 'display_name', type: 'varchar', length: 255 })
  displayName: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  description: string | null;

  @Column({ name: 'svg_css_filter', type: 'varchar', length: 2000, nullable: true })
  svgCssFilter: string | null;

  @Column({ name: 'color_palette', type: 'jsonb' })
  colorPalette: ColorPalette;

  @Column({ name: 'header_logo', type: 'jsonb' })
  headerLogo: Logo;

  @Column({ name: 'footer_logo', type: 'jsonb' })
  footerLogo: Logo;

  @Column({ type: 'jsonb', nullable: true })
  links: UiLink[] | null;

  @Column({ name: 'social_networks', type: 'jsonb', nullable: true })
  socialNetworks: UiSocialNetwork[] | null;

  /** In the client's order. Uniqueness across templates is kept by ui_template_sender_identifier. */
  @Column({ name: 'sender_identifiers', type: 'varchar', length: 254, array: true })
  senderIdentifiers: string[];
}
