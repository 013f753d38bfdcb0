/**
 * A UI template's branding as config-service's public branding route answers it (contract 9):
 * what a template reads as `{{branding....}}`. Only these members are kept, whatever else the
 * answer carries.
 */
export interface Branding {
  readonly name: string;
  /** The translation term of the UI template's name. */
  readonly displayName: string | null;
  /** The CSS filter the portal applies to its SVG icons. */
  readonly svgCssFilter: string | null;
  readonly colorPalette: Readonly<Record<string, string>>;
  readonly headerLogo: BrandingLogo | null;
  readonly footerLogo: BrandingLogo | null;
  readonly links: readonly unknown[];
  readonly socialNetworks: readonly unknown[];
}

export interface BrandingLogo {
  readonly source: string;
  readonly heightDesktop?: number;
  readonly heightMobile?: number;
}

/** The logos `{{brandingLogo "header"}}` and `"footer"` place. */
export const LOGO_KINDS = ['header', 'footer'] as const;
export type LogoKind = (typeof LOGO_KINDS)[number];

export const logoOf = (branding: Branding, kind: LogoKind): BrandingLogo | null =>
  kind === 'header' ? branding.headerLogo : branding.footerLogo;

/** What a render's worker receives: the values the template reads, and the logos as data: URIs. */
export interface BrandingContext {
  readonly values: Branding;
  readonly logos: Partial<Record<LogoKind, string>>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function logoFrom(value: unknown): BrandingLogo | null {
  if (!isRecord(value) || typeof value['source'] !== 'string') return null;
  const height = (key: string): number | undefined =>
    typeof value[key] === 'number' ? value[key] : undefined;
  return {
    source: value['source'],
    heightDesktop: height('heightDesktop'),
    heightMobile: height('heightMobile'),
  };
}

/**
 * The branding in config-service's answer, or undefined when it is not one (a proxy's page, a
 * version that names things otherwise): then it is treated as config-service being unavailable.
 */
export function brandingFrom(body: unknown): Branding | undefined {
  if (!isRecord(body) || typeof body['name'] !== 'string' || !isRecord(body['colorPalette']))
    return undefined;
  const colorPalette = Object.fromEntries(
    Object.entries(body['colorPalette']).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  const text = (key: string): string | null => (typeof body[key] === 'string' ? body[key] : null);
  return {
    name: body['name'],
    displayName: text('displayName'),
    svgCssFilter: text('svgCssFilter'),
    colorPalette,
    headerLogo: logoFrom(body['headerLogo']),
    footerLogo: logoFrom(body['footerLogo']),
    links: Array.isArray(body['links']) ? body['links'] : [],
    socialNetworks: Array.isArray(body['socialNetworks']) ? body['socialNetworks'] : [],
  };
}
