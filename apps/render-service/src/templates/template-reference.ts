/** Template names appear in paths and may be followed by `@N`, so they keep to URL-safe characters. */
export const TEMPLATE_NAME = /^[A-Za-z0-9._~-]{1,50}$/;
export const TEMPLATE_NAME_RULE = 'at most 50 letters, digits and . _ ~ -';

/** `invoice` (the newest version) or `invoice@3`. */
export const TEMPLATE_REFERENCE = /^([A-Za-z0-9._~-]{1,50})(?:@([0-9]{1,10}))?$/;

const MAX_INT32 = 2_147_483_647;

export interface TemplateReference {
  readonly name: string;
  /** Absent: the newest version. */
  readonly version?: number;
}

/** undefined when no template could ever be known by this text. */
export function parseTemplateReference(text: string): TemplateReference | undefined {
  const match = TEMPLATE_REFERENCE.exec(text);
  if (!match) return undefined;
  if (match[2] === undefined) return { name: match[1] };
  const version = Number(match[2]);
  return version >= 1 && version <= MAX_INT32 ? { name: match[1], version } : undefined;
}

export const referenceLabel = ({ name, version }: TemplateReference): string =>
  version === undefined ? name : `${name}@${version}`;
