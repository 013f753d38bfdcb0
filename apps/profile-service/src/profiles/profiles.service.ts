import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

import { auditCreated } from '@portal/audit';
import { stampCreated, stampUpdated } from '@portal/database';
import {
  MAX_PAGE_SIZE,
  openCursor,
  Page,
  type PageRequest,
  pageRequestOf,
  parseOrderBy,
  StreamedPage,
} from '@portal/pagination';
import { quoteInput, ValidationProblemError, type ValidationErrors } from '@portal/problem-details';

import { ProfileEnvironment } from '../profile-environment';
import { RoleAssignments } from '../service-reach/role-assignments.service';
import { AccountEntity } from './entities/account.entity';
import type { CreateProfileDto, SignatoryDto, UpdateProfileDto } from './dto/profile-write.dto';
import { expansionsOf, type ListProfilesQueryDto, type ProfileExpansion } from './dto/profile-query.dto';
import { OrganizationEntity } from './entities/organization.entity';
import { PasswordHasher } from './password-hasher';
import { PersonEntity } from './entities/person.entity';
import { PROFILE_ORDER_BY, ProfileListQuery, type ProfileListFilters } from './profile-list.query';
import { findProfileOrFail, profileNotFound } from './profile-lock';
import type { ProfileRecord } from './profile-record';
import { ProfileEntity } from './entities/profile.entity';
import { SignatoryEntity } from './entities/signatory.entity';

/** What a write answers with: the nested objects its body can write. */
const WRITTEN_EXPANSIONS: ReadonlySet<ProfileExpansion> = expansionsOf([
  'Person_Account',
  'Organization_Signatories',
]);

/** Profiles per page with the pictures' bytes (each up to 1 MiB). */
export const PICTURE_BYTES_PAGE_SIZE = 50;

/**
 * Profiles per batch of a `PageSize=-1` stream: what the service holds of it at a time (a few MB;
 * with the pictures' bytes, each up to 1 MiB, PICTURE_BYTES_PAGE_SIZE).
 */
export const STREAM_BATCH_SIZE = 500;

/**
 * The longest statement of a `PageSize=-1` stream: ordering a million profiles by a column no
 * index serves takes seconds before the first row, and the stream holds its connection anyway.
 */
export const STREAM_STATEMENT_TIMEOUT_MS = 30_000;

const pageTooLarge = (largest: number): ValidationProblemError =>
  ValidationProblemError.of(
    'PageSize',
    `A page holds at most ${largest} profiles with IncludeCustomImageBytes and Expand=ProfilePicture.`,
    'PROFILE.PAGE_TOO_LARGE',
  );

export interface ReadOptions {
  readonly expand: ReadonlySet<ProfileExpansion>;
  readonly includeCustomImageBytes: boolean;
}

type Body = CreateProfileDto | UpdateProfileDto;

/**
 * Profiles (contract 6): create (person with account, or organization with signatories, and their
 * first roles) and update in one transaction each, read and list through ProfileListQuery,
 * delete with everything that belongs to the profile. Rules on top of validation: usernames
 * unique case-insensitively, external keys unique, references to existing records, the kind of a
 * profile fixed, login counting and inactivity (contract 6). Violations found together are
 * reported together, each on its JSON path.
 */
@Injectable()
export class ProfilesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly roleAssignments: RoleAssignments,
    private readonly passwords: PasswordHasher,
    private readonly env: ProfileEnvironment,
  ) {}

  /**
   * One page and its exact total; `headersOnly` reads the total alone. A page holds at most
   * MAX_PAGE_SIZE profiles, or PICTURE_BYTES_PAGE_SIZE with the pictures' bytes. `PageSize=-1`
   * answers every profile the filters keep, however many: streamed from a cursor in batches of
   * STREAM_BATCH_SIZE (PICTURE_BYTES_PAGE_SIZE with the bytes), never held whole.
   */
  async list(
    query: ListProfilesQueryDto,
    headersOnly: boolean,
  ): Promise<Page<ProfileRecord> | StreamedPage<ProfileRecord>> {
    const order = parseOrderBy(query.OrderBy, PROFILE_ORDER_BY);
    const page = pageRequestOf(query);
    const expand = expansionsOf(query.Expand);
    const includeCustomImageBytes = query.IncludeCustomImageBytes ?? false;
    const listQuery = this.listQuery(query, { order, page, expand, includeCustomImageBytes });
    const withBytes = includeCustomImageBytes && expand.has('ProfilePicture');
    const largest = withBytes ? PICTURE_BYTES_PAGE_SIZE : MAX_PAGE_SIZE;
    if (page.pageSize !== undefined && page.pageSize > largest) throw pageTooLarge(largest);
    if (page.pageSize === undefined && !headersOnly) {
      return this.stream(listQuery, page, withBytes ? PICTURE_BYTES_PAGE_SIZE : STREAM_BATCH_SIZE);
    }
    const { records, total } = await listQuery.readPage(this.dataSource.manager, headersOnly);
    return new Page(records, total, page);
  }

  /** Every profile the filters keep, read in batches through a cursor as the response is sent. */
  private async stream(
    listQuery: ProfileListQuery,
    page: PageRequest,
    batchSize: number,
  ): Promise<StreamedPage<ProfileRecord>> {
    // Before the cursor's snapshot: a value first used in between is not searched (search_value only grows).
    await listQuery.resolveDistinctValues(this.dataSource.manager);
    const { snapshot: total, batches } = await openCursor(this.dataSource, {
      statement: listQuery.all(),
      batchSize,
      statementTimeoutMs: Math.max(STREAM_STATEMENT_TIMEOUT_MS, this.env.DATABASE_STATEMENT_TIMEOUT_MS),
      snapshot: (runner) => listQuery.readTotal(runner.manager),
      readBatch: (rows, runner) => listQuery.completeRows(runner.manager, rows),
    });
    return new StreamedPage(batches, total, page);
  }

  async get(
    profileId: number,
    options: ReadOptions,
    manager = this.dataSource.manager,
  ): Promise<ProfileRecord> {
    const listQuery = this.listQuery(
      { Ids: [profileId] },
      { order: parseOrderBy(undefined, PROFILE_ORDER_BY), page: { pageNumber: 1, pageSize: 1 }, ...options },
    );
    const [record] = await listQuery.readRecords(manager);
    if (!record) throw profileNotFound(profileId);
    return record;
  }

  /** Several profiles by id (the expansions of procurations), keyed by id; at most MAX_PAGE_SIZE ids. */
  async getMany(
    profileIds: readonly number[],
    options: ReadOptions,
    manager = this.dataSource.manager,
  ): Promise<Map<number, ProfileRecord>> {
    const ids = [...new Set(profileIds)];
    if (ids.length === 0) return new Map();
    const listQuery = this.listQuery(
      { Ids: ids },
      {
        order: parseOrderBy(undefined, PROFILE_ORDER_BY),
        page: { pageNumber: 1, pageSize: ids.length },
        ...options,
      },
    );
    const records = await listQuery.readRecords(manager);
    return new Map(records.map((record) => [record.profile.id, record]));
  }

  async create(body: CreateProfileDto): Promise<ProfileRecord> {
    // Hashed before the transaction opens: it takes a while, and needs no row.
    const password = body.person?.account.password;
    const passwordHash = password ? await this.passwords.hash(password) : null;
    return this.dataSource.transaction(async (manager) => {
      await this.checkRules(manager, body);
      const now = new Date();
      const profile = manager.create(ProfileEntity, {
        ...profileFieldsOf(body),
        email: body.email,
        zipCode: body.zipCode ?? null,
      });
      let orgCategoryId: number | undefined;
      if (body.person) {
        const account = manager.create(AccountEntity, {
          username: body.person.account.username,
          passwordHash,
        });
        stampCreated(account, body.createdBy, now);
        await manager.insert(AccountEntity, account);
        const person = manager.create(PersonEntity, {
          ...this.personFields(body.person),
          accountId: account.id,
        });
        stampCreated(person, body.createdBy, now);
        await manager.insert(PersonEntity, person);
        profile.personId = person.id;
      } else if (body.organization) {
        const { name, orgCategoryId: categoryId, legalFormId, signatories } = body.organization;
        const organization = manager.create(OrganizationEntity, {
          ...this.organizationFields(body.organization),
          name,
          orgCategoryId: categoryId,
          legalFormId,
        });
        stampCreated(organization, body.createdBy, now);
        await manager.insert(OrganizationEntity, organization);
        if (signatories && signatories.length > 0) {
          await manager.insert(
            SignatoryEntity,
            signatories.map((signatory) => this.signatory(signatory, organization.id, body.createdBy, now)),
          );
        }
        profile.organizationId = organization.id;
        orgCategoryId = categoryId;
      }
      stampCreated(profile, body.createdBy, now);
      await manager.insert(ProfileEntity, profile);
      auditCreated(profile.id);
      await this.roleAssignments.giveInitialRoles(
        manager,
        { id: profile.id, orgCategoryId },
        body.createdBy,
        now,
      );
      return this.get(profile.id, { expand: WRITTEN_EXPANSIONS, includeCustomImageBytes: false }, manager);
    });
  }

  async update(profileId: number, body: UpdateProfileDto): Promise<ProfileRecord> {
    const password = body.person?.account?.password;
    const passwordHash = password ? await this.passwords.hash(password) : undefined;
    return this.dataSource.transaction(async (manager) => {
      const kind = await findProfileOrFail(manager, profileId, 'update');
      await this.checkRules(manager, body, kind);
      const now = new Date();
      const profile = await manager.findOneByOrFail(ProfileEntity, { id: profileId });
      applyProfileUpdate(profile, body, now);
      stampUpdated(profile, body.updatedBy, now);
      await manager.save(profile);

      if (body.person && kind.personId !== null) {
        await this.updatePerson(manager, kind.personId, body, passwordHash, now);
      }
      if (body.organization && kind.organizationId !== null) {
        const organization = await manager.findOneByOrFail(OrganizationEntity, { id: kind.organizationId });
        const previousCategoryId = organization.orgCategoryId;
        Object.assign(
          organization,
          definedOnly({
            ...this.organizationFields(body.organization),
            name: body.organization.name ?? undefined,
            orgCategoryId: body.organization.orgCategoryId ?? undefined,
            legalFormId: body.organization.legalFormId ?? undefined,
          }),
        );
        stampUpdated(organization, body.updatedBy, now);
        await manager.save(organization);
        if (organization.orgCategoryId !== previousCategoryId) {
          await this.roleAssignments.followCategoryChange(
            manager,
            profileId,
            organization.orgCategoryId,
            body.updatedBy,
          );
        }
      }
      return this.get(profileId, { expand: WRITTEN_EXPANSIONS, includeCustomImageBytes: false }, manager);
    });
  }

  /**
   * The profile and what belongs to it (contract 6): its identities, roles, setting values,
   * favorites, picture, the procurations where it is principal, representative or delegator with
   * their services and favorites, and its invites go with it (ON DELETE CASCADE; the invites
   * those procurations came through explicitly), then its person and account, or its
   * organization and signatories.
   */
  async delete(profileId: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const kind = await findProfileOrFail(manager, profileId, 'update');
      // The invites its procurations came through go too (those it sent or took cascade with it).
      await manager.query(
        `DELETE FROM procuration_invite WHERE id IN (
           SELECT pr.procuration_invite_id FROM procuration pr
            WHERE $1 IN (pr.principal_profile_id, pr.representative_profile_id, pr.delegator_profile_id))`,
        [profileId],
      );
      await manager.delete(ProfileEntity, { id: profileId });
      if (kind.personId !== null) {
        const person = await manager.findOneByOrFail(PersonEntity, { id: kind.personId });
        await manager.delete(PersonEntity, { id: person.id });
        await manager.delete(AccountEntity, { id: person.accountId });
      }
      if (kind.organizationId !== null) await manager.delete(OrganizationEntity, { id: kind.organizationId });
    });
  }

  private listQuery(
    filters: ProfileListFilters,
    options: Pick<
      ConstructorParameters<typeof ProfileListQuery>[0],
      'order' | 'page' | 'expand' | 'includeCustomImageBytes'
    >,
  ): ProfileListQuery {
    return new ProfileListQuery({
      filters,
      ...options,
      now: new Date(),
      inactivity: this.env.inactivityThresholds,
    });
  }

  /**
   * The rules validation cannot see, all checked before anything is written and reported together:
   * the kind of the profile, unique usernames and external keys, records referred to that exist.
   * The database keeps the same rules (unique indexes, foreign keys) against concurrent writers.
   */
  private async checkRules(
    manager: EntityManager,
    body: Body,
    current?: { id: number; personId: number | null; organizationId: number | null },
  ): Promise<void> {
    const errors: ValidationErrors = {};
    const problem = (path: string, message: string): void => {
      (errors[path] ??= []).push(message);
    };
    if (current && body.person && current.personId === null) {
      problem('person', 'An organization profile has no person; its kind cannot change.');
    }
    if (current && body.organization && current.organizationId === null) {
      problem('organization', 'A person profile has no organization; its kind cannot change.');
    }

    const exists = async (sql: string, values: unknown[]): Promise<boolean> =>
      (await manager.query<unknown[]>(sql, values)).length > 0;
    // Queued and run one after the other: the transaction's one client runs one query at a time
    // (concurrent queries on it make pg warn "client.query() when the client is already executing").
    const checks: (() => Promise<void>)[] = [];
    const check = (taken: () => Promise<boolean>, path: string, message: string): void => {
      checks.push(async () => {
        if (await taken()) problem(path, message);
      });
    };
    const refers = (table: string, id: number | null | undefined, path: string, noun: string): void => {
      if (id === null || id === undefined) return;
      check(
        async () => !(await exists(`SELECT 1 FROM ${table} WHERE id = $1`, [id])),
        path,
        `No ${noun} has the id ${id}.`,
      );
    };

    if (body.externalKey !== undefined && body.externalKey !== null) {
      check(
        () =>
          exists('SELECT 1 FROM profile WHERE external_key = $1 AND id IS DISTINCT FROM $2', [
            body.externalKey,
            current?.id ?? null,
          ]),
        'externalKey',
        `The external key ${quoteInput(body.externalKey)} belongs to another profile.`,
      );
    }
    const username = body.person?.account?.username;
    if (username !== undefined && username !== null) {
      check(
        () =>
          exists(
            `SELECT 1 FROM account a WHERE lower(a.username) = lower($1)
              AND a.id IS DISTINCT FROM (SELECT account_id FROM person WHERE id = $2)`,
            [username, current?.personId ?? null],
          ),
        'person.account.username',
        `The username ${quoteInput(username)} is taken (usernames are unique case-insensitively).`,
      );
    }
    refers('marital_status', body.person?.maritalStatusId, 'person.maritalStatusId', 'marital status');
    const organization = body.organization;
    refers(
      'org_category',
      organization?.orgCategoryId,
      'organization.orgCategoryId',
      'organization category',
    );
    refers('legal_form', organization?.legalFormId, 'organization.legalFormId', 'legal form');
    refers(
      'org_identification_level',
      organization?.orgIdentificationLevelId,
      'organization.orgIdentificationLevelId',
      'organization identification level',
    );
    refers('profile', organization?.createdByProfileId, 'organization.createdByProfileId', 'profile');
    for (const run of checks) await run();
    if (Object.keys(errors).length > 0) throw new ValidationProblemError(sortedByPath(errors));
  }

  private async updatePerson(
    manager: EntityManager,
    personId: number,
    body: UpdateProfileDto,
    passwordHash: string | undefined,
    now: Date,
  ): Promise<void> {
    const sent = body.person;
    if (!sent) return;
    const person = await manager.findOneByOrFail(PersonEntity, { id: personId });
    Object.assign(person, definedOnly(this.personFields(sent)));
    stampUpdated(person, body.updatedBy, now);
    await manager.save(person);
    const account = sent.account;
    if (!account) return;
    const stored = await manager.findOneByOrFail(AccountEntity, { id: person.accountId });
    Object.assign(
      stored,
      definedOnly({
        username: account.username ?? undefined,
        sessionDuration: account.sessionDuration ?? undefined,
        isSignupComplete: account.isSignupComplete ?? undefined,
        isLocal: account.isLocal ?? undefined,
        hasSeenOwnProfile: account.hasSeenOwnProfile ?? undefined,
        passwordHash,
      }),
    );
    // A password sent as null removes it: the account signs in through identity providers only.
    if (account.password === null) stored.passwordHash = null;
    stampUpdated(stored, body.updatedBy, now);
    await manager.save(stored);
  }

  private personFields(person: NonNullable<Body['person']>): Partial<PersonEntity> {
    return {
      firstname: person.firstname,
      lastname: person.lastname,
      gender: person.gender ?? undefined,
      ahvNumber: person.ahvNumber,
      mobilePhone: person.mobilePhone,
      birthdate: person.birthdate === undefined ? undefined : dateOrNull(person.birthdate),
      maritalStatusId: person.maritalStatusId,
    };
  }

  private organizationFields(organization: NonNullable<Body['organization']>): Partial<OrganizationEntity> {
    return {
      uid: organization.uid,
      fsoId: organization.fsoId,
      website: organization.website,
      orgIdentificationLevelId: organization.orgIdentificationLevelId,
      identificationProcess: organization.identificationProcess,
      isSelfRegistration: organization.isSelfRegistration ?? undefined,
      createdByProfileId: organization.createdByProfileId,
      isPending: organization.isPending ?? undefined,
      signatureType: organization.signatureType ?? undefined,
      businessCaseId: organization.businessCaseId,
    };
  }

  private signatory(
    body: SignatoryDto,
    organizationId: number,
    createdBy: string,
    now: Date,
  ): SignatoryEntity {
    const signatory = new SignatoryEntity();
    Object.assign(signatory, {
      organizationId,
      isRequester: body.isRequester ?? false,
      type: body.type ?? 'Signer',
      position: body.position ?? null,
      gender: body.gender ?? 'Unknown',
      firstname: body.firstname ?? null,
      lastname: body.lastname ?? null,
      birthdate: dateOrNull(body.birthdate ?? null),
      email: body.email ?? null,
      ahvNumber: body.ahvNumber ?? null,
      identityNumber: body.identityNumber ?? null,
      address: body.address ?? null,
      zipCode: body.zipCode ?? null,
      city: body.city ?? null,
      origin: body.origin ?? null,
    });
    stampCreated(signatory, createdBy, now);
    return signatory;
  }
}

/**
 * What an update body changes of the profile's own row: a property left out keeps its value, null
 * clears a nullable one (and leaves a non-nullable one as it is). `hasLoggedIn` counts a sign-in,
 * at `lastLoginStamp` or now, and makes the profile active again (contract 6).
 */
export function applyProfileUpdate(profile: ProfileEntity, body: UpdateProfileDto, now: Date): void {
  Object.assign(profile, definedOnly({ ...profileFieldsOf(body), email: body.email ?? undefined }));
  if (body.zipCode !== undefined) profile.zipCode = body.zipCode;
  if (body.lastLoginStamp !== undefined) profile.lastLoginStamp = dateOrNull(body.lastLoginStamp);
  if (body.gracePeriodEndDate !== undefined) profile.gracePeriodEndDate = dateOrNull(body.gracePeriodEndDate);
  if (body.inactivityState) profile.inactivityState = body.inactivityState;
  if (body.isFlaggedForDeletion !== undefined && body.isFlaggedForDeletion !== null) {
    profile.isFlaggedForDeletion = body.isFlaggedForDeletion;
  }
  if (body.hasLoggedIn) {
    profile.loginCount += 1;
    profile.lastLoginStamp = body.lastLoginStamp ? new Date(body.lastLoginStamp) : now;
    profile.inactivityState = 'Active';
  }
}

/** The profile's own fields of a body; undefined where the body leaves them out. */
function profileFieldsOf(body: Body): Partial<ProfileEntity> {
  return {
    isEnabled: body.isEnabled ?? undefined,
    externalKey: body.externalKey,
    language: body.language,
    phone: body.phone,
    fax: body.fax,
    address: body.address,
    city: body.city,
    countryCode: body.countryCode,
    acceptsAdvertisement: body.acceptsAdvertisement ?? undefined,
  };
}

const dateOrNull = (value: string | null): Date | null => (value === null ? null : new Date(value));

/** The properties whose value is not undefined: what an update body sets. */
function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

const sortedByPath = (errors: ValidationErrors): ValidationErrors =>
  Object.fromEntries(Object.entries(errors).sort(([a], [b]) => a.localeCompare(b)));
