import { ApiProperty } from '@nestjs/swagger';

import { ColorPaletteDto, LogoDto, UiLinkDto, UiSocialNetworkDto } from './ui-template-write.dto';
import { PaletteAccessibilityDto } from './ui-template.response';

/**
 * What anyone may read of a UI template without a token: what a login page shows, in the shapes
 * of the UI template response. Neither its id, sender identifiers, internal description nor audit
 * fields (contract 9, "Public branding").
 */
export class UiTemplateBrandingResponse {
  @ApiProperty({ description: "The template's name." }) readonly name: string;
  @ApiProperty({ description: 'Translation term of the template.' }) readonly displayName: string;
  @ApiProperty({ type: String, nullable: true, description: 'CSS filter for SVG images, or null.' })
  readonly svgCssFilter: string | null;
  @ApiProperty({ type: ColorPaletteDto }) readonly colorPalette: ColorPaletteDto;
  @ApiProperty({ type: PaletteAccessibilityDto }) readonly accessibility: PaletteAccessibilityDto;
  @ApiProperty({ type: LogoDto }) readonly headerLogo: LogoDto;
  @ApiProperty({ type: LogoDto }) readonly footerLogo: LogoDto;
  @ApiProperty({ type: [UiLinkDto], nullable: true }) readonly links: UiLinkDto[] | null;
  @ApiProperty({ type: [UiSocialNetworkDto], nullable: true }) readonly socialNetworks:
    UiSocialNetworkDto[] | null;
}
