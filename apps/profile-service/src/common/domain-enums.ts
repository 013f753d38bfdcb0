/**
 * The enumerations of interfaces 2.2 and 3. Where the reference lists only some values
 * ("value `Single` appears"), the rest are decided here and published in the OpenAPI document;
 * each is stored as varchar with a CHECK constraint, so adding a value is one migration.
 */
export const GENDERS = ['Unknown', 'Male', 'Female', 'Other'] as const;
export type Gender = (typeof GENDERS)[number];

export const INACTIVITY_STATES = [
  'Active',
  'InactiveLevelOne',
  'InactiveLevelTwo',
  'InactiveLevelThree',
] as const;
export type InactivityState = (typeof INACTIVITY_STATES)[number];

export const SIGNATURE_TYPES = ['Unknown', 'Single', 'Collective'] as const;
export type SignatureType = (typeof SIGNATURE_TYPES)[number];

export const SIGNATORY_TYPES = ['Unknown', 'Signer', 'Representative'] as const;
export type SignatoryType = (typeof SIGNATORY_TYPES)[number];

export const URL_TARGETS = ['Self', 'Blank'] as const;
export type UrlTarget = (typeof URL_TARGETS)[number];

export const RENEWAL_STATES = ['Active', 'Renewed', 'Expired'] as const;
export type RenewalState = (typeof RENEWAL_STATES)[number];

export const ORG_FUNCTIONS = ['Collaborator', 'DelegationManager', 'Manager', 'Owner'] as const;
export type OrgFunction = (typeof ORG_FUNCTIONS)[number];

/** Where a profile holds a role from: given to it directly, or by its organization's category. */
export const PROFILE_ROLE_SOURCES = ['Direct', 'OrgCategory'] as const;
export type ProfileRoleSource = (typeof PROFILE_ROLE_SOURCES)[number];

export const PROFILE_TYPES = ['Person', 'Organization'] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

export const DELEGATION_MODES = ['Unitary', 'Global'] as const;
export type DelegationMode = (typeof DELEGATION_MODES)[number];

/** The CHECK expression that keeps a varchar column to an enumeration. */
export const oneOf = (column: string, values: readonly string[]): string =>
  `"${column}" IN (${values.map((value) => `'${value}'`).join(', ')})`;
