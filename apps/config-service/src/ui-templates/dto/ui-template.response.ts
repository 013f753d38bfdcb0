import { ApiProperty } from '@nestjs/swagger';

import { ColorPaletteDto, LogoDto, UiLinkDto, UiSocialNetworkDto } from './ui-template-write.dto';

/** A UI template as every read returns it (interfaces 2.3). */
export class UiTemplateResponse {
  @ApiProperty({ type: 'integer' }) readonly id: number;
  @ApiProperty() readonly createdBy: string;
  @ApiProperty({ format: 'date-time' }) readonly createStamp: string;
  @ApiProperty() readonly updatedBy: string;
  @ApiProperty({ format: 'date-time' }) readonly updateStamp: string;
  @ApiProperty() readonly name: string;
  @ApiProperty() readonly displayName: string;
  @ApiProperty({ type: String, nullable: true }) readonly description: string | null;
  @ApiProperty({ type: String, nullable: true }) readonly svgCssFilter: string | null;
  @ApiProperty({ type: ColorPaletteDto }) readonly colorPalette: ColorPaletteDto;
  @ApiProperty({ type: LogoDto }) readonly headerLogo: LogoDto;
  @ApiProperty({ type: LogoDto }) readonly footerLogo: LogoDto;
  @ApiProperty({ type: [UiLinkDto], nullable: true }) readonly links: UiLinkDto[] | null;
  @ApiProperty({ type: [UiSocialNetworkDto], nullable: true }) readonly socialNetworks:
    UiSocialNetworkDto[] | null;
  @ApiProperty({ type: [String], description: 'In the order they were given; empty when none.' })
  readonly senderIdentifiers: string[];
}
