/** Who is calling, as the verified token says. */
export interface Principal {
  readonly subject: string;
  readonly roles: ReadonlySet<string>;
}

type Claims = Record<string, unknown>;

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
