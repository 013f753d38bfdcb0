/**
 * ProfilesService's rules without a database: the page bound with the pictures' bytes, the checks
 * reported together before anything is written, what a create writes, what an update changes, the
 * fixed kind of a profile, the password, the category change and what a delete takes along.
 *
 * Left to the e2e suites: the list's filters, ordering and streaming (profiles-list,
 * profiles-search, profiles-stream), the case-insensitive username and the unique indexes against
 * concurrent writers (profiles), the invites deleted with a profile's procurations (profiles).
 */
import { ValidationProblemError } from '@portal/problem-details';

import { FakeDatabase, organizationProfile, personProfile } from '../common/testing/fake-database';
import type { ProfileEnvironment } from '../profile-environment';
import type { RoleAssignments } from '../service-reach/role-assignments.service';
import type { CreateProfileDto, UpdateProfileDto } from './dto/profile-write.dto';
import { AccountEntity } from './entities/account.entity';
import { OrganizationEntity } from './entities/organization.entity';
import { PersonEntity } from './entities/person.entity';
import { ProfileEntity } from './entities/profile.entity';
import { SignatoryEntity } from './entities/signatory.entity';
import type { PasswordHasher } from './password-hasher';
import type { ProfileRecord } from './profile-record';
import { applyProfileUpdate, ProfilesService } from './profiles.service';

const NOW = new Date('2026-03-01T10:00:00.000Z');

const personBody = (overrides: Partial<CreateProfileDto> = {}): CreateProfileDto => ({
  email: 'anna@example.ch',
  person: { firstname: 'Anna', account: { username: 'anna', password: 'correct horse' } },
  createdBy: 'test',
  ...overrides,
});

const organizationBody = (overrides: Partial<CreateProfileDto> = {}): CreateProfileDto => ({
  email: 'office@acme.ch',
  organization: { name: 'Acme', orgCategoryId: 4, legalFormId: 2 },
  createdBy: 'test',
  ...overrides,
});

/** The references of the bodies above that exist (`SELECT 1 FROM <table> WHERE id = $1`). */
const existing = (fake: FakeDatabase, table: string, ...ids: number[]): FakeDatabase =>
  fake.answer(new RegExp(`FROM ${table} WHERE id = \\$1`), (values) =>
    ids.includes(values[0] as number) ? [{}] : [],
  );

const caught = async (work: Promise<unknown>): Promise<ValidationProblemError> => {
  const error = await work.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ValidationProblemError);
  return error as ValidationProblemError;
};

describe(ProfilesService.name, () => {
  let fake: FakeDatabase;
  let roleAssignments: { giveInitialRoles: jest.Mock; followCategoryChange: jest.Mock };
  let sut: ProfilesService;

  beforeEach(() => {
    jest.useFakeTimers({ now: NOW });
    fake = new FakeDatabase()
      .answer(/FROM profile WHERE external_key/, [])
      .answer(/FROM account a WHERE lower\(a.username\)/, []);
    existing(fake, 'org_category', 4, 5);
    existing(fake, 'legal_form', 2);
    roleAssignments = {
      giveInitialRoles: jest.fn().mockResolvedValue(undefined),
      followCategoryChange: jest.fn().mockResolvedValue(undefined),
    };
    const passwords = { hash: (password: string) => Promise.resolve(`hash of ${password}`) };
    sut = new ProfilesService(
      fake.dataSource,
      roleAssignments as Partial<RoleAssignments> as RoleAssignments,
      passwords as PasswordHasher,
      { inactivityThresholds: {}, DATABASE_STATEMENT_TIMEOUT_MS: 5000 } as unknown as ProfileEnvironment,
    );
    // The read back after a write is ProfileListQuery's SQL (the e2e suites'): answered here.
    jest.spyOn(sut, 'get').mockResolvedValue({} as ProfileRecord);
  });

  afterEach(() => jest.useRealTimers());

  describe('list', () => {
    it('refuses more than 50 profiles a page with the pictures’ bytes, before reading anything', async () => {
      const withBytes = { IncludeCustomImageBytes: true, Expand: ['ProfilePicture' as const] };

      await expect(sut.list({ ...withBytes, PageSize: 51 }, false)).rejects.toMatchObject({
        code: 'PROFILE.PAGE_TOO_LARGE',
        errors: { PageSize: [expect.stringContaining('at most 50 profiles')] },
      });
      expect(fake.calls).toEqual([]);
      // 50 passes the bound and goes on to read (which the fake does not answer).
      await expect(sut.list({ ...withBytes, PageSize: 50 }, false)).rejects.toThrow(/FakeDatabase/);
    });

    it('bounds a page at 1000 profiles otherwise', async () => {
      await expect(sut.list({ PageSize: 1001 }, false)).rejects.toMatchObject({
        code: 'PROFILE.PAGE_TOO_LARGE',
      });
      await expect(sut.list({ PageSize: 51, IncludeCustomImageBytes: true }, false)).rejects.toThrow(
        /FakeDatabase/,
      );
    });
  });

  describe('create', () => {
    it('reports every broken rule at once, each on its path, and writes nothing', async () => {
      fake.answer(/FROM profile WHERE external_key/, [{}]).answer(/FROM account a/, [{}]);
      existing(fake, 'marital_status');

      const error = await caught(
        sut.create(
          personBody({
            externalKey: 'K-1',
            person: { maritalStatusId: 9, account: { username: 'Anna' } },
          }),
        ),
      );

      expect(error.code).toBe('REQUEST.INVALID');
      expect(error.errors).toEqual({
        externalKey: ["The external key 'K-1' belongs to another profile."],
        'person.account.username': [
          "The username 'Anna' is taken (usernames are unique case-insensitively).",
        ],
        'person.maritalStatusId': ['No marital status has the id 9.'],
      });
      expect(fake.callsOf('insert')).toEqual([]);
    });

    it("checks an organization's category, legal form, identification level and creator, sorted by path", async () => {
      existing(fake, 'org_identification_level');
      fake.profiles();

      const error = await caught(
        sut.create(
          organizationBody({
            organization: {
              name: 'Acme',
              orgCategoryId: 6,
              legalFormId: 3,
              orgIdentificationLevelId: 1,
              createdByProfileId: 77,
            },
          }),
        ),
      );

      expect(error.errors).toEqual({
        'organization.createdByProfileId': ['No profile has the id 77.'],
        'organization.legalFormId': ['No legal form has the id 3.'],
        'organization.orgCategoryId': ['No organization category has the id 6.'],
        'organization.orgIdentificationLevelId': ['No organization identification level has the id 1.'],
      });
      // Found in the body's order, reported sorted by path.
      expect(Object.keys(error.errors)).toEqual(Object.keys(error.errors).sort());
    });

    it('looks up no reference the body leaves out or sends as null', async () => {
      await sut.create(
        personBody({ externalKey: null, person: { maritalStatusId: null, account: { username: 'anna' } } }),
      );

      expect(fake.statementsRun()).toEqual([expect.stringMatching(/FROM account a/)]);
    });

    it('writes a person profile with its account (the password as its hash) and gives its initial roles', async () => {
      await sut.create(personBody());

      const [account] = fake.rows(AccountEntity);
      const [person] = fake.rows(PersonEntity);
      const [profile] = fake.rows(ProfileEntity);
      expect(account).toMatchObject({ username: 'anna', passwordHash: 'hash of correct horse' });
      expect(person).toMatchObject({ firstname: 'Anna', accountId: account.id, createdBy: 'test' });
      expect(profile).toMatchObject({
        personId: person.id,
        email: 'anna@example.ch',
        zipCode: null,
        createStamp: NOW,
        updatedBy: 'test',
      });
      expect(roleAssignments.giveInitialRoles).toHaveBeenCalledWith(
        fake.manager,
        { id: profile.id, orgCategoryId: undefined },
        'test',
        NOW,
      );
    });

    it('stores no password hash for an account without a password', async () => {
      await sut.create(personBody({ person: { account: { username: 'sso-only' } } }));

      expect(fake.rows(AccountEntity)[0].passwordHash).toBeNull();
    });

    it("writes an organization with its signatories' defaults, and gives its category's roles", async () => {
      await sut.create(
        organizationBody({
          organization: {
            name: 'Acme',
            orgCategoryId: 4,
            legalFormId: 2,
            signatories: [
              { firstname: 'Ben' },
              { type: 'Representative', isRequester: true, gender: 'Male' },
            ],
          },
        }),
      );

      const [organization] = fake.rows(OrganizationEntity);
      expect(fake.rows(SignatoryEntity)).toEqual([
        expect.objectContaining({
          organizationId: organization.id,
          isRequester: false,
          type: 'Signer',
          gender: 'Unknown',
          firstname: 'Ben',
          birthdate: null,
          email: null,
        }),
        expect.objectContaining({
          type: 'Representative',
          isRequester: true,
          gender: 'Male',
          firstname: null,
        }),
      ]);
      expect(fake.rows(ProfileEntity)[0].organizationId).toBe(organization.id);
      expect(roleAssignments.giveInitialRoles).toHaveBeenCalledWith(
        fake.manager,
        expect.objectContaining({ orgCategoryId: 4 }),
        'test',
        NOW,
      );
    });
  });

  describe('update', () => {
    const update = (overrides: Partial<UpdateProfileDto>): UpdateProfileDto => ({
      updatedBy: 'editor',
      ...overrides,
    });

    beforeEach(() => {
      fake
        .profiles(personProfile(1, 11, 21), organizationProfile(2, 32))
        .given(ProfileEntity, { id: 1, personId: 11, loginCount: 3 }, { id: 2, organizationId: 32 })
        .given(PersonEntity, { id: 11, accountId: 21, firstname: 'Anna' })
        .given(AccountEntity, { id: 21, username: 'anna', passwordHash: 'old hash' })
        .given(OrganizationEntity, { id: 32, name: 'Acme', orgCategoryId: 4 });
    });

    it('answers 404 for an unknown profile', async () => {
      await expect(sut.update(99, update({}))).rejects.toMatchObject({ code: 'PROFILE.NOT_FOUND' });
    });

    it('keeps the kind of a profile: no organization for a person, no person for an organization', async () => {
      const ofPerson = await caught(sut.update(1, update({ organization: { name: 'Other' } })));
      const ofOrganization = await caught(sut.update(2, update({ person: { firstname: 'Eve' } })));

      expect(ofPerson.errors).toEqual({
        organization: ['A person profile has no organization; its kind cannot change.'],
      });
      expect(ofOrganization.errors).toEqual({
        person: ['An organization profile has no person; its kind cannot change.'],
      });
      expect(fake.callsOf('save')).toEqual([]);
    });

    it('removes the password sent as null, and stores a new one as its hash', async () => {
      await sut.update(1, update({ person: { account: { password: null } } }));
      expect(fake.rows(AccountEntity)[0].passwordHash).toBeNull();

      await sut.update(1, update({ person: { account: { password: 'new secret' } } }));
      expect(fake.rows(AccountEntity)[0]).toMatchObject({
        passwordHash: 'hash of new secret',
        updatedBy: 'editor',
      });

      await sut.update(1, update({ person: { account: { sessionDuration: 60 } } }));
      expect(fake.rows(AccountEntity)[0]).toMatchObject({
        passwordHash: 'hash of new secret',
        sessionDuration: 60,
      });
    });

    it("follows an organization's change of category, and only a change", async () => {
      await sut.update(2, update({ organization: { orgCategoryId: 4, name: 'Acme AG' } }));
      expect(roleAssignments.followCategoryChange).not.toHaveBeenCalled();

      await sut.update(2, update({ organization: { orgCategoryId: 5 } }));
      expect(roleAssignments.followCategoryChange).toHaveBeenCalledWith(fake.manager, 2, 5, 'editor');
      expect(fake.rows(OrganizationEntity)[0]).toMatchObject({ name: 'Acme AG', orgCategoryId: 5 });
    });
  });

  describe('delete', () => {
    beforeEach(() => {
      fake
        .answer(/DELETE FROM procuration_invite/, [])
        .profiles(personProfile(1, 11, 21), organizationProfile(2, 32))
        .given(ProfileEntity, { id: 1, personId: 11 }, { id: 2, organizationId: 32 })
        .given(PersonEntity, { id: 11, accountId: 21 })
        .given(AccountEntity, { id: 21 })
        .given(OrganizationEntity, { id: 32 });
    });

    it('takes a person profile’s person and account with it', async () => {
      await sut.delete(1);

      expect(fake.rows(ProfileEntity).map((profile) => profile.id)).toEqual([2]);
      expect(fake.rows(PersonEntity)).toEqual([]);
      expect(fake.rows(AccountEntity)).toEqual([]);
      expect(fake.rows(OrganizationEntity)).toHaveLength(1);
    });

    it('takes an organization profile’s organization with it', async () => {
      await sut.delete(2);

      expect(fake.rows(OrganizationEntity)).toEqual([]);
      expect(fake.rows(PersonEntity)).toHaveLength(1);
    });

    it('answers 404 for an unknown profile', async () => {
      await expect(sut.delete(99)).rejects.toMatchObject({ code: 'PROFILE.NOT_FOUND' });
    });
  });
});

describe(applyProfileUpdate.name, () => {
  const stored = (): ProfileEntity =>
    Object.assign(new ProfileEntity(), {
      email: 'old@example.ch',
      zipCode: '8000',
      isEnabled: true,
      loginCount: 3,
      lastLoginStamp: new Date('2025-01-01T00:00:00.000Z'),
      inactivityState: 'InactiveLevelOne',
      isFlaggedForDeletion: true,
      gracePeriodEndDate: new Date('2026-12-31T00:00:00.000Z'),
    });
  const applied = (body: Omit<UpdateProfileDto, 'updatedBy'>): ProfileEntity => {
    const profile = stored();
    applyProfileUpdate(profile, { ...body, updatedBy: 'editor' }, NOW);
    return profile;
  };

  it('keeps what the body leaves out', () => {
    expect(applied({})).toEqual(stored());
  });

  it('clears a nullable field sent as null, and keeps a non-nullable one', () => {
    expect(
      applied({
        zipCode: null,
        gracePeriodEndDate: null,
        lastLoginStamp: null,
        email: null,
        isEnabled: null,
        isFlaggedForDeletion: null,
        inactivityState: null,
      }),
    ).toEqual({ ...stored(), zipCode: null, gracePeriodEndDate: null, lastLoginStamp: null });
  });

  it('sets what the body sends', () => {
    expect(
      applied({ email: 'new@example.ch', isEnabled: false, isFlaggedForDeletion: false, language: 'fr' }),
    ).toMatchObject({
      email: 'new@example.ch',
      isEnabled: false,
      isFlaggedForDeletion: false,
      language: 'fr',
    });
  });

  it('counts a sign-in now and makes the profile active again', () => {
    expect(applied({ hasLoggedIn: true, inactivityState: 'InactiveLevelTwo' })).toMatchObject({
      loginCount: 4,
      lastLoginStamp: NOW,
      inactivityState: 'Active',
    });
  });

  it('counts a sign-in at the lastLoginStamp sent with it', () => {
    expect(applied({ hasLoggedIn: true, lastLoginStamp: '2026-02-28T08:30:00.000Z' })).toMatchObject({
      loginCount: 4,
      lastLoginStamp: new Date('2026-02-28T08:30:00.000Z'),
    });
  });

  it('counts nothing for hasLoggedIn false, and takes an inactivity state as sent', () => {
    expect(applied({ hasLoggedIn: false, inactivityState: 'InactiveLevelThree' })).toMatchObject({
      loginCount: 3,
      inactivityState: 'InactiveLevelThree',
    });
  });
});
