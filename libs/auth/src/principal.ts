/** Who is calling, as the verified token says. */
export interface Principal {
  readonly subject: string;
  readonly roles: ReadonlySet<string>;
}

type Claims = Record<string, unknown>;

/** Cc: C0 controls, DEL and C1 controls. */
const CONTROL_CHARACTER = /\p{Cc}/u;
/** A surrogate code unit without its pair: no character at all, and not storable as UTF-8. */
const LONE_SURROGATE = /\p{Cs}/u;
/**
 * Only white space and characters that show nothing (zero-width spaces and joiners, U+2060, the BOM,
 * fillers, variation selectors, soft hyphens: Default_Ignorable_Code_Point).
 */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}]*$/u;
/** The audit records' `subject` column holds this many characters (code points). */
export const MAX_SUBJECT_LENGTH = 255;

const kindOf = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
};

/**
 * Why a token's `sub` cannot name its caller, or undefined when it can. The subject keys each
 * caller's rate limits and requests in flight and is the audit records' `subject`, so every token
 * must carry one of its own: a token without one would otherwise share a bucket and an audit
 * subject with every other such token. White space alone is refused like the empty string: it
 * names no one, and reads as nothing in a log or an audit list; no identity provider issues it; so
 * are invisible characters alone (U+200B...). A subject longer than the audit records' column is
 * refused, not cut: two subjects cut alike would share one audit subject and one rate limit bucket.
 * A subject is an identifier compared exactly (RFC 7519 4.1.2), so it is never trimmed, and has
 * no use for control characters, which would reach logs and `createdBy` fields unchecked. The
 * reasons quote nothing of the token.
 */
export function subjectProblem(sub: unknown): string | undefined {
  if (sub === undefined) return 'The token has no subject (`sub` claim).';
  if (typeof sub !== 'string')
    return `The token's subject (\`sub\` claim) must be a string, not ${kindOf(sub)}.`;
  if (sub === '') return "The token's subject (`sub` claim) is empty.";
  if (sub.trim() === '') return "The token's subject (`sub` claim) is white space only.";
  if (LONE_SURROGATE.test(sub))
    return "The token's subject (`sub` claim) contains a lone surrogate (half of a UTF-16 pair).";
  if (INVISIBLE_ONLY.test(sub)) return "The token's subject (`sub` claim) is invisible characters only.";
  if (CONTROL_CHARACTER.test(sub)) return "The token's subject (`sub` claim) contains a control character.";
  // Code points, as PostgreSQL counts a character varying's length.
  if (sub.length > MAX_SUBJECT_LENGTH && [...sub].length > MAX_SUBJECT_LENGTH)
    return `The token's subject (\`sub\` claim) is longer than ${MAX_SUBJECT_LENGTH} characters.`;
  return undefined;
}

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Roles from `roles`, Keycloak's `realm_access.roles` and every `resource_access.*.roles` (contract 2). */
export function rolesOfClaims(claims: Claims): Set<string> {
  const roles = new Set(stringsOf(claims['roles']));
  const realm = claims['realm_access'];
  if (realm && typeof realm === 'object')
    stringsOf((realm as Claims)['roles']).forEach((role) => roles.add(role));
  const resources = claims['resource_access'];
  if (resources && typeof resources === 'object') {
    for (const resource of Object.values(resources as Claims)) {
      if (resource && typeof resource === 'object')
        stringsOf((resource as Claims)['roles']).forEach((role) => roles.add(role));
    }
  }
  return roles;
}
