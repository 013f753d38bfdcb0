import type { EntityManager } from 'typeorm';

import type { OrderByWhitelist, PageRequest, SortTerm } from '@portal/pagination';

import { columnOf, columnsOf, type EntityColumn } from '../common/entity-columns';
import { groupBy } from '../common/group-by';
import {
  containsPattern,
  type DistinctValueCondition,
  type DistinctValueKind,
  DistinctValueLookup,
  emailAlternatives,
  escapeLike,
  foldedContains,
  keywordAlternatives,
} from '../common/query-filters';
import { IdentityEntity } from './identities/identity.entity';
import { LegalFormEntity } from '../reference-data/legal-forms/legal-form.entity';
import { MaritalStatusEntity } from '../reference-data/marital-statuses/marital-status.entity';
import { OrgCategoryEntity } from '../reference-data/org-categories/org-category.entity';
import { OrgIdentificationLevelEntity } from '../reference-data/org-identification-levels/org-identification-level.entity';
import { AccountEntity } from './entities/account.entity';
import type { ListProfilesQueryDto, ProfileExpansion } from './dto/profile-query.dto';
import {
  inactivityCutoff,
  INACTIVE_STATES,
  type InactivityThresholds,
  previousInactivityState,
} from '../common/inactivity';
import { OrganizationEntity } from './entities/organization.entity';
import { PersonEntity } from './entities/person.entity';
import { ProfilePictureEntity } from './profile-pictures/profile-picture.entity';
import type { ProfileRecord } from './profile-record';
import { ProfileEntity } from './entities/profile.entity';
import { SignatoryEntity } from './entities/signatory.entity';

/** A statement and its parameters (`$1`, `$2`, ...); values never enter the text. */
export interface SqlStatement {
  readonly text: string;
  readonly values: readonly unknown[];
}

/** The filters of ProfilesListFilters, without paging, order and expansion. */
export type ProfileListFilters = Readonly<
  Omit<
    ListProfilesQueryDto,
    'PageNumber' | 'PageSize' | 'OrderBy' | 'Expand' | 'IncludeCustomImageBytes' | 'HeadersOnly'
  >
>;

export interface ProfileListOptions {
  readonly filters: ProfileListFilters;
  /** From `parseOrderBy(OrderBy, PROFILE_ORDER_BY)`: expressions of PROFILE_ORDER_BY only. */
  readonly order: readonly SortTerm[];
  readonly page: PageRequest;
  readonly expand: ReadonlySet<ProfileExpansion>;
  readonly includeCustomImageBytes: boolean;
  /** The time filters are evaluated at (grace period, inactivity). */
  readonly now: Date;
  readonly inactivity: InactivityThresholds;
}

/** One table of the statement: its alias, its entity and the columns read from it. */
interface Source {
  readonly alias: string;
  readonly entity: abstract new () => object;
  readonly columns: readonly EntityColumn[];
}

const quoted = (identifier: string): string => `"${identifier}"`;
const readable = (alias: string, entity: abstract new () => object): Source => ({
  alias,
  entity,
  columns: columnsOf(entity).filter((column) => column.selectedByDefault),
});

const PROFILE = readable('p', ProfileEntity);
const PERSON = readable('pe', PersonEntity);
const MARITAL_STATUS = readable('ms', MaritalStatusEntity);
const ACCOUNT = readable('ac', AccountEntity);
const ORGANIZATION = readable('o', OrganizationEntity);
const LEGAL_FORM = readable('lf', LegalFormEntity);
const CATEGORY = readable('oc', OrgCategoryEntity);
const ORG_LEVEL = readable('oil', OrgIdentificationLevelEntity);
const PICTURE = readable('pp', ProfilePictureEntity);
const PICTURE_BYTES: Source = {
  ...PICTURE,
  columns: columnsOf(ProfilePictureEntity).filter((column) => column.property === 'customImageBytes'),
};
const IDENTITY = readable('i', IdentityEntity);
/** The folded text the searches look in, written by triggers (see the migrations); never read. */
const searchColumns = <E extends object>(
  source: Source,
  entity: abstract new () => E,
  properties: readonly Extract<keyof E, string>[],
): Source => ({
  alias: source.alias,
  entity,
  columns: columnsOf(entity).filter((entry) => (properties as readonly string[]).includes(entry.property)),
});
const PROFILE_SEARCH = searchColumns(PROFILE, ProfileEntity, [
  'citySearch',
  'zipCodeSearch',
  'firstnameSearch',
  'lastnameSearch',
]);
const ORGANIZATION_SEARCH = searchColumns(ORGANIZATION, OrganizationEntity, ['nameSearch']);
const SIGNATORY = readable('s', SignatoryEntity);

/** A column of one of the statement's tables, qualified by its alias: `p."is_enabled"`. */
const column = (source: Source, property: string): string =>
  `${source.alias}.${quoted(columnOf(source.entity, property))}`;
const p = (property: Extract<keyof ProfileEntity, string>): string => column(PROFILE, property);
const pe = (property: Extract<keyof PersonEntity, string>): string => column(PERSON, property);
const o = (property: Extract<keyof OrganizationEntity, string>): string => column(ORGANIZATION, property);

/**
 * OrderBy (interfaces 4.1): every property of the profile, and dotted, of its person
 * (`person.lastname`) and of its organization (`organization.name`).
 */
export const PROFILE_ORDER_BY: OrderByWhitelist = Object.fromEntries([
  ...PROFILE.columns.map((entry): [string, string] => [entry.property, column(PROFILE, entry.property)]),
  ...PERSON.columns.map((entry): [string, string] => [
    `person.${entry.property}`,
    column(PERSON, entry.property),
  ]),
  ...ORGANIZATION.columns.map((entry): [string, string] => [
    `organization.${entry.property}`,
    column(ORGANIZATION, entry.property),
  ]),
]);

/** Collects the values of a statement and names their placeholders. */
/** The values of a statement, each looked-up value list as the values it found. */
const bound = (values: readonly unknown[]): unknown[] =>
  values.map((value) => (value instanceof DistinctValueLookup ? value.values : value));

class Parameters {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * The profile list as SQL (interfaces 4.3, ProfilesListFilters; contract 6 for Keyword, the
 * Contains filters, the validation perimeter, inactivity and the grace period): one statement for
 * the page with its person, account, organization, reference data and picture, one for the exact
 * total, one per expanded collection (identities, signatories). Every filter is served by an
 * index of the migrations: trigram indexes for Keyword (one column kept by the database) and the
 * Contains filters of unique-ish text (email, organization name); for those of few distinct
 * values (city, zip code, the person's names) a trigram index of the distinct values and a b-tree
 * on (value, id) that counts without visiting a row (`distinctValueContains`); b-trees for
 * equality and ranges. An unfiltered total reads the maintained count instead of counting.
 */
export class ProfileListQuery {
  private readonly filterParameters = new Parameters();
  private readonly conditions: string[] = [];
  /**
   * Filters that hold when any of their alternatives does, each alternative served by an index of
   * its own (the e-mail's parts, `Keyword`): ORed in the page, counted apart in the total.
   */
  private readonly alternatives: (readonly string[])[] = [];
  private readonly kindCondition: { readonly sql: string; readonly kind: string } | undefined;
  private readonly filterJoins = new Set<'person' | 'organization'>();
  /** The distinct values the filters name, found before the statements are sent (resolveDistinctValues). */
  private readonly lookups: DistinctValueLookup[] = [];
  private lookedUp: Promise<void> | undefined;

  constructor(private readonly options: ProfileListOptions) {
    this.kindCondition = this.kindOf(options.filters.ProfileType);
    this.addFilters(options.filters);
    for (const term of options.order) {
      if (term.expression.startsWith(`${PERSON.alias}.`)) this.filterJoins.add('person');
      if (term.expression.startsWith(`${ORGANIZATION.alias}.`)) this.filterJoins.add('organization');
    }
  }

  /**
   * What a list answers, all read here: the page's records with their expansions and, beside them
   * on a second connection of the pool (`manager` is the data source's, not a transaction's), the
   * exact total; for HEAD (`headersOnly`) the total alone.
   */
  async readPage(
    manager: EntityManager,
    headersOnly: boolean,
  ): Promise<{ records: ProfileRecord[]; total: number }> {
    const [records, total] = await Promise.all([
      headersOnly ? Promise.resolve([]) : this.readRecords(manager),
      this.readTotal(manager),
    ]);
    return { records, total };
  }

  /**
   * Finds the distinct values the filters name (city, zip code, names, e-mail domain), all in one
   * statement, once however many statements then use them; nothing to find, nothing sent. The page
   * and the total run beside each other after it (readPage).
   */
  resolveDistinctValues(manager: Pick<EntityManager, 'query'>): Promise<void> {
    this.lookedUp ??= (async () => {
      if (this.lookups.length === 0) return;
      const parameters = new Parameters();
      const add = (value: unknown): string => parameters.add(value);
      const found = this.lookups.map((lookup, index) => `${lookup.sql(add)} AS "${index}"`);
      const [row] = await manager.query<Record<string, string[]>[]>(`SELECT ${found.join(', ')}`, [
        ...parameters.values,
      ]);
      this.lookups.forEach((lookup, index) => lookup.resolve(row[String(index)]));
    })();
    return this.lookedUp;
  }

  /** The page's records with the collections their expansions ask for. */
  async readRecords(manager: EntityManager): Promise<ProfileRecord[]> {
    await this.resolveDistinctValues(manager);
    const page = this.page();
    return this.completeRows(manager, await manager.query(page.text, [...page.values]));
  }

  async readTotal(manager: EntityManager): Promise<number> {
    await this.resolveDistinctValues(manager);
    const total = this.total();
    const [row] = await manager.query<{ total: number }[]>(total.text, [...total.values]);
    return row.total;
  }

  /**
   * Rows of `page()` or `all()` (a stream's batch) as records, with the collections their
   * expansions ask for (identities, signatories): one query each for all the rows.
   */
  async completeRows(
    manager: EntityManager,
    rows: readonly Record<string, unknown>[],
  ): Promise<ProfileRecord[]> {
    const records = rows.map((row) => this.readRow(row));
    const accounts = records.flatMap((record) => (record.person?.account ? [record.person.account] : []));
    const organizations = records.flatMap((record) => (record.organization ? [record.organization] : []));
    const identities = this.identitiesOf(accounts.map((account) => account.account.id));
    const signatories = this.signatoriesOf(organizations.map((organization) => organization.organization.id));
    // One after the other: `manager` may be a transaction's, whose one client runs one query at a time.
    if (identities) {
      const rows = await manager.query<Record<string, unknown>[]>(identities.text, [...identities.values]);
      const byAccount = groupBy(
        rows.map((row) => pick<IdentityEntity>(row, IDENTITY)),
        (identity) => identity.accountId,
      );
      for (const account of accounts) account.identities = byAccount.get(account.account.id) ?? [];
    }
    if (signatories) {
      const rows = await manager.query<Record<string, unknown>[]>(signatories.text, [...signatories.values]);
      const byOrganization = groupBy(
        rows.map((row) => pick<SignatoryEntity>(row, SIGNATORY)),
        (signatory) => signatory.organizationId,
      );
      for (const organization of organizations)
        organization.signatories = byOrganization.get(organization.organization.id) ?? [];
    }
    return records;
  }

  /** The page's profiles, in order, with their one-to-one expansions; read with `readRow`. */
  page(): SqlStatement {
    const parameters = this.parametersWithFilters();
    const { pageNumber, pageSize } = this.options.page;
    const paging =
      pageSize === undefined
        ? ''
        : ` LIMIT ${parameters.add(pageSize)} OFFSET ${parameters.add((pageNumber - 1) * pageSize)}`;
    const order = this.options.order.map((term) => `${term.expression} ${term.direction}`).join(', ');
    const [split, ...rest] = this.alternatives;
    const ids =
      split !== undefined && split.length > 1 && pageSize !== undefined
        ? this.pageOfAlternatives(split, rest, parameters, pageNumber * pageSize, paging)
        : `SELECT p.id FROM profile p${this.joinsForFilters()}${this.where()} ORDER BY ${order}${paging}`;
    return {
      text: `SELECT ${this.selectList().join(', ')}
  FROM unnest(ARRAY(${ids})) WITH ORDINALITY AS page(id, ordinal)
  JOIN profile p ON p.id = page.id${this.joinsForExpansions()}
 ORDER BY page.ordinal`,
      values: bound(parameters.values),
    };
  }

  /**
   * The ids of a page of a filter of alternatives: the first rows up to the page's end of each
   * alternative apart, then merged. With the alternatives ORed, the planner cannot tell how many
   * rows a distinct-value match keeps (it guesses half) and walks the whole primary key for a rare
   * term; apart, each alternative is planned with its own index and estimate.
   */
  private pageOfAlternatives(
    split: readonly string[],
    rest: readonly (readonly string[])[],
    parameters: Parameters,
    reach: number,
    paging: string,
  ): string {
    const order = this.options.order;
    const sortColumns = order.map((term, index) => `${term.expression} AS sort${index}`).join(', ');
    const branchOrder = order.map((term) => `${term.expression} ${term.direction}`).join(', ');
    const limit = parameters.add(reach);
    const branches = split.map(
      (alternative) =>
        `(SELECT p.id, ${sortColumns} FROM profile p${this.joinsForFilters()}${this.where([alternative], rest)}` +
        ` ORDER BY ${branchOrder} LIMIT ${limit})`,
    );
    const mergedOrder = order.map((term, index) => `sort${index} ${term.direction}`).join(', ');
    return `SELECT id FROM (${branches.join(' UNION ')}) AS matches ORDER BY ${mergedOrder}${paging}`;
  }

  /**
   * Every profile the filters keep, in order, with its one-to-one expansions (rows as `page()`'s):
   * one plain ordered statement, for a cursor to read in batches (`PageSize=-1`), which the
   * planner starts returning from at once instead of collecting every id first.
   */
  all(): SqlStatement {
    const expand = this.options.expand;
    const order = this.options.order.map((term) => `${term.expression} ${term.direction}`).join(', ');
    // The expansions' joins, and those the filters and order need that the expansions leave out.
    let joins = this.joinsForExpansions();
    if (this.filterJoins.has('person') && !expand.has('Person'))
      joins += `\n  LEFT JOIN person pe ON pe.id = ${p('personId')}`;
    if (this.filterJoins.has('organization') && !expand.has('Organization'))
      joins += `\n  LEFT JOIN organization o ON o.id = ${p('organizationId')}`;
    return {
      text: `SELECT ${this.selectList().join(', ')}
  FROM profile p${joins}${this.where()}
 ORDER BY ${order}`,
      values: bound(this.parametersWithFilters().values),
    };
  }

  /** The exact number of profiles the filters keep; without filters, from the maintained count. */
  total(): SqlStatement {
    if (this.conditions.length === 0 && this.alternatives.length === 0) {
      return this.kindCondition === undefined
        ? { text: 'SELECT coalesce(sum(total), 0)::int AS total FROM profile_count', values: [] }
        : {
            text: 'SELECT coalesce(sum(total), 0)::int AS total FROM profile_count WHERE kind = $1',
            values: [this.kindCondition.kind],
          };
    }
    const [split, ...rest] = this.alternatives;
    if (split === undefined || split.length === 1)
      return {
        text: `SELECT count(*)::int AS total FROM profile p${this.joinsForFilters()}${this.where()}`,
        values: bound(this.filterParameters.values),
      };
    // A count over ORed conditions would visit the heap row of every match (a bitmap OR): the
    // first filter of alternatives is counted one alternative at a time instead, each without the
    // rows of those before it, so that each count is its own index's (index-only where it can).
    const counts = split.map((alternative, index) => {
      const before = split.slice(0, index).map((earlier) => `(${earlier}) IS NOT TRUE`);
      const where = this.where([alternative, ...before], rest);
      return `(SELECT count(*) FROM profile p${this.joinsForFilters()}${where})`;
    });
    return {
      text: `SELECT (${counts.join(' + ')})::int AS total`,
      values: bound(this.filterParameters.values),
    };
  }

  /** The identities of the page's accounts (Expand=Person_Account_Identities), or none to read. */
  private identitiesOf(accountIds: readonly number[]): SqlStatement | undefined {
    if (!this.options.expand.has('Person_Account_Identities') || accountIds.length === 0) return undefined;
    return {
      text: `SELECT ${selectOf(IDENTITY).join(', ')} FROM identity i
  WHERE ${column(IDENTITY, 'accountId')} = ANY($1::int[]) ORDER BY i.id`,
      values: [accountIds],
    };
  }

  /** The signatories of the page's organizations (Expand=Organization_Signatories), or none to read. */
  private signatoriesOf(organizationIds: readonly number[]): SqlStatement | undefined {
    if (!this.options.expand.has('Organization_Signatories') || organizationIds.length === 0)
      return undefined;
    return {
      text: `SELECT ${selectOf(SIGNATORY).join(', ')} FROM signatory s
  WHERE ${column(SIGNATORY, 'organizationId')} = ANY($1::int[]) ORDER BY s.id`,
      values: [organizationIds],
    };
  }

  /** A row of `page()` as the profile and its expansions. */
  private readRow(row: Readonly<Record<string, unknown>>): ProfileRecord {
    const expand = this.options.expand;
    const record: ProfileRecord = { profile: pick<ProfileEntity>(row, PROFILE) };
    if (expand.has('Person')) {
      const person = pickNullable<PersonEntity>(row, PERSON);
      record.person = person && {
        person,
        ...(expand.has('Person_MaritalStatus')
          ? { maritalStatus: pickNullable<MaritalStatusEntity>(row, MARITAL_STATUS) }
          : {}),
        ...(expand.has('Person_Account') ? { account: { account: pick<AccountEntity>(row, ACCOUNT) } } : {}),
      };
    }
    if (expand.has('Organization')) {
      const organization = pickNullable<OrganizationEntity>(row, ORGANIZATION);
      record.organization = organization && {
        organization,
        isDeletableByOwner: row[`${ORGANIZATION.alias}.isDeletableByOwner`] === true,
        ...(expand.has('Organization_LegalForm')
          ? { legalForm: pick<LegalFormEntity>(row, LEGAL_FORM) }
          : {}),
        ...(expand.has('Organization_Category') ? { category: pick<OrgCategoryEntity>(row, CATEGORY) } : {}),
        ...(expand.has('Organization_IdentificationLevel')
          ? { identificationLevel: pickNullable<OrgIdentificationLevelEntity>(row, ORG_LEVEL) }
          : {}),
      };
    }
    if (expand.has('ProfilePicture')) {
      const picture = pickNullable<ProfilePictureEntity>(row, PICTURE);
      if (picture && this.options.includeCustomImageBytes) {
        picture.customImageBytes = row[`${PICTURE.alias}.customImageBytes`] as Buffer | null;
      }
      record.picture = picture;
    }
    return record;
  }

  /** A row of `identitiesOf()` or `signatoriesOf()`. */
  private selectList(): string[] {
    const expand = this.options.expand;
    const list = selectOf(PROFILE);
    if (expand.has('Person')) list.push(...selectOf(PERSON));
    if (expand.has('Person_MaritalStatus')) list.push(...selectOf(MARITAL_STATUS));
    if (expand.has('Person_Account')) list.push(...selectOf(ACCOUNT));
    if (expand.has('Organization')) {
      list.push(
        ...selectOf(ORGANIZATION),
        `(${column(LEGAL_FORM, 'isOrgDeletableByOwner')} AND ${column(CATEGORY, 'isOrgDeletableByOwner')}) AS ${quoted(`${ORGANIZATION.alias}.isDeletableByOwner`)}`,
      );
    }
    if (expand.has('Organization_LegalForm')) list.push(...selectOf(LEGAL_FORM));
    if (expand.has('Organization_Category')) list.push(...selectOf(CATEGORY));
    if (expand.has('Organization_IdentificationLevel')) list.push(...selectOf(ORG_LEVEL));
    if (expand.has('ProfilePicture')) {
      list.push(...selectOf(PICTURE));
      if (this.options.includeCustomImageBytes) list.push(...selectOf(PICTURE_BYTES));
    }
    return list;
  }

  private joinsForExpansions(): string {
    const expand = this.options.expand;
    const joins: string[] = [];
    if (expand.has('Person')) joins.push(`LEFT JOIN person pe ON pe.id = ${p('personId')}`);
    if (expand.has('Person_MaritalStatus')) {
      joins.push(`LEFT JOIN marital_status ms ON ms.id = ${pe('maritalStatusId')}`);
    }
    if (expand.has('Person_Account')) joins.push(`LEFT JOIN account ac ON ac.id = ${pe('accountId')}`);
    if (expand.has('Organization')) {
      joins.push(
        `LEFT JOIN organization o ON o.id = ${p('organizationId')}`,
        `LEFT JOIN legal_form lf ON lf.id = ${o('legalFormId')}`,
        `LEFT JOIN org_category oc ON oc.id = ${o('orgCategoryId')}`,
      );
    }
    if (expand.has('Organization_IdentificationLevel')) {
      joins.push(`LEFT JOIN org_identification_level oil ON oil.id = ${o('orgIdentificationLevelId')}`);
    }
    if (expand.has('ProfilePicture')) {
      joins.push(`LEFT JOIN profile_picture pp ON ${column(PICTURE, 'profileId')} = p.id`);
    }
    return joins.map((join) => `\n  ${join}`).join('');
  }

  private joinsForFilters(): string {
    let joins = '';
    if (this.filterJoins.has('person')) joins += ` LEFT JOIN person pe ON pe.id = ${p('personId')}`;
    if (this.filterJoins.has('organization')) {
      joins += ` LEFT JOIN organization o ON o.id = ${p('organizationId')}`;
    }
    return joins;
  }

  /** The filters' conditions, ANDed, with those given in place of the filters of alternatives. */
  private where(
    extra: readonly string[] = [],
    alternatives: readonly (readonly string[])[] = this.alternatives,
  ): string {
    const all = [
      ...(this.kindCondition ? [this.kindCondition.sql] : []),
      ...this.conditions,
      ...alternatives.map((any) => (any.length === 1 ? any[0] : `(${any.join(' OR ')})`)),
      ...extra,
    ];
    return all.length === 0 ? '' : ` WHERE ${all.join(' AND ')}`;
  }

  /** The filter values first, so that the filters' placeholders mean the same in every statement. */
  private parametersWithFilters(): Parameters {
    const parameters = new Parameters();
    for (const value of this.filterParameters.values) parameters.add(value);
    return parameters;
  }

  private kindOf(type: ProfileListFilters['ProfileType']): { sql: string; kind: string } | undefined {
    if (type === undefined) return undefined;
    const kindColumn = type === 'Person' ? p('personId') : p('organizationId');
    return { sql: `${kindColumn} IS NOT NULL`, kind: type };
  }

  private addFilters(filters: ProfileListFilters): void {
    const add = (value: unknown): string => this.filterParameters.add(value);
    const when = <T>(value: T | undefined, condition: (value: T) => string): void => {
      if (value !== undefined) this.conditions.push(condition(value));
    };
    const person = (condition: string): string => {
      this.filterJoins.add('person');
      return condition;
    };
    const organization = (condition: string): string => {
      this.filterJoins.add('organization');
      return condition;
    };

    when(filters.Ids, (ids) => `p.id = ANY(${add(ids)}::int[])`);
    when(filters.IsEnabled, (value) => `${p('isEnabled')} = ${add(value)}`);
    when(filters.ExternalKey, (value) => `${p('externalKey')} = ${add(value)}`);
    // Keyword and the Contains filters look in the folded columns (contract 9, see foldedContains),
    // those of few distinct values through them, looked up first (DistinctValueLookup).
    const contains = (source: Source, property: string, value: string): string =>
      foldedContains(column(source, property), value, add);
    const distinct: DistinctValueCondition = (folded, kind, term, pattern) => {
      const lookup = new DistinctValueLookup(kind, term, pattern);
      this.lookups.push(lookup);
      return `${folded} = ANY(${add(lookup)}::text[])`;
    };
    const distinctValue = (property: string, kind: DistinctValueKind, value: string): string =>
      distinct(column(PROFILE_SEARCH, property), kind, value, containsPattern);
    if (filters.Keyword !== undefined)
      this.alternatives.push(keywordAlternatives(PROFILE.alias, filters.Keyword, add, distinct));
    if (filters.EmailContains !== undefined)
      this.alternatives.push(emailAlternatives(PROFILE.alias, filters.EmailContains, add, distinct));
    when(filters.ZipCodeContains, (value) => distinctValue('zipCodeSearch', 'zip_code', value));
    when(filters.CityContains, (value) => distinctValue('citySearch', 'city', value));
    when(filters.MinLastLoginStamp, (value) => `${p('lastLoginStamp')} >= ${add(new Date(value))}`);
    when(filters.MaxLastLoginStamp, (value) => `${p('lastLoginStamp')} <= ${add(new Date(value))}`);
    when(filters.IsInGracePeriod, (value) => {
      const now = add(this.options.now);
      return value
        ? `${p('gracePeriodEndDate')} > ${now}`
        : `(${p('gracePeriodEndDate')} IS NULL OR ${p('gracePeriodEndDate')} <= ${now})`;
    });
    when(filters.IsFlaggedForDeletion, (value) => `${p('isFlaggedForDeletion')} = ${add(value)}`);
    when(filters.OrganizationId, (value) => `${p('organizationId')} = ${add(value)}`);
    when(filters.PersonId, (value) => `${p('personId')} = ${add(value)}`);

    when(filters.OrganizationUid, (value) => organization(`${o('uid')} = ${add(value)}`));
    when(filters.OrganizationName, (value) => organization(`${o('name')} ILIKE ${add(escapeLike(value))}`));
    when(filters.OrganizationNameContains, (value) =>
      organization(contains(ORGANIZATION_SEARCH, 'nameSearch', value)),
    );
    when(filters.OrganizationIsPending, (value) => organization(`${o('isPending')} = ${add(value)}`));
    when(filters.OrganizationFsoId, (value) => organization(`${o('fsoId')} = ${add(value)}`));
    when(filters.OrganizationCategoryCode, (value) =>
      organization(
        `${o('orgCategoryId')} IN (SELECT id FROM org_category WHERE lower(code) = lower(${add(value)}))`,
      ),
    );
    when(filters.OrganizationValidationPerimeter, (entries) =>
      organization(this.perimeterCondition(entries, add)),
    );

    when(filters.PersonFirstNameContains, (value) => distinctValue('firstnameSearch', 'firstname', value));
    when(filters.PersonLastnameContains, (value) => distinctValue('lastnameSearch', 'lastname', value));
    when(filters.PersonAhvNumber, (value) => person(`${pe('ahvNumber')} = ${add(value)}`));

    when(filters.HasToBeProcessedForInactivity, (state) => this.inactivityCondition(state, add));
  }

  /**
   * Any entry `LEGALFORMCODE:CATEGORYCODE` matches (case-insensitive; `*` for any). Set-based:
   * the entries are two array parameters, unnested into the (legal form, category) pairs they
   * allow, which the planner computes once and looks each organization up in, so the statement
   * and its parameters stay the same size however many entries there are.
   */
  private perimeterCondition(entries: readonly string[], add: (value: unknown) => string): string {
    if (entries.length === 0) return 'false';
    const [legalFormCodes, categoryCodes] = [0, 1].map((side) =>
      entries.map((entry) => entry.split(':')[side]),
    );
    return `(${o('legalFormId')}, ${o('orgCategoryId')}) IN (SELECT lf.id, oc.id
       FROM unnest(${add(legalFormCodes)}::text[], ${add(categoryCodes)}::text[]) AS perimeter(legal_form_code, category_code)
       JOIN legal_form lf ON perimeter.legal_form_code = '*' OR lower(lf.code) = lower(perimeter.legal_form_code)
       JOIN org_category oc ON perimeter.category_code = '*' OR lower(oc.code) = lower(perimeter.category_code))`;
  }

  /**
   * Profiles to move to `state` now (contract 6): in the state before it, last sign-in (or
   * creation) older than its threshold. For `Active`: inactive profiles that signed in after
   * their state's threshold, that is since they became inactive.
   */
  private inactivityCondition(
    state: NonNullable<ProfileListFilters['HasToBeProcessedForInactivity']>,
    add: (value: unknown) => string,
  ): string {
    const { now, inactivity } = this.options;
    const lastSeen = `coalesce(${p('lastLoginStamp')}, ${p('createStamp')})`;
    if (state === 'Active') {
      const back = INACTIVE_STATES.map(
        (inactive) =>
          `(${p('inactivityState')} = ${add(inactive)} AND ${lastSeen} > ${add(inactivityCutoff(inactivity, inactive, now))})`,
      );
      return `(${p('lastLoginStamp')} IS NOT NULL AND (${back.join(' OR ')}))`;
    }
    return `(${p('inactivityState')} = ${add(previousInactivityState(state))} AND ${lastSeen} <= ${add(inactivityCutoff(inactivity, state, now))})`;
  }
}

function selectOf(source: Source): string[] {
  return source.columns.map(
    (entry) => `${source.alias}.${quoted(entry.column)} AS ${quoted(`${source.alias}.${entry.property}`)}`,
  );
}

/** Each source's properties with the names of their row columns, built once: `pick` runs per row and source. */
const rowKeys = new Map<Source, readonly (readonly [string, string])[]>();
const rowKeysOf = (source: Source): readonly (readonly [string, string])[] => {
  let keys = rowKeys.get(source);
  if (!keys) {
    keys = source.columns.map((entry) => [entry.property, `${source.alias}.${entry.property}`] as const);
    rowKeys.set(source, keys);
  }
  return keys;
};

function pick<T>(row: Readonly<Record<string, unknown>>, source: Source): T {
  const picked: Record<string, unknown> = {};
  for (const [property, key] of rowKeysOf(source)) picked[property] = row[key];
  return picked as T;
}

/** A left-joined row that may be missing: null when its id is. */
function pickNullable<T>(row: Readonly<Record<string, unknown>>, source: Source): T | null {
  return row[`${source.alias}.id`] === null || row[`${source.alias}.id`] === undefined
    ? null
    : pick<T>(row, source);
}
