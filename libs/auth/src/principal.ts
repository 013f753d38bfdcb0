/** Who is calling, as the verified token says. */
export interface Principal {
  readonly subject: string;
  readonly roles: ReadonlySet<string>;
}

type Claims = Record<string, unknown>;

/** Cc: C0 controls, DEL and C1 controls. */
const CONTROL_CHARACTER = /\p{Cc}/u;

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
 * names no one, and reads as nothing in a log or an audit list; no identity provider issues it.
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
  if (CONTROL_CHARACTER.test(sub)) return "The token's subject (`sub` claim) contains a control character.";
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
