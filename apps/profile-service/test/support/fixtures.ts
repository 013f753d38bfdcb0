import type { DataSource } from 'typeorm';

import type { ProfileRoleSource } from '../../src/common/domain-enums';

let sequence = 0;
/** A number no other call of this run has had: for unique names. */
export const unique = (): number => (sequence += 1);

/**
 * Rows written straight into the database, for records whose own routes belong to other parts
 * of the service (profiles, identities) or to set up a scene in one step.
 */
export class Fixtures {
  constructor(private readonly dataSource: DataSource) {}

  async insert(table: string, values: Record<string, unknown>): Promise<number> {
    const row = {
      ...values,
      created_by: 'fixture',
      create_stamp: new Date(),
      updated_by: 'fixture',
      update_stamp: new Date(),
    };
    const columns = Object.keys(row);
    const [inserted] = await this.dataSource.query<{ id: number }[]>(
      `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(', ')})
       VALUES (${columns.map((_column, index) => `$${index + 1}`).join(', ')}) RETURNING id`,
      Object.values(row),
    );
    return inserted.id;
  }

  identificationLevel(): Promise<number> {
    const n = unique();
    return this.insert('identification_level', { name: `fixture-level-${n}`, display_name: `Level ${n}` });
  }

  orgIdentificationLevel(): Promise<number> {
    const n = unique();
    return this.insert('org_identification_level', {
      name: `fixture-org-level-${n}`,
      display_name: `Level ${n}`,
    });
  }

  theme(isVisible = true): Promise<number> {
    const n = unique();
    return this.insert('service_theme', {
      name: `fixture-theme-${n}`,
      display_name: `Theme ${n}`,
      is_visible: isVisible,
    });
  }

  async service(
    values: {
      identificationLevelId?: number;
      orgIdentificationLevelId?: number;
      serviceThemeId?: number;
      isShownInCatalog?: boolean;
      /** Further columns by their database names (`is_new`, `url`, ...). */
      columns?: Record<string, unknown>;
    } = {},
  ): Promise<number> {
    const n = unique();
    return this.insert('service', {
      name: `fixture-service-${n}`,
      display_name: `Service ${n}`,
      identification_level_id: values.identificationLevelId ?? (await this.identificationLevel()),
      org_identification_level_id: values.orgIdentificationLevelId ?? (await this.orgIdentificationLevel()),
      service_theme_id: values.serviceThemeId ?? (await this.theme()),
      is_shown_in_catalog: values.isShownInCatalog ?? true,
      ...values.columns,
    });
  }

  /**
   * A person profile with its person and account, written straight into the tables (the
   * database's triggers keep its search text and the profile count as for any insert). The suites
   * of a profile's parts use it rather than `POST /profiles`, which also gives the citizen role:
   * their scenes start from a profile that holds no role.
   */
  async personProfile(values: { maritalStatusId?: number } = {}) {
    const n = unique();
    const accountId = await this.insert('account', { username: `fixture-user-${n}` });
    const personId = await this.insert('person', {
      account_id: accountId,
      firstname: 'Anna',
      lastname: `Muster ${n}`,
      marital_status_id: values.maritalStatusId ?? null,
    });
    const profileId = await this.insert('profile', { person_id: personId, email: `anna${n}@example.ch` });
    return { profileId, personId, accountId };
  }

  async identity(values: {
    profileId: number;
    accountId: number;
    identityProviderId: number;
    identificationLevelId: number;
    externalId?: string;
  }): Promise<number> {
    return this.insert('identity', {
      profile_id: values.profileId,
      account_id: values.accountId,
      identity_provider_id: values.identityProviderId,
      identification_level_id: values.identificationLevelId,
      external_id: values.externalId ?? `external-${unique()}`,
      metadata: JSON.stringify({ source: 'fixture' }),
    });
  }

  async organizationProfile(values: {
    orgCategoryId: number;
    legalFormId: number;
    orgIdentificationLevelId?: number;
  }) {
    const n = unique();
    const organizationId = await this.insert('organization', {
      name: `Muster AG ${n}`,
      uid: `CHE-${String(100_000_000 + n)}`,
      org_category_id: values.orgCategoryId,
      legal_form_id: values.legalFormId,
      org_identification_level_id: values.orgIdentificationLevelId ?? null,
    });
    const profileId = await this.insert('profile', {
      organization_id: organizationId,
      email: `info${n}@muster.ch`,
    });
    return { profileId, organizationId };
  }

  legalForm(): Promise<number> {
    const n = unique();
    return this.insert('legal_form', { name: `fixture-form-${n}`, display_name: `Form ${n}` });
  }

  orgCategory(): Promise<number> {
    const n = unique();
    return this.insert('org_category', { name: `fixture-category-${n}`, display_name: `Category ${n}` });
  }

  /** An organization profile of a category and legal form of its own. */
  async anyOrganizationProfile() {
    return this.organizationProfile({
      orgCategoryId: await this.orgCategory(),
      legalFormId: await this.legalForm(),
    });
  }

  identityProvider(): Promise<number> {
    const n = unique();
    return this.insert('identity_provider', {
      name: `fixture-provider-${n}`,
      display_name: `Provider ${n}`,
      type_name: 'Oidc',
    });
  }

  role(): Promise<number> {
    const n = unique();
    return this.insert('role', { name: `fixture-role-${n}`, display_name: `Role ${n}` });
  }

  /** The role grants the service to its holders (a service role). */
  serviceRole(serviceId: number, roleId: number, isVisible = true): Promise<number> {
    return this.insert('service_role', { service_id: serviceId, role_id: roleId, is_visible: isVisible });
  }

  /**
   * The profile holds the role from `validityStartStamp` on (default: an hour ago), given directly
   * unless `source` says its organization's category gave it.
   */
  profileRole(
    profileId: number,
    roleId: number,
    validityStartStamp = new Date(Date.now() - 3_600_000),
    source: ProfileRoleSource = 'Direct',
  ) {
    return this.insert('profile_role', {
      profile_id: profileId,
      role_id: roleId,
      validity_start_stamp: validityStartStamp,
      source,
    });
  }

  serviceSetting(serviceId: number, values: { name?: string; isSecure?: boolean } = {}): Promise<number> {
    const n = unique();
    return this.insert('service_setting', {
      service_id: serviceId,
      name: values.name ?? `fixture-setting-${n}`,
      display_name: `Setting ${n}`,
      is_secure: values.isSecure ?? false,
    });
  }

  async rolesOf(profileId: number): Promise<number[]> {
    const rows = await this.dataSource.query<{ role_id: number }[]>(
      'SELECT role_id FROM profile_role WHERE profile_id = $1 ORDER BY role_id',
      [profileId],
    );
    return rows.map((row) => row.role_id);
  }

  /**
   * `count` person profiles with their accounts (usernames `<prefix>00001` and on), written by
   * SQL a few thousand at a statement (each within the pool's statement timeout): the API would
   * take minutes for this many.
   */
  async persons(count: number, prefix: string): Promise<void> {
    for (let first = 1; first <= count; first += PERSONS_PER_STATEMENT) {
      const last = Math.min(count, first + PERSONS_PER_STATEMENT - 1);
      await this.dataSource.query(
        `WITH n AS (SELECT g FROM generate_series($1::int, $2::int) AS g),
         accounts AS (
           INSERT INTO account (username, created_by, create_stamp, updated_by, update_stamp)
           SELECT $3 || lpad(g::text, 5, '0'), 'seed', now(), 'seed', now() FROM n
           RETURNING id, username),
         persons AS (
           INSERT INTO person (account_id, firstname, lastname, created_by, create_stamp, updated_by, update_stamp)
           SELECT id, 'Stream', 'Person ' || username, 'seed', now(), 'seed', now() FROM accounts
           RETURNING id, account_id)
         INSERT INTO profile (person_id, email, city, created_by, create_stamp, updated_by, update_stamp)
         SELECT persons.id, accounts.username || '@example.ch', 'Luzern', 'seed', now(), 'seed', now()
           FROM persons JOIN accounts ON accounts.id = persons.account_id ORDER BY persons.id`,
        [first, last, prefix],
      );
    }
  }
}

const PERSONS_PER_STATEMENT = 2000;
