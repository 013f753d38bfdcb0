import { unique } from './fixtures';

type Json = Record<string, any>;

/** Valid profile create bodies with overridable parts, for the profile suites. */
export function personBody(overrides: Json = {}, person: Json = {}, account: Json = {}): Json {
  const n = unique();
  return {
    email: `anna.muster${n}@example.ch`,
    zipCode: '8001',
    city: 'Zürich',
    createdBy: 'alice',
    ...overrides,
    person: {
      firstname: 'Anna',
      lastname: `Muster${n}`,
      ...person,
      account: { username: `anna${n}`, password: 'correct horse battery', ...account },
    },
  };
}

export function organizationBody(
  references: { orgCategoryId: number; legalFormId: number },
  overrides: Json = {},
  organization: Json = {},
): Json {
  const n = unique();
  return {
    email: `info${n}@muster-ag.ch`,
    zipCode: '3011',
    city: 'Bern',
    createdBy: 'alice',
    ...overrides,
    organization: {
      name: `Muster AG ${n}`,
      uid: `CHE-${100_000_000 + n}`,
      ...references,
      ...organization,
    },
  };
}
