/** Contract 2: every ProfileApi role reads (projected at its level); only ProfileApi_Max writes. */
export const PROFILE_READERS = ['ProfileApi_Low', 'ProfileApi_Medium', 'ProfileApi_Max'] as const;
export const PROFILE_WRITER = 'ProfileApi_Max';

/** Secrets (values of secure service settings) are shown at this access level only (issue 8, contract 3). */
export const SECRETS_LEVEL = 9;
