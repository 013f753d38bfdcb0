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

/**
 * The template a reference names, read once where the reference comes in (the path of GET
 * /templates/{name}, a render's templateName). A text no template could ever be known by (not a
 * name, version 0, a version past int32) is read as a name no saved template has (TEMPLATE_NAME
 * refuses it), so it is answered as unknown: 404.
 */
export function parseTemplateReference(text: string): TemplateReference {
  const match = TEMPLATE_REFERENCE.exec(text);
  if (!match) return { name: text };
  if (match[2] === undefined) return { name: match[1] };
  const version = Number(match[2]);
  return version >= 1 && version <= MAX_INT32 ? { name: match[1], version } : { name: text };
}

/** `invoice`, or `invoice@3`: the reference as documents (their Template) and messages name it. */
export const referenceLabel = ({ name, version }: TemplateReference): string =>
  version === undefined ? name : `${name}@${version}`;
