import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';

import {
  CreatedBy,
  FREE_TEXT_PATTERN,
  FreeText,
  OptionalNestedArray,
  OptionalText,
  RequiredNested,
  RequiredPattern,
  RequiredText,
  Satisfies,
  UniqueItems,
  UpdatedBy,
} from '@portal/http-context';

import { SVG_CSS_FILTER_GRAMMAR, SVG_CSS_FILTER_MAX_LENGTH, svgCssFilterProblem } from '../svg-css-filter';
import {
  LOGO_SOURCE_LENGTH,
  logoSourceProblem,
  UI_TEMPLATE_NAME_LENGTH,
  uiTemplateNameProblem,
} from '../ui-template-rules';

/**
 * Bounds interfaces.md leaves open (2.3: "Lengths and formats ... not shown"), decided here and
 * published in the OpenAPI document.
 */
export const UI_TEMPLATE_BOUNDS = {
  maxLinks: 50,
  maxSocialNetworks: 20,
  maxSenderIdentifiers: 100,
  senderIdentifierLength: 254,
  urlLength: 2048,
  logoHeightMax: 1000,
} as const;

const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const HEX_COLOR_MESSAGE = '$property must be a hex colour: #RGB, #RGBA, #RRGGBB or #RRGGBBAA';
/** An absolute http(s) URL or a path on the portal's own host; no white space nor control characters. */
const WEB_ADDRESS = /^(?:https?:\/\/[^\s\p{Cc}]+|\/[^\s\p{Cc}]*)$/u;
const WEB_ADDRESS_MESSAGE = '$property must be an http(s) URL or a path starting with /, without spaces';
/** Footer links may also open a mail or a phone call. */
const LINK_ADDRESS = /^(?:https?:\/\/[^\s\p{Cc}]+|\/[^\s\p{Cc}]*|mailto:[^\s\p{Cc}]+|tel:\+?[0-9 ()-]+)$/u;
/** No control characters (C0, DEL, C1), as a JSON Schema pattern for the OpenAPI document. */
const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u001F\\u007F-\\u009F]*$';

const HexColor = (description: string): PropertyDecorator =>
  applyDecorators(
    ApiProperty({ description, pattern: HEX_COLOR.source, example: '#0055A4' }),
    IsDefined({ message: '$property is required' }),
    IsString(),
    Matches(HEX_COLOR, { message: HEX_COLOR_MESSAGE }),
  );

export class ColorPaletteDto {
  @HexColor('Main brand colour.') readonly primaryColor: string;
  @HexColor('Text on the primary colour.') readonly primaryColorText: string;
  @HexColor('Pills and badges.') readonly primaryColorPill: string;
  @HexColor('Secondary colour.') readonly secondaryColor: string;
  @HexColor('First light shade of the secondary colour.') readonly secondaryColorLightOne: string;
  @HexColor('Second light shade of the secondary colour.') readonly secondaryColorLightTwo: string;
  @HexColor('Tertiary colour.') readonly tertiaryColor: string;
}

export class LogoDto {
  @ApiProperty({
    description:
      'The image: an absolute http(s) URL, a `data:image/(png|jpeg|webp|svg+xml)[;base64],...` URI, or a ' +
      'relative path (`logo.svg`, `assets/img/logo.png`, `/static/logo.png`). No control characters, no ' +
      'leading or trailing whitespace, no backslash; other schemes (`javascript:`, `file:`, `data:text/html`, ...) ' +
      'and protocol-relative `//host/...` are refused.',
    minLength: LOGO_SOURCE_LENGTH.min,
    maxLength: LOGO_SOURCE_LENGTH.max,
    example: 'assets/img/wappen-musterberg.svg',
  })
  @IsDefined({ message: '$property is required' })
  @Satisfies('logoSource', logoSourceProblem)
  @IsString()
  readonly source: string;

  @ApiProperty({
    description: 'Height in CSS pixels on desktop.',
    minimum: 1,
    maximum: UI_TEMPLATE_BOUNDS.logoHeightMax,
    type: 'integer',
  })
  @Max(UI_TEMPLATE_BOUNDS.logoHeightMax)
  @Min(1)
  @IsInt()
  readonly heightDesktop: number;

  @ApiProperty({
    description: 'Height in CSS pixels on mobile.',
    minimum: 1,
    maximum: UI_TEMPLATE_BOUNDS.logoHeightMax,
    type: 'integer',
  })
  @Max(UI_TEMPLATE_BOUNDS.logoHeightMax)
  @Min(1)
  @IsInt()
  readonly heightMobile: number;
}

export class UiLinkDto {
  @RequiredText(1, 100, 'Code name of the link.')
  readonly name: string;

  @RequiredText(1, 255, 'Translation term shown as the label.')
  readonly displayName: string;

  @OptionalText(255, 'Internal description.')
  readonly description?: string | null;

  @RequiredPattern(
    LINK_ADDRESS,
    UI_TEMPLATE_BOUNDS.urlLength,
    '$property must be an http(s) URL, a path starting with /, or a mailto: or tel: address, without spaces',
    'http(s) URL, path, mailto: or tel: address.',
  )
  readonly redirectUrl: string;

  @ApiPropertyOptional({ description: 'Open in a new tab.', default: false })
  @IsOptional()
  @IsBoolean()
  readonly isNewTab?: boolean;
}

export class UiSocialNetworkDto {
  @RequiredText(1, 100, 'Code name of the network.')
  readonly name: string;

  @RequiredText(1, 255, 'Translation term shown as the label.')
  readonly displayName: string;

  @OptionalText(255, 'Internal description.')
  readonly description?: string | null;

  @RequiredPattern(
    WEB_ADDRESS,
    UI_TEMPLATE_BOUNDS.urlLength,
    WEB_ADDRESS_MESSAGE,
    'The profile page: an http(s) URL or a path.',
  )
  readonly redirectUrl: string;

  @RequiredText(
    1,
    UI_TEMPLATE_BOUNDS.urlLength,
    'Icon: an image URL, a path, or an icon name known to the front end.',
  )
  readonly icon: string;
}

/** What create and update bodies share (interfaces 2.3, 4.4). */
export class UiTemplateFieldsDto {
  @RequiredText(1, 255, 'Translation term of the template.')
  readonly displayName: string;

  @OptionalText(255, 'Internal description.')
  readonly description?: string | null;

  @ApiPropertyOptional({
    description:
      'CSS filter that adapts the colour of SVG images; frontends put it into a `filter:` style as it is. ' +
      `${SVG_CSS_FILTER_GRAMMAR} At most ${SVG_CSS_FILTER_MAX_LENGTH} characters; null for no filter.`,
    maxLength: SVG_CSS_FILTER_MAX_LENGTH,
    nullable: true,
    type: String,
    example: 'invert(27%) sepia(93%) saturate(1352%) hue-rotate(183deg) brightness(92%)',
  })
  @IsOptional()
  @Satisfies('svgCssFilter', svgCssFilterProblem)
  @IsString()
  readonly svgCssFilter?: string | null;

  @RequiredNested(ColorPaletteDto)
  readonly colorPalette: ColorPaletteDto;

  @RequiredNested(LogoDto)
  readonly headerLogo: LogoDto;

  @RequiredNested(LogoDto)
  readonly footerLogo: LogoDto;

  @OptionalNestedArray(UiLinkDto, UI_TEMPLATE_BOUNDS.maxLinks, 'Footer links.')
  readonly links?: UiLinkDto[] | null;

  @OptionalNestedArray(UiSocialNetworkDto, UI_TEMPLATE_BOUNDS.maxSocialNetworks, 'Footer social networks.')
  readonly socialNetworks?: UiSocialNetworkDto[] | null;

  @ApiProperty({
    description:
      'Sender identifiers of this template, each at most once; each belongs to at most one template. ' +
      `Required: an array of at most ${UI_TEMPLATE_BOUNDS.maxSenderIdentifiers}, or null for none.`,
    type: [String],
    nullable: true,
    maxItems: UI_TEMPLATE_BOUNDS.maxSenderIdentifiers,
    uniqueItems: true,
    items: {
      type: 'string',
      minLength: 1,
      maxLength: UI_TEMPLATE_BOUNDS.senderIdentifierLength,
      pattern: FREE_TEXT_PATTERN,
    },
  })
  @ValidateIf((body: UiTemplateFieldsDto) => body.senderIdentifiers !== null)
  @FreeText({ each: true })
  @Length(1, UI_TEMPLATE_BOUNDS.senderIdentifierLength, { each: true })
  @IsString({ each: true })
  @UniqueItems()
  @ArrayMaxSize(UI_TEMPLATE_BOUNDS.maxSenderIdentifiers)
  @IsArray({ message: '$property is required: an array of strings, or null' })
  readonly senderIdentifiers: string[] | null;
}

export class CreateUiTemplateDto extends UiTemplateFieldsDto {
  @ApiProperty({
    description:
      'Unique, case-sensitive code name; cannot be changed later. Any text of 1..100 characters (Unicode code ' +
      "points) without control characters, except '.' and '..'. Paths carry it URL-encoded " +
      '(`encodeURIComponent`: `Kanton Zürich` is `Kanton%20Z%C3%BCrich`, `a/b` is `a%2Fb`).',
    minLength: UI_TEMPLATE_NAME_LENGTH.min,
    maxLength: UI_TEMPLATE_NAME_LENGTH.max,
    pattern: NO_CONTROL_CHARACTERS,
    example: 'Kanton Musterberg',
  })
  @IsDefined({ message: '$property is required' })
  @Satisfies('uiTemplateName', uiTemplateNameProblem)
  @IsString()
  readonly name: string;

  @CreatedBy()
  readonly createdBy: string;
}

/** `name` is not part of an update: it is the path's and cannot change (interfaces 2.3). */
export class UpdateUiTemplateDto extends UiTemplateFieldsDto {
  @UpdatedBy()
  readonly updatedBy: string;
}
