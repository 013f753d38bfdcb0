import { ApiProperty } from '@nestjs/swagger';

import { AA_LARGE_TEXT, AA_NORMAL_TEXT } from '../palette-contrast';

import { ColorPaletteDto, LogoDto, UiLinkDto, UiSocialNetworkDto } from './ui-template-write.dto';

const PALETTE_KEYS = [
  'primaryColor',
  'primaryColorText',
  'primaryColorPill',
  'secondaryColor',
  'secondaryColorLightOne',
  'secondaryColorLightTwo',
  'tertiaryColor',
];

/** One text colour on one background the palette implies, measured as WCAG 2.2 measures it. */
export class ContrastPairDto {
  @ApiProperty({
    description:
      'The palette colour of the text, or `black`/`white`: the one that reads better on that background.',
    enum: [...PALETTE_KEYS, 'black', 'white'],
  })
  readonly text: string;
  @ApiProperty({ description: 'The text colour as stored (`#FFFFFF`/`#000000` for white/black).' })
  readonly textColor: string;
  @ApiProperty({
    description: 'The palette colour of the background, or `white`: the page.',
    enum: [...PALETTE_KEYS, 'white'],
  })
  readonly background: string;
  @ApiProperty({ description: 'The background colour as stored (`#FFFFFF` for white).' })
  readonly backgroundColor: string;
  @ApiProperty({
    description:
      "What the pair is for. `palette`: the palette's own pairs (`primaryColorText` on the primary colour and " +
      'the pill, black or white on the other fills). `document`: a palette colour as text on the white page, as ' +
      "the portal's conventions and the shipped templates print them: headings in `primaryColor`, footers and " +
      'notes in `secondaryColor`, links in `tertiaryColor`. Both count in `meetsAaNormalText` and for ' +
      'CONFIG_CONTRAST_POLICY. `combination`: `secondaryColor` or `tertiaryColor` as text on `primaryColor`, ' +
      "which no shipped template prints: measured for a template's author, not counted.",
    enum: ['palette', 'document', 'combination'],
  })
  readonly use: string;
  @ApiProperty({
    description:
      'WCAG 2.2 contrast ratio (1..21), rounded to two decimals; translucent colours as seen (the ' +
      'background over white, the text over its background). The flags are decided before rounding.',
    minimum: 1,
    maximum: 21,
    example: 4.48,
  })
  readonly contrastRatio: number;
  @ApiProperty({ description: `At least ${AA_NORMAL_TEXT}:1: AA for normal text.` })
  readonly meetsAaNormalText: boolean;
  @ApiProperty({ description: `At least ${AA_LARGE_TEXT}:1: AA for large text (18 pt, or 14 pt bold).` })
  readonly meetsAaLargeText: boolean;
}

/** What the palette's contrasts are worth (contract 9, "Accessible palettes"); computed, never stored. */
export class PaletteAccessibilityDto {
  @ApiProperty({ description: 'Every pair of `use` `palette` and `document` meets AA for normal text.' })
  readonly meetsAaNormalText: boolean;
  @ApiProperty({
    type: [ContrastPairDto],
    description:
      '`primaryColorText` on `primaryColor` and on `primaryColorPill`, then black or white text (the better) on ' +
      '`secondaryColor`, `secondaryColorLightOne`, `secondaryColorLightTwo` and `tertiaryColor`, then ' +
      '`primaryColor`, `secondaryColor` and `tertiaryColor` on white, then `secondaryColor` and `tertiaryColor` ' +
      'on `primaryColor`, in this order.',
  })
  readonly pairs: ContrastPairDto[];
}

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
  @ApiProperty({ type: PaletteAccessibilityDto }) readonly accessibility: PaletteAccessibilityDto;
  @ApiProperty({ type: LogoDto }) readonly headerLogo: LogoDto;
  @ApiProperty({ type: LogoDto }) readonly footerLogo: LogoDto;
  @ApiProperty({ type: [UiLinkDto], nullable: true }) readonly links: UiLinkDto[] | null;
  @ApiProperty({ type: [UiSocialNetworkDto], nullable: true }) readonly socialNetworks:
    UiSocialNetworkDto[] | null;
  @ApiProperty({ type: [String], description: 'In the order they were given; empty when none.' })
  readonly senderIdentifiers: string[];
}
