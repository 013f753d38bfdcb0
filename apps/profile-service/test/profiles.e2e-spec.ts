import { DataSource } from 'typeorm';

import { apiHelpers } from './support/api-helpers';
import { HOSTILE } from './support/crud-conformance';
import { Fixtures, unique } from './support/fixtures';
import { organizationBody, personBody } from './support/profile-bodies';
import { type ProfileService, startProfileService, V10, V9 } from './support/profile-test-app';

type Json = Record<string, any>;

const AUDIT = {
  createdBy: expect.any(String),
  createStamp: expect.stringMatching(/Z$/),
  updatedBy: expect.any(String),
  updateStamp: expect.stringMatching(/Z$/),
};

/** A PNG header: what the picture fixture stores as custom image. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('profile-service profiles (HTTP, real PostgreSQL)', () => {
  let service: ProfileService;
  let dataSource: DataSource;
  let fixtures: Fixtures;
  let citizenRoleId: number;
  let form: Json;
  let undeletableForm: Json;
  let category: Json;
  let undeletableCategory: Json;
  let categoryRole: Json;
  let maritalStatus: Json;
  let orgLevel: Json;

  beforeAll(async () => {
    service = await startProfileService('profile_profiles');
    dataSource = service.app.get(DataSource);
    fixtures = new Fixtures(dataSource);
    [{ id: citizenRoleId }] = await dataSource.query(`SELECT id FROM role WHERE name = 'Citizen'`);
    form = await post('/legal-forms', { name: `ag-${unique()}`, displayName: 'AG', code: `AG${unique()}` });
    undeletableForm = await post('/legal-forms', {
      name: `genossenschaft-${unique()}`,
      displayName: 'Genossenschaft',
      isOrgDeletableByOwner: false,
    });
    category = await post('/org-categories', { name: `company-${unique()}`, displayName: 'Company' });
    undeletableCategory = await post('/org-categories', {
      name: `authority-${unique()}`,
      displayName: 'Authority',
      isOrgDeletableByOwner: false,
    });
    categoryRole = await post('/roles', {
      name: `company-member-${unique()}`,
      displayName: 'Company member',
    });
    await service.max.put(`${V10}/org-categories/${category.id}/roles/${categoryRole.id}`, {
      createdBy: 'alice',
    });
    maritalStatus = await post('/marital-statuses', { name: `married-${unique()}`, displayName: 'Married' });
    orgLevel = await post('/org-identification-levels', {
      name: `uid-checked-${unique()}`,
      displayName: 'UID',
    });
  });

  afterAll(async () => {
    await service?.close();
  });

  const { post } = apiHelpers(() => service);
  const references = () => ({ orgCategoryId: category.id, legalFormId: form.id });
  const create = async (body: Json): Promise<Json> => {
    const response = await service.max.post<Json>(`${V10}/profiles`, body);
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`${V10}/profiles/${response.body.id}`);
    return response.body;
  };
  const rolesOf = (profileId: number): Promise<{ roleId: number; source: string }[]> =>
    dataSource.query(
      'SELECT role_id AS "roleId", source FROM profile_role WHERE profile_id = $1 ORDER BY role_id',
      [profileId],
    );
  const count = async (table: string): Promise<number> =>
    Number((await dataSource.query(`SELECT count(*) AS n FROM "${table}"`))[0].n);

  describe('create', () => {
    it('creates a person profile with its person and account, and gives it the citizen role', async () => {
      const body = personBody(
        { phone: '+41 44 123 45 67', language: 'de', countryCode: 'CH', externalKey: `ext-${unique()}` },
        {
          gender: 'Female',
          birthdate: '1990-05-01',
          maritalStatusId: maritalStatus.id,
          ahvNumber: '756.1234.5678.97',
        },
      );
      const response = await service.max.post<Json>(`${V10}/profiles`, body);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.any(Number),
        personId: expect.any(Number),
        organizationId: null,
        isEnabled: true,
        externalKey: body.externalKey,
        language: 'de',
        email: body.email,
        phone: '+41 44 123 45 67',
        fax: null,
        address: null,
        zipCode: '8001',
        city: 'Zürich',
        countryCode: 'CH',
        acceptsAdvertisement: true,
        lastLoginStamp: null,
        loginCount: 0,
        inactivityState: 'Active',
        isFlaggedForDeletion: false,
        gracePeriodEndDate: null,
        person: {
          id: response.body.personId,
          accountId: expect.any(Number),
          firstname: 'Anna',
          lastname: body.person.lastname,
          gender: 'Female',
          ahvNumber: '756.1234.5678.97',
          mobilePhone: null,
          birthdate: '1990-05-01T00:00:00.000Z',
          maritalStatusId: maritalStatus.id,
          account: {
            id: response.body.person.accountId,
            username: body.person.account.username,
            sessionDuration: 30,
            isSignupComplete: false,
            isLocal: false,
            hasSeenOwnProfile: false,
            ...AUDIT,
          },
          ...AUDIT,
        },
        organization: null,
        createdBy: 'alice',
        createStamp: expect.stringMatching(/Z$/),
        updatedBy: 'alice',
        updateStamp: response.body.createStamp,
      });
      expect(response.headers.get('x-correlation-id')).toBeTruthy();
      expect(await rolesOf(response.body.id)).toEqual([{ roleId: citizenRoleId, source: 'Direct' }]);
    });

    it('stores an argon2id hash of the password and never returns it, at any level', async () => {
      const body = personBody({}, {}, { password: 'Sup3r-Geheim!' });
      const created = await service.max.post<Json>(`${V10}/profiles`, body);
      expect(created.text).not.toContain('Sup3r-Geheim!');
      expect(created.text).not.toMatch(/password/i);
      const [{ hash }] = await dataSource.query('SELECT password_hash AS hash FROM account WHERE id = $1', [
        created.body.person.accountId,
      ]);
      expect(hash).toMatch(/^\$argon2id\$v=19\$m=9216,t=4,p=1\$/);
      for (const caller of [service.low, service.medium, service.max]) {
        const read = await caller.get(
          `${V10}/profiles/${created.body.id}?Expand=Person_Account_Identities&Select=person.account`,
        );
        expect(read.text).not.toMatch(/password|argon2/i);
      }
    });

    it('creates an account without a password (identity providers only)', async () => {
      const created = await create(personBody({}, {}, { password: undefined }));
      const [{ hash }] = await dataSource.query('SELECT password_hash AS hash FROM account WHERE id = $1', [
        created.person.accountId,
      ]);
      expect(hash).toBeNull();
    });

    it('creates an organization profile with its signatories and gives it the roles of its category', async () => {
      const body = organizationBody(
        references(),
        { fax: '+41 31 000 00 00' },
        {
          fsoId: 4711,
          website: 'https://muster.ch',
          orgIdentificationLevelId: orgLevel.id,
          isPending: true,
          signatureType: 'Collective',
          businessCaseId: '6f1c1a52-3b4e-4f1a-9a55-0d3b9b1c2e11',
          signatories: [
            {
              isRequester: true,
              firstname: 'Beat',
              lastname: 'Muster',
              email: 'beat@muster.ch',
              type: 'Signer',
            },
            { firstname: 'Carla', lastname: 'Muster', birthdate: '1970-01-31T00:00:00Z', zipCode: 'D-10115' },
          ],
        },
      );
      const response = await service.max.post<Json>(`${V9}/profiles`, body);
      expect(response.status).toBe(201);
      const { organization } = response.body;
      expect(response.body).toMatchObject({ personId: null, organizationId: organization.id, person: null });
      expect(organization).toEqual({
        id: expect.any(Number),
        name: body.organization.name,
        uid: body.organization.uid,
        fsoId: 4711,
        website: 'https://muster.ch',
        orgCategoryId: category.id,
        legalFormId: form.id,
        orgIdentificationLevelId: orgLevel.id,
        identificationProcess: null,
        isSelfRegistration: false,
        createdByProfileId: null,
        isPending: true,
        signatureType: 'Collective',
        businessCaseId: '6f1c1a52-3b4e-4f1a-9a55-0d3b9b1c2e11',
        isDeletableByOwner: true,
        signatories: [
          {
            id: expect.any(Number),
            organizationId: organization.id,
            isRequester: true,
            type: 'Signer',
            position: null,
            gender: 'Unknown',
            firstname: 'Beat',
            lastname: 'Muster',
            birthdate: null,
            email: 'beat@muster.ch',
            ahvNumber: null,
            identityNumber: null,
            address: null,
            zipCode: null,
            city: null,
            origin: null,
            ...AUDIT,
          },
          expect.objectContaining({
            firstname: 'Carla',
            birthdate: '1970-01-31T00:00:00.000Z',
            zipCode: 'D-10115',
          }),
        ],
        ...AUDIT,
      });
      expect(await rolesOf(response.body.id)).toEqual([{ roleId: categoryRole.id, source: 'OrgCategory' }]);
    });

    it('computes isDeletableByOwner from the legal form and the category', async () => {
      const cases: [Json, Json, boolean][] = [
        [form, category, true],
        [undeletableForm, category, false],
        [form, undeletableCategory, false],
        [undeletableForm, undeletableCategory, false],
      ];
      for (const [legalForm, orgCategory, deletable] of cases) {
        const created = await create(
          organizationBody({ legalFormId: legalForm.id, orgCategoryId: orgCategory.id }),
        );
        expect(created.organization.isDeletableByOwner).toBe(deletable);
      }
    });

    it('takes null for the other kind as absent', async () => {
      const created = await create({ ...organizationBody(references()), person: null });
      expect(created.organizationId).toEqual(expect.any(Number));
    });

    it('wants exactly one of person and organization', async () => {
      const { person, ...neither } = personBody();
      const none = await service.max.post<Json>(`${V10}/profiles`, neither);
      expect(none.status).toBe(400);
      expect(none.body.errors).toEqual({
        person: ['exactly one of person and organization is required'],
        organization: ['exactly one of organization and person is required'],
      });
      const both = await service.max.post<Json>(`${V10}/profiles`, {
        ...organizationBody(references()),
        person,
      });
      expect(both.status).toBe(400);
      expect(Object.keys(both.body.errors)).toEqual(['person', 'organization']);
      const notAnObject = await service.max.post<Json>(`${V10}/profiles`, { ...neither, person: [person] });
      expect(notAnObject.body.errors.person).toEqual(['person must be an object']);
    });

    const long = (length: number): string => 'x'.repeat(length);
    it.each<[string, Json, Json, Json, string]>([
      ['a missing email', { email: undefined }, {}, {}, 'email'],
      ['an email that is no address', { email: 'anna.example.ch' }, {}, {}, 'email'],
      ['an email over 400 characters', { email: `${long(395)}@x.ch` }, {}, {}, 'email'],
      ['a phone without a plus', { phone: '044 123 45 67' }, {}, {}, 'phone'],
      ['a phone with letters', { phone: '+41 44 CALL ME' }, {}, {}, 'phone'],
      ['a fax of 16 digits', { fax: '+1234567890123456' }, {}, {}, 'fax'],
      ['a zipCode of 3 digits', { zipCode: '800' }, {}, {}, 'zipCode'],
      ['a zipCode of 5 digits', { zipCode: '80011' }, {}, {}, 'zipCode'],
      ['a zipCode with letters', { zipCode: 'D-8001' }, {}, {}, 'zipCode'],
      ['a language of 3 letters', { language: 'deu' }, {}, {}, 'language'],
      ['a language with a digit', { language: 'd1' }, {}, {}, 'language'],
      ['a countryCode of 3 letters', { countryCode: 'CHE' }, {}, {}, 'countryCode'],
      ['an externalKey over 50 characters', { externalKey: long(51) }, {}, {}, 'externalKey'],
      ['an address over 320 characters', { address: long(321) }, {}, {}, 'address'],
      ['a city over 160 characters', { city: long(161) }, {}, {}, 'city'],
      ['isEnabled as text', { isEnabled: 'yes' }, {}, {}, 'isEnabled'],
      ['acceptsAdvertisement as a number', { acceptsAdvertisement: 1 }, {}, {}, 'acceptsAdvertisement'],
      ['a missing createdBy', { createdBy: undefined }, {}, {}, 'createdBy'],
      ['a createdBy over 100 characters', { createdBy: long(101) }, {}, {}, 'createdBy'],
      ['a firstname over 160 characters', {}, { firstname: long(161) }, {}, 'person.firstname'],
      ['a firstname with a control character', {}, { firstname: 'An\u0008na' }, {}, 'person.firstname'],
      ['an address with a form feed', { address: 'Bahnhofstrasse 1\f' }, {}, {}, 'address'],
      ['an e-mail with a control character', { email: '"a\u0001"@demo.ch' }, {}, {}, 'email'],
      ['an unknown gender', {}, { gender: 'Robot' }, {}, 'person.gender'],
      ['a birthdate that is no date', {}, { birthdate: 'yesterday' }, {}, 'person.birthdate'],
      ['a national mobilePhone', {}, { mobilePhone: '079 123 45 67' }, {}, 'person.mobilePhone'],
      ['a maritalStatusId of 0', {}, { maritalStatusId: 0 }, {}, 'person.maritalStatusId'],
      ['a maritalStatusId as text', {}, { maritalStatusId: '1' }, {}, 'person.maritalStatusId'],
      ['an ahvNumber over 64 characters', {}, { ahvNumber: long(65) }, {}, 'person.ahvNumber'],
      ['a missing account', {}, { account: null }, {}, 'person.account'],
      ['an empty username', {}, {}, { username: '' }, 'person.account.username'],
      ['a username with a leading space', {}, {}, { username: ' anna' }, 'person.account.username'],
      ['a username over 100 characters', {}, {}, { username: long(101) }, 'person.account.username'],
      ['a password under 8 characters', {}, {}, { password: 'short' }, 'person.account.password'],
      ['a password over 128 characters', {}, {}, { password: long(129) }, 'person.account.password'],
      ['a password that is no string', {}, {}, { password: 12345678 }, 'person.account.password'],
    ])('refuses %s with a 400 on its path', async (_case, overrides, person, account, path) => {
      const body = personBody(overrides, person, account);
      if (person.account === null) body.person.account = undefined;
      const response = await service.max.post<Json>(`${V10}/profiles`, body);
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual([path]);
    });

    it.each<[string, Json, string]>([
      ['a missing name', { name: undefined }, 'organization.name'],
      ['a name over 160 characters', { name: 'n'.repeat(161) }, 'organization.name'],
      ['a missing orgCategoryId', { orgCategoryId: undefined }, 'organization.orgCategoryId'],
      ['a legalFormId as text', { legalFormId: 'AG' }, 'organization.legalFormId'],
      ['a uid over 30 characters', { uid: 'u'.repeat(31) }, 'organization.uid'],
      ['a fractional fsoId', { fsoId: 1.5 }, 'organization.fsoId'],
      ['an unknown signatureType', { signatureType: 'Double' }, 'organization.signatureType'],
      ['a businessCaseId that is no uuid', { businessCaseId: 'case-1' }, 'organization.businessCaseId'],
      ['signatories that are no array', { signatories: { firstname: 'Beat' } }, 'organization.signatories'],
      ['more than 100 signatories', { signatories: Array(101).fill({}) }, 'organization.signatories'],
      [
        'a signatory lastname with a DEL',
        { signatories: [{}, { lastname: 'Muster\u007f' }] },
        'organization.signatories[1].lastname',
      ],
      [
        'a signatory email that is no address',
        { signatories: [{}, { email: 'beat' }] },
        'organization.signatories[1].email',
      ],
      [
        'an unknown signatory type',
        { signatories: [{ type: 'Witness' }] },
        'organization.signatories[0].type',
      ],
      [
        'a signatory zipCode over 12 characters',
        { signatories: [{ zipCode: '1'.repeat(13) }] },
        'organization.signatories[0].zipCode',
      ],
    ])('refuses an organization with %s with a 400 on its path', async (_case, organization, path) => {
      const response = await service.max.post<Json>(
        `${V10}/profiles`,
        organizationBody(references(), {}, organization),
      );
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual([path]);
    });

    it('reports several violations together', async () => {
      const response = await service.max.post<Json>(
        `${V10}/profiles`,
        personBody({ email: 'nope', zipCode: '1', phone: '123' }, { gender: 'x' }, { username: '' }),
      );
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors).sort()).toEqual([
        'email',
        'person.account.username',
        'person.gender',
        'phone',
        'zipCode',
      ]);
    });

    it('refuses a username taken in another case and an external key taken, together, and writes nothing', async () => {
      const first = personBody({ externalKey: `key-${unique()}` });
      await create(first);
      const [profiles, accounts, persons] = [
        await count('profile'),
        await count('account'),
        await count('person'),
      ];
      const again = personBody(
        { externalKey: first.externalKey },
        {},
        { username: first.person.account.username.toUpperCase() },
      );
      const response = await service.max.post<Json>(`${V10}/profiles`, again);
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({
        externalKey: [`The external key '${first.externalKey}' belongs to another profile.`],
        'person.account.username': [
          `The username '${again.person.account.username}' is taken (usernames are unique case-insensitively).`,
        ],
      });
      expect([await count('profile'), await count('account'), await count('person')]).toEqual([
        profiles,
        accounts,
        persons,
      ]);
    });

    it('refuses references to records that do not exist, each on its path', async () => {
      const person = await service.max.post<Json>(
        `${V10}/profiles`,
        personBody({}, { maritalStatusId: 2147483647 }),
      );
      expect(person.body.errors).toEqual({
        'person.maritalStatusId': ['No marital status has the id 2147483647.'],
      });
      const organization = await service.max.post<Json>(
        `${V10}/profiles`,
        organizationBody(
          { orgCategoryId: 2147483646, legalFormId: 2147483645 },
          {},
          { orgIdentificationLevelId: 2147483644, createdByProfileId: 2147483643 },
        ),
      );
      expect(organization.status).toBe(400);
      expect(Object.keys(organization.body.errors)).toEqual([
        'organization.createdByProfileId',
        'organization.legalFormId',
        'organization.orgCategoryId',
        'organization.orgIdentificationLevelId',
      ]);
    });

    it('answers malformed bodies with 400 on $, and the wrong callers with 401 and 403', async () => {
      const malformed = await service.max.post<Json>(`${V10}/profiles`, undefined, { rawBody: '{"email":' });
      expect(malformed.status).toBe(400);
      expect(Object.keys(malformed.body.errors)).toEqual(['$']);
      const array = await service.max.post<Json>(`${V10}/profiles`, [personBody()]);
      expect(Object.keys(array.body.errors)).toEqual(['$']);
      expect((await service.anonymous.post(`${V10}/profiles`, personBody())).status).toBe(401);
      expect((await service.medium.post(`${V10}/profiles`, personBody())).status).toBe(403);
    });

    it('projects the answer of a write at the caller level, never by Limited', async () => {
      // A write takes no Limited: refused under v10-0 (contract 4), ignored under v9-1.
      const refused = await service.max.post<Json>(`${V10}/profiles?Limited=1`, personBody());
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({
        Limited: ['Limited: unknown parameter; this operation takes none'],
      });
      const created = await service.max.post<Json>(`${V9}/profiles?Limited=1`, personBody());
      expect(created.body.person.account).toBeDefined();
    });
  });

  describe('read', () => {
    let anna: Json;
    let firm: Json;
    let pictureId: number;

    beforeAll(async () => {
      anna = await create(personBody({}, { maritalStatusId: maritalStatus.id }));
      firm = await create(
        organizationBody(
          references(),
          {},
          { orgIdentificationLevelId: orgLevel.id, signatories: [{ firstname: 'Beat' }] },
        ),
      );
      const provider = await post('/identity-providers', {
        name: `agov-${unique()}`,
        displayName: 'AGOV',
        typeName: 'Oidc',
      });
      await fixtures.identity({
        profileId: anna.id,
        accountId: anna.person.accountId,
        identityProviderId: provider.id,
        identificationLevelId: await fixtures.identificationLevel(),
        externalId: 'agov-anna',
      });
      pictureId = await fixtures.insert('profile_picture', {
        profile_id: anna.id,
        unique_id: '0b6d2a1e-8f44-4c55-9e0a-1d2c3b4a5f60',
        custom_image_type: 'image/png',
        custom_image_bytes: PNG,
      });
    });

    it('reads a profile without nested objects unless expanded', async () => {
      const plain = await service.max.get<Json>(`${V9}/profiles/${anna.id}`);
      expect(plain.status).toBe(200);
      const { person: _person, organization: _organization, ...fields } = anna;
      expect(plain.body).toStrictEqual(fields);
    });

    it('expands each value, and a dotted value brings its parents', async () => {
      const get = async (id: number, expand: string): Promise<Json> =>
        (await service.max.get<Json>(`${V10}/profiles/${id}?Expand=${expand}`)).body;
      expect((await get(anna.id, 'Person')).person).not.toHaveProperty('account');
      expect((await get(anna.id, 'Person_MaritalStatus')).person.maritalStatus).toMatchObject({
        id: maritalStatus.id,
        name: maritalStatus.name,
      });
      expect((await get(anna.id, 'person_account')).person.account).not.toHaveProperty('identities');
      const identities = (await get(anna.id, 'Person_Account_Identities')).person.account.identities;
      expect(identities).toEqual([expect.objectContaining({ externalId: 'agov-anna', profileId: anna.id })]);
      expect(await get(anna.id, 'Organization')).toMatchObject({ organization: null });

      const organization = (await get(firm.id, 'Organization')).organization;
      expect(organization).not.toHaveProperty('signatories');
      expect(organization).not.toHaveProperty('legalForm');
      expect((await get(firm.id, 'Organization_LegalForm')).organization.legalForm).toEqual(
        (await service.max.get(`${V10}/legal-forms/${form.id}`)).body,
      );
      expect((await get(firm.id, 'Organization_Category')).organization.category).toEqual(
        (await service.max.get(`${V10}/org-categories/${category.id}`)).body,
      );
      expect(
        (await get(firm.id, 'Organization_IdentificationLevel')).organization.identificationLevel,
      ).toEqual((await service.max.get(`${V10}/org-identification-levels/${orgLevel.id}`)).body);
      expect((await get(firm.id, 'Organization_Signatories')).organization.signatories).toEqual([
        expect.objectContaining({ firstname: 'Beat' }),
      ]);
      expect(await get(firm.id, 'Person')).toMatchObject({ person: null });
      expect(await get(firm.id, 'ProfilePicture')).toMatchObject({ profilePicture: null });
    });

    it('returns the picture, and its bytes only with IncludeCustomImageBytes', async () => {
      const picture = (await service.max.get<Json>(`${V10}/profiles/${anna.id}?Expand=ProfilePicture`)).body
        .profilePicture;
      expect(picture).toEqual({
        id: pictureId,
        profileId: anna.id,
        uniqueId: '0b6d2a1e-8f44-4c55-9e0a-1d2c3b4a5f60',
        customImageType: 'image/png',
        defaultImageUrl: null,
        defaultSmallImageUrl: null,
        ...AUDIT,
      });
      const withBytes = await service.max.get<Json>(
        `${V10}/profiles/${anna.id}?Expand=ProfilePicture&IncludeCustomImageBytes=true`,
      );
      expect(withBytes.body.profilePicture.customImageBytesEncoded).toBe(PNG.toString('base64'));
      const bytesWithoutPicture = await service.max.get<Json>(
        `${V10}/profiles/${anna.id}?IncludeCustomImageBytes=true`,
      );
      expect(bytesWithoutPicture.body).not.toHaveProperty('profilePicture');
    });

    it('answers 404 for an unknown profile and 400 for a malformed id or query', async () => {
      const unknown = await service.max.get<Json>(`${V10}/profiles/2147483647`);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ status: 404, detail: 'No profile has the id 2147483647.' });
      for (const [url, parameter] of [
        [`${V10}/profiles/abc`, 'profileId'],
        [`${V10}/profiles/0`, 'profileId'],
        [`${V10}/profiles/2147483648`, 'profileId'],
        [`${V10}/profiles/${anna.id}?Expand=Account`, 'Expand'],
        [`${V10}/profiles/${anna.id}?IncludeCustomImageBytes=maybe`, 'IncludeCustomImageBytes'],
        [`${V10}/profiles/${anna.id}?Select=password`, 'Select'],
        [`${V10}/profiles/${anna.id}?Limited=3`, 'Limited'],
      ]) {
        const response = await service.max.get<Json>(url);
        expect(response.status).toBe(400);
        expect(Object.keys(response.body.errors)).toEqual([parameter]);
      }
    });
  });

  describe('projection (contract 3): what each level sees of a fully expanded profile', () => {
    const ALL = [
      'Person_MaritalStatus',
      'Person_Account_Identities',
      'Organization_LegalForm',
      'Organization_Category',
      'Organization_IdentificationLevel',
      'Organization_Signatories',
      'ProfilePicture',
    ].join(',');
    /** Keys of a response: nested objects as trees, arrays by their first item, values as true. */
    const shape = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.length === 0 ? [] : [shape(value[0])];
      if (value !== null && typeof value === 'object') {
        return Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, shape((value as Json)[key])]),
        );
      }
      return true;
    };
    const keys = (...names: string[]): Json => Object.fromEntries(names.map((name) => [name, true]));
    const AUDIT_KEYS = ['createdBy', 'createStamp', 'updatedBy', 'updateStamp'];
    const PROFILE_KEYS = [
      'id',
      'personId',
      'organizationId',
      'isEnabled',
      'externalKey',
      'language',
      'email',
      'phone',
      'fax',
      'address',
      'zipCode',
      'city',
      'countryCode',
      'acceptsAdvertisement',
      'lastLoginStamp',
      'loginCount',
      'inactivityState',
      'isFlaggedForDeletion',
      'gracePeriodEndDate',
      ...AUDIT_KEYS,
    ];
    const NAMED = ['id', 'name', 'displayName', 'description', ...AUDIT_KEYS];
    const FULL_PICTURE = keys(
      'id',
      'profileId',
      'uniqueId',
      'customImageType',
      'customImageBytesEncoded',
      'defaultImageUrl',
      'defaultSmallImageUrl',
      ...AUDIT_KEYS,
    );
    const FULL_ACCOUNT = {
      ...keys(
        'id',
        'username',
        'sessionDuration',
        'isSignupComplete',
        'isLocal',
        'hasSeenOwnProfile',
        ...AUDIT_KEYS,
      ),
      identities: [
        {
          ...keys(
            'id',
            'identityProviderId',
            'accountId',
            'identificationLevelId',
            'externalId',
            'profileId',
            ...AUDIT_KEYS,
          ),
          // The fixture's metadata: a map of the provider's own.
          metadata: { source: true },
        },
      ],
    };
    const FULL_PERSON = {
      ...keys(
        'id',
        'accountId',
        'firstname',
        'lastname',
        'gender',
        'ahvNumber',
        'mobilePhone',
        'birthdate',
        'maritalStatusId',
        ...AUDIT_KEYS,
      ),
      maritalStatus: keys('id', 'name', 'displayName', 'isEnabled', 'sortOrder', ...AUDIT_KEYS),
      account: FULL_ACCOUNT,
    };
    const ORGANIZATION_KEYS = [
      'id',
      'name',
      'uid',
      'fsoId',
      'website',
      'orgCategoryId',
      'legalFormId',
      'orgIdentificationLevelId',
      'identificationProcess',
      'isSelfRegistration',
      'createdByProfileId',
      'isPending',
      'signatureType',
      'businessCaseId',
      'isDeletableByOwner',
      ...AUDIT_KEYS,
    ];
    const FULL_ORGANIZATION = {
      ...keys(...ORGANIZATION_KEYS),
      signatories: [
        keys(
          'id',
          'organizationId',
          'isRequester',
          'type',
          'position',
          'gender',
          'firstname',
          'lastname',
          'birthdate',
          'email',
          'ahvNumber',
          'identityNumber',
          'address',
          'zipCode',
          'city',
          'origin',
          ...AUDIT_KEYS,
        ),
      ],
      legalForm: keys(...NAMED, 'code', 'isOrgDeletableByOwner'),
      category: keys(
        ...NAMED,
        'code',
        'isVisible',
        'isOrgDeletableByOwner',
        'profilePictureUrl',
        'smallProfilePictureUrl',
        'daysUntilFirstDeletionReminder',
        'daysUntilSecondDeletionReminder',
        'daysUntilDeletion',
      ),
      identificationLevel: keys(...NAMED, 'levelOfTrust', 'elevationServiceId'),
    };

    let anna: Json;
    let firm: Json;
    beforeAll(async () => {
      anna = await create(personBody({}, { maritalStatusId: maritalStatus.id }));
      const provider = await post('/identity-providers', {
        name: `id-${unique()}`,
        displayName: 'ID',
        typeName: 'Oidc',
      });
      await fixtures.identity({
        profileId: anna.id,
        accountId: anna.person.accountId,
        identityProviderId: provider.id,
        identificationLevelId: await fixtures.identificationLevel(),
      });
      await fixtures.insert('profile_picture', {
        profile_id: anna.id,
        unique_id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        custom_image_type: 'image/png',
        custom_image_bytes: PNG,
      });
      firm = await create(
        organizationBody(
          references(),
          {},
          { orgIdentificationLevelId: orgLevel.id, signatories: [{ firstname: 'Beat' }] },
        ),
      );
      await fixtures.insert('profile_picture', {
        profile_id: firm.id,
        unique_id: '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
        default_image_url: 'https://example.ch/firm.png',
      });
    });

    const seen = async (caller: ProfileService['max'], id: number, query = ''): Promise<unknown> => {
      const response = await caller.get<Json>(
        `${V10}/profiles/${id}?Expand=${ALL}&IncludeCustomImageBytes=true${query}`,
      );
      expect(response.status).toBe(200);
      return shape(response.body);
    };

    it.each<[string, () => ProfileService['max'], Json, Json]>([
      [
        'Low (ProfileApi_Low)',
        () => service.low,
        { ...keys('id', 'email', 'organization'), person: keys('id', 'firstname', 'lastname') },
        { ...keys('id', 'email', 'person'), organization: keys('id', 'name', 'uid') },
      ],
      [
        'Medium (ProfileApi_Medium)',
        () => service.medium,
        {
          ...keys('id', 'isEnabled', 'email', 'phone', 'organization'),
          person: {
            ...keys('id', 'firstname', 'lastname', 'birthdate', 'gender'),
            account: keys('id', 'sessionDuration', 'hasSeenOwnProfile'),
          },
        },
        {
          ...keys('id', 'isEnabled', 'email', 'phone', 'person'),
          organization: {
            ...keys(...ORGANIZATION_KEYS),
            signatories: [keys('id')],
            legalForm: keys('id'),
            category: keys('id'),
            identificationLevel: keys('id'),
          },
        },
      ],
      [
        'Max (ProfileApi_Max)',
        () => service.max,
        { ...keys(...PROFILE_KEYS, 'organization'), person: FULL_PERSON, profilePicture: FULL_PICTURE },
        { ...keys(...PROFILE_KEYS, 'person'), organization: FULL_ORGANIZATION, profilePicture: FULL_PICTURE },
      ],
    ])('%s', async (_level, caller, personKeys, organizationKeys) => {
      expect(await seen(caller(), anna.id)).toEqual(shape(personKeys));
      expect(await seen(caller(), firm.id)).toEqual(shape(organizationKeys));
      const listed = await caller().get<Json[]>(
        `${V10}/profiles?Ids=${anna.id},${firm.id}&Expand=${ALL}&IncludeCustomImageBytes=true`,
      );
      expect(listed.body.map(shape)).toEqual([shape(personKeys), shape(organizationKeys)]);
    });

    it('lowers the level with Limited and keeps what Select names (dotted), id always', async () => {
      expect(await seen(service.max, anna.id, '&Limited=2')).toEqual(await seen(service.medium, anna.id));
      expect(await seen(service.medium, firm.id, '&Limited=9')).toEqual(await seen(service.medium, firm.id));
      const selected = await service.max.get<Json>(
        `${V10}/profiles/${firm.id}?Expand=${ALL}&Select=email,organization.name,organization.signatories.firstname`,
      );
      expect(selected.body).toEqual({
        id: firm.id,
        email: firm.email,
        organization: {
          id: firm.organizationId,
          name: firm.organization.name,
          signatories: [{ id: expect.any(Number), firstname: 'Beat' }],
        },
      });
      const unknown = await service.max.get<Json>(
        `${V10}/profiles/${firm.id}?Select=organization.colour,person.account.password`,
      );
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors.Select).toHaveLength(2);
    });
  });

  describe('update', () => {
    const put = (id: number, body: Json, caller = service.max) =>
      caller.put<Json>(`${V10}/profiles/${id}`, { updatedBy: 'bob', ...body });

    it('keeps what the body leaves out, clears what it sends as null, and stamps the update', async () => {
      const anna = await create(
        personBody({ phone: '+41 44 123 45 67', language: 'de', address: 'Bahnhofstrasse 1' }),
      );
      const updated = await put(anna.id, {
        phone: null,
        city: 'Winterthur',
        zipCode: 'D-80331',
        isEnabled: null,
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        phone: null,
        language: 'de',
        address: 'Bahnhofstrasse 1',
        city: 'Winterthur',
        zipCode: 'D-80331',
        isEnabled: true,
        email: anna.email,
        createdBy: 'alice',
        createStamp: anna.createStamp,
        updatedBy: 'bob',
      });
      expect(Date.parse(updated.body.updateStamp)).toBeGreaterThanOrEqual(Date.parse(anna.updateStamp));
      expect(updated.body.person).toEqual(anna.person);
    });

    it('counts sign-ins: hasLoggedIn adds one, stamps the time and returns the profile to Active', async () => {
      const anna = await create(personBody());
      await put(anna.id, { inactivityState: 'InactiveLevelTwo', isFlaggedForDeletion: true });
      const first = await put(anna.id, { hasLoggedIn: true });
      expect(first.body).toMatchObject({
        loginCount: 1,
        inactivityState: 'Active',
        isFlaggedForDeletion: true,
      });
      expect(Date.parse(first.body.lastLoginStamp)).toBeGreaterThanOrEqual(Date.parse(anna.createStamp));
      const second = await put(anna.id, {
        hasLoggedIn: true,
        lastLoginStamp: '2025-01-02T03:04:05Z',
        inactivityState: 'InactiveLevelOne',
      });
      expect(second.body).toMatchObject({
        loginCount: 2,
        lastLoginStamp: '2025-01-02T03:04:05.000Z',
        inactivityState: 'Active',
      });
      const notALogin = await put(anna.id, { hasLoggedIn: false, lastLoginStamp: '2025-02-01T00:00:00Z' });
      expect(notALogin.body).toMatchObject({ loginCount: 2, lastLoginStamp: '2025-02-01T00:00:00.000Z' });
      const grace = await put(anna.id, {
        gracePeriodEndDate: '2030-12-31T00:00:00Z',
        inactivityState: 'InactiveLevelThree',
      });
      expect(grace.body).toMatchObject({
        gracePeriodEndDate: '2030-12-31T00:00:00.000Z',
        inactivityState: 'InactiveLevelThree',
      });
      expect((await put(anna.id, { gracePeriodEndDate: null })).body.gracePeriodEndDate).toBeNull();
    });

    it('updates the person and the account, the password as a new hash', async () => {
      const body = personBody();
      const anna = await create(body);
      const [{ hash: before }] = await dataSource.query(
        'SELECT password_hash AS hash FROM account WHERE id = $1',
        [anna.person.accountId],
      );
      const updated = await put(anna.id, {
        person: {
          lastname: 'Beispiel',
          mobilePhone: '+41 79 123 45 67',
          birthdate: null,
          account: {
            username: body.person.account.username.toUpperCase(),
            password: 'a new passphrase',
            sessionDuration: 120,
            isSignupComplete: true,
            hasSeenOwnProfile: true,
          },
        },
      });
      expect(updated.status).toBe(200);
      expect(updated.body.person).toMatchObject({
        firstname: 'Anna',
        lastname: 'Beispiel',
        mobilePhone: '+41 79 123 45 67',
        updatedBy: 'bob',
        account: {
          username: body.person.account.username.toUpperCase(),
          sessionDuration: 120,
          isSignupComplete: true,
          isLocal: false,
          hasSeenOwnProfile: true,
          updatedBy: 'bob',
        },
      });
      const [{ hash: after }] = await dataSource.query(
        'SELECT password_hash AS hash FROM account WHERE id = $1',
        [anna.person.accountId],
      );
      expect(after).toMatch(/^\$argon2id\$/);
      expect(after).not.toBe(before);
      expect(updated.text).not.toMatch(/passphrase|password/);

      await put(anna.id, { person: { account: { password: null } } });
      const [{ hash: removed }] = await dataSource.query(
        'SELECT password_hash AS hash FROM account WHERE id = $1',
        [anna.person.accountId],
      );
      expect(removed).toBeNull();
    });

    it('refuses a username or an external key of another profile, but not its own', async () => {
      const taken = personBody({ externalKey: `taken-${unique()}` });
      await create(taken);
      const anna = await create(personBody({ externalKey: `own-${unique()}` }));
      const refused = await put(anna.id, {
        externalKey: taken.externalKey,
        person: { account: { username: taken.person.account.username.toUpperCase() } },
      });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.errors)).toEqual(['externalKey', 'person.account.username']);
      const own = await put(anna.id, {
        externalKey: anna.externalKey,
        person: { account: { username: anna.person.account.username } },
      });
      expect(own.status).toBe(200);
    });

    it('updates the organization; a new category replaces the roles the old one gave, direct ones stay', async () => {
      const otherCategory = await post('/org-categories', { name: `club-${unique()}`, displayName: 'Club' });
      const clubRole = await post('/roles', { name: `club-member-${unique()}`, displayName: 'Club member' });
      const directRole = await post('/roles', { name: `direct-${unique()}`, displayName: 'Direct' });
      await service.max.put(`${V10}/org-categories/${otherCategory.id}/roles/${clubRole.id}`, {
        createdBy: 'a',
      });
      const firm = await create(organizationBody(references()));
      await service.max.put(`${V10}/profiles/${firm.id}/roles/${directRole.id}`, { createdBy: 'a' });

      const moved = await put(firm.id, {
        organization: {
          name: 'Muster GmbH',
          orgCategoryId: otherCategory.id,
          legalFormId: undeletableForm.id,
          uid: null,
        },
      });
      expect(moved.status).toBe(200);
      expect(moved.body.organization).toMatchObject({
        name: 'Muster GmbH',
        uid: null,
        orgCategoryId: otherCategory.id,
        legalFormId: undeletableForm.id,
        isDeletableByOwner: false,
        signatories: [],
      });
      expect(await rolesOf(firm.id)).toEqual(
        [
          { roleId: clubRole.id, source: 'OrgCategory' },
          { roleId: directRole.id, source: 'Direct' },
        ].sort((a, b) => a.roleId - b.roleId),
      );
    });

    it('keeps the kind of a profile: person and organization bodies only fit their own kind', async () => {
      const anna = await create(personBody());
      const firm = await create(organizationBody(references()));
      const onPerson = await put(anna.id, { organization: { name: 'X' } });
      expect(onPerson.status).toBe(400);
      expect(Object.keys(onPerson.body.errors)).toEqual(['organization']);
      const onOrganization = await put(firm.id, { person: { firstname: 'X' } });
      expect(Object.keys(onOrganization.body.errors)).toEqual(['person']);
    });

    it.each<[string, Json, string]>([
      ['a missing updatedBy', { updatedBy: undefined }, 'updatedBy'],
      ['a zipCode over 12 characters', { zipCode: '1234567890123' }, 'zipCode'],
      ['an email that is no address', { email: 'nope' }, 'email'],
      ['an unknown inactivityState', { inactivityState: 'Sleeping' }, 'inactivityState'],
      ['hasLoggedIn as text', { hasLoggedIn: 'true' }, 'hasLoggedIn'],
      ['a lastLoginStamp that is no date-time', { lastLoginStamp: '02.01.2025' }, 'lastLoginStamp'],
      [
        'a sessionDuration of 0',
        { person: { account: { sessionDuration: 0 } } },
        'person.account.sessionDuration',
      ],
      ['an empty username', { person: { account: { username: '' } } }, 'person.account.username'],
      ['an unknown marital status', { person: { maritalStatusId: 2147483647 } }, 'person.maritalStatusId'],
      ['person as a string', { person: 'Anna' }, 'person'],
    ])('refuses %s with a 400 on its path', async (_case, body, path) => {
      const anna = await create(personBody());
      const response = await put(anna.id, body);
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual([path]);
    });

    it('answers 404 for an unknown profile, 403 to a reader', async () => {
      expect((await put(2147483647, {})).status).toBe(404);
      const anna = await create(personBody());
      expect((await put(anna.id, {}, service.medium)).status).toBe(403);
    });
  });

  describe('no malformed request gets a 500', () => {
    /** Every property of a body, by its path: `person.account.username`, `organization.signatories.0.email`. */
    const pathsOf = (value: Json, prefix: string[] = []): string[][] =>
      Object.entries(value).flatMap(([key, item]) =>
        item !== null && typeof item === 'object' && !Array.isArray(item)
          ? [[...prefix, key], ...pathsOf(item, [...prefix, key])]
          : Array.isArray(item)
            ? [[...prefix, key], ...pathsOf(item[0] as Json, [...prefix, key, '0'])]
            : [[...prefix, key]],
      );
    const withValue = (body: Json, path: string[], value: unknown): Json => {
      const copy = structuredClone(body);
      let node = copy;
      for (const key of path.slice(0, -1)) node = node[key];
      node[path.at(-1) as string] = value;
      return copy;
    };
    const fullPerson = () =>
      personBody(
        {
          phone: '+41 44 000 00 00',
          fax: '+41 44 000 00 01',
          language: 'de',
          countryCode: 'CH',
          address: 'Weg 1',
        },
        {
          gender: 'Male',
          birthdate: '1980-01-01',
          mobilePhone: '+41 79 000 00 00',
          ahvNumber: '756',
          maritalStatusId: 1,
        },
      );
    const fullOrganization = () =>
      organizationBody(
        references(),
        { externalKey: `k-${unique()}` },
        {
          fsoId: 1,
          website: 'w',
          orgIdentificationLevelId: orgLevel.id,
          identificationProcess: 'p',
          isSelfRegistration: true,
          isPending: true,
          signatureType: 'Single',
          businessCaseId: '6f1c1a52-3b4e-4f1a-9a55-0d3b9b1c2e11',
          signatories: [
            {
              isRequester: true,
              type: 'Signer',
              position: 'CEO',
              gender: 'Female',
              firstname: 'A',
              lastname: 'B',
              birthdate: '1970-01-01',
              email: 'a@b.ch',
              ahvNumber: '1',
              identityNumber: '2',
              address: '3',
              zipCode: '4',
              city: '5',
              origin: '6',
            },
          ],
        },
      );

    it.each([
      ['a person', fullPerson],
      ['an organization', fullOrganization],
    ])('creates %s or answers 400 for any value of any property', async (_kind, body) => {
      for (const path of pathsOf(body())) {
        for (const value of HOSTILE) {
          const response = await service.max.post<Json>(`${V10}/profiles`, withValue(body(), path, value));
          if (![201, 400].includes(response.status))
            throw new Error(`${path.join('.')} = ${JSON.stringify(value)}: ${response.status}`);
        }
      }
    });

    it('updates or answers 400 for any value of any property', async () => {
      const anna = await create(personBody());
      const firm = await create(organizationBody(references()));
      const { createdBy: _p, ...person } = fullPerson();
      const { createdBy: _o, ...organization } = fullOrganization();
      const updates: [number, Json][] = [
        [
          anna.id,
          {
            ...person,
            email: undefined,
            zipCode: '1',
            hasLoggedIn: true,
            lastLoginStamp: '2025-01-01',
            inactivityState: 'Active',
            isFlaggedForDeletion: false,
            gracePeriodEndDate: '2030-01-01',
            person: {
              ...person.person,
              account: {
                ...person.person.account,
                sessionDuration: 5,
                isSignupComplete: true,
                isLocal: true,
                hasSeenOwnProfile: true,
              },
            },
            updatedBy: 'bob',
          },
        ],
        [
          firm.id,
          {
            ...organization,
            organization: { ...organization.organization, signatories: undefined },
            updatedBy: 'bob',
          },
        ],
      ];
      for (const [id, body] of updates) {
        const clean = JSON.parse(JSON.stringify(body)) as Json;
        for (const path of pathsOf(clean)) {
          for (const value of HOSTILE) {
            const response = await service.max.put<Json>(
              `${V10}/profiles/${id}`,
              withValue(clean, path, value),
            );
            if (![200, 400].includes(response.status))
              throw new Error(`${path.join('.')} = ${JSON.stringify(value)}: ${response.status}`);
          }
        }
      }
    });

    it('lists or answers 400 for any value of any parameter', async () => {
      const parameters = [
        'Expand',
        'HeadersOnly',
        'ProfileType',
        'Ids',
        'IsEnabled',
        'ExternalKey',
        'Keyword',
        'EmailContains',
        'ZipCodeContains',
        'CityContains',
        'MinLastLoginStamp',
        'MaxLastLoginStamp',
        'IsInGracePeriod',
        'IsFlaggedForDeletion',
        'OrganizationId',
        'OrganizationUid',
        'OrganizationName',
        'OrganizationNameContains',
        'OrganizationIsPending',
        'OrganizationCategoryCode',
        'OrganizationValidationPerimeter',
        'OrganizationFsoId',
        'PersonId',
        'PersonFirstNameContains',
        'PersonLastnameContains',
        'PersonAhvNumber',
        'HasToBeProcessedForInactivity',
        'IncludeCustomImageBytes',
        'PageNumber',
        'PageSize',
        'OrderBy',
        'Limited',
        'Select',
      ];
      const values = [
        '',
        '%00',
        '%ED%A0%80',
        '%FF',
        'x'.repeat(5000),
        '-1',
        '1e308',
        '99999999999999999999',
        '[]',
        '{}',
        "'",
        '%25',
        '*:*',
        'a:b:c',
        ',,,',
      ];
      for (const parameter of parameters) {
        for (const value of values) {
          for (const url of [
            `${V10}/profiles?${parameter}=${value}`,
            `${V10}/profiles?${parameter}=${value}&${parameter}=1`,
          ]) {
            const response = await service.max.get(url);
            if (![200, 400].includes(response.status)) throw new Error(`${url}: ${response.status}`);
          }
        }
      }
      for (const id of ['-1', '1.5', '%00', 'x'.repeat(300), '99999999999999999999']) {
        for (const response of [
          await service.max.get(`${V10}/profiles/${id}`),
          await service.max.put(`${V10}/profiles/${id}`, { updatedBy: 'a' }),
          await service.max.delete(`${V10}/profiles/${id}`),
        ]) {
          // 414: a path parameter longer than the router takes (100 characters).
          expect([400, 404, 414]).toContain(response.status);
        }
      }
    });

    it('upserts a role of a profile or answers 400 for any value', async () => {
      const anna = await create(personBody());
      for (const value of HOSTILE) {
        for (const body of [{ validityStartStamp: value, createdBy: 'a' }, { createdBy: value }]) {
          const response = await service.max.put(`${V10}/profiles/${anna.id}/roles/${categoryRole.id}`, body);
          expect([200, 201, 400]).toContain(response.status);
        }
      }
    });
  });

  describe('strict input (contract 4)', () => {
    it('refuses unknown properties at any depth under v10-0, each on its path with the nearest known name', async () => {
      const body = organizationBody(
        references(),
        { emial: 'x@example.ch' },
        { signatories: [{ emial: 'b@x.ch' }] },
      );
      const organization = await service.max.post<Json>(`${V10}/profiles`, body);
      expect(organization.status).toBe(400);
      expect(organization.body.errors).toEqual({
        emial: ['emial: unknown property; did you mean email?'],
        'organization.signatories[0].emial': ['emial: unknown property; did you mean email?'],
      });
      const person = await service.max.post<Json>(`${V10}/profiles`, personBody({}, {}, { usernme: 'anna' }));
      expect(person.status).toBe(400);
      expect(person.body.errors).toEqual({
        'person.account.usernme': ['usernme: unknown property; did you mean username?'],
      });
    });

    it('ignores them under v9-1', async () => {
      const created = await service.max.post<Json>(
        `${V9}/profiles`,
        personBody({ colour: 'red' }, { nickname: 'Anni' }, { usernme: 'anna' }),
      );
      expect(created.status).toBe(201);
      expect(created.body).not.toHaveProperty('colour');
      expect(created.body.person).not.toHaveProperty('nickname');
    });

    it('takes back what a read gave: ids, audit stamps and computed fields are ignored', async () => {
      const anna = await create(personBody());
      const read = await service.max.get<Json>(`${V10}/profiles/${anna.id}?Expand=Person_Account`);
      expect(read.status).toBe(200);
      expect(read.body.person.account.id).toEqual(expect.any(Number));
      const updated = await service.max.put<Json>(`${V10}/profiles/${anna.id}`, {
        ...read.body,
        city: 'Basel',
        updatedBy: 'bob',
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        id: anna.id,
        city: 'Basel',
        createdBy: 'alice',
        updatedBy: 'bob',
      });
      expect(updated.body.loginCount).toBe(read.body.loginCount);
    });

    it('refuses an unknown query parameter under v10-0 with the nearest known one, and ignores it under v9-1', async () => {
      const refused = await service.low.get<Json>(`${V10}/profiles?Citycontain=Gen`);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({
        Citycontain: ['Citycontain: unknown parameter; did you mean CityContains?'],
      });
      expect((await service.low.get(`${V10}/profiles?citycontains=Gen&PageSize=1`)).status).toBe(200);
      expect((await service.low.get(`${V9}/profiles?Citycontain=Gen&PageSize=1`)).status).toBe(200);
      const anna = await create(personBody());
      const read = await service.low.get<Json>(`${V10}/profiles/${anna.id}?Expnd=Person`);
      expect(read.status).toBe(400);
      expect(read.body.errors).toEqual({ Expnd: ['Expnd: unknown parameter; did you mean Expand?'] });
    });

    it('refuses a Select into an object the request does not expand, naming the Expand it needs', async () => {
      const anna = await create(personBody());
      for (const version of [V10, V9]) {
        const refused = await service.max.get<Json>(`${version}/profiles/${anna.id}?Select=person.lastname`);
        expect(refused.status).toBe(400);
        expect(refused.body.errors).toEqual({
          Select: ["'person.lastname' needs Expand=Person: person is returned only when expanded."],
        });
      }
      const deep = await service.max.get<Json>(
        `${V10}/profiles?Select=person.account.username&Expand=Person`,
      );
      expect(deep.body.errors).toEqual({
        Select: [
          "'person.account.username' needs Expand=Person_Account: person.account is returned only when expanded.",
        ],
      });
      const selected = await service.max.get<Json>(
        `${V10}/profiles/${anna.id}?Select=person.lastname&Expand=Person`,
      );
      expect(selected.status).toBe(200);
      expect(selected.body).toEqual({
        id: anna.id,
        person: { id: anna.person.id, lastname: anna.person.lastname },
      });
    });
  });

  describe('delete', () => {
    it('deletes a person profile with its account, identities, roles, values, favorites, picture and procurations', async () => {
      const anna = await create(personBody());
      const beat = await create(personBody());
      const serviceId = await fixtures.service();
      const providerId = (
        await post('/identity-providers', { name: `p-${unique()}`, displayName: 'P', typeName: 'Oidc' })
      ).id;
      await fixtures.identity({
        profileId: anna.id,
        accountId: anna.person.accountId,
        identityProviderId: providerId,
        identificationLevelId: await fixtures.identificationLevel(),
      });
      const settingId = await fixtures.insert('service_setting', {
        service_id: serviceId,
        name: `s-${unique()}`,
        display_name: 'S',
      });
      await fixtures.insert('service_setting_value', {
        profile_id: anna.id,
        service_setting_id: settingId,
        value: 'v',
      });
      await fixtures.insert('favorite_service', { profile_id: anna.id, service_id: serviceId });
      await fixtures.insert('profile_picture', {
        profile_id: anna.id,
        unique_id: '5d0c7b0e-6a0e-4a4f-8d1a-2f3e4a5b6c7d',
      });
      const procuration = (principal: number, representative: number) =>
        fixtures.insert('procuration', {
          principal_profile_id: principal,
          representative_profile_id: representative,
          validity_start_stamp: new Date(),
          validity_end_stamp: new Date(Date.now() + 86_400_000),
          renewable_from_date: new Date(),
        });
      await procuration(anna.id, beat.id);
      await procuration(beat.id, anna.id);
      const profiles = await count('profile');

      expect((await service.max.delete(`${V10}/profiles/${anna.id}`)).status).toBe(204);
      const left = async (table: string, column: string, id: number): Promise<number> =>
        Number(
          (await dataSource.query(`SELECT count(*) AS n FROM "${table}" WHERE "${column}" = $1`, [id]))[0].n,
        );
      expect({
        account: await left('account', 'id', anna.person.accountId),
        person: await left('person', 'id', anna.personId),
        identity: await left('identity', 'account_id', anna.person.accountId),
        profile_role: await left('profile_role', 'profile_id', anna.id),
        service_setting_value: await left('service_setting_value', 'profile_id', anna.id),
        favorite_service: await left('favorite_service', 'profile_id', anna.id),
        profile_picture: await left('profile_picture', 'profile_id', anna.id),
        principal: await left('procuration', 'principal_profile_id', anna.id),
        representative: await left('procuration', 'representative_profile_id', anna.id),
      }).toEqual({
        account: 0,
        person: 0,
        identity: 0,
        profile_role: 0,
        service_setting_value: 0,
        favorite_service: 0,
        profile_picture: 0,
        principal: 0,
        representative: 0,
      });
      expect(await count('profile')).toBe(profiles - 1);
      expect((await service.max.get(`${V10}/profiles/${anna.id}`)).status).toBe(404);
      expect((await service.max.delete(`${V10}/profiles/${anna.id}`)).status).toBe(404);
      expect((await service.max.get(`${V10}/profiles/${beat.id}`)).status).toBe(200);
    });

    it('deletes an organization profile with its organization and signatories; what it registered stays', async () => {
      const firm = await create(organizationBody(references(), {}, { signatories: [{ firstname: 'Beat' }] }));
      const registered = await create(organizationBody(references(), {}, { createdByProfileId: firm.id }));
      expect((await service.max.delete(`${V9}/profiles/${firm.id}`)).status).toBe(204);
      expect(
        await dataSource.query('SELECT id FROM organization WHERE id = $1', [firm.organizationId]),
      ).toEqual([]);
      expect(
        await dataSource.query('SELECT id FROM signatory WHERE organization_id = $1', [firm.organizationId]),
      ).toEqual([]);
      const after = await service.max.get<Json>(`${V10}/profiles/${registered.id}?Expand=Organization`);
      expect(after.body.organization.createdByProfileId).toBeNull();
    });

    it('answers 400 for a malformed id and 403 to a reader', async () => {
      const response = await service.max.delete<Json>(`${V10}/profiles/x`);
      expect(Object.keys(response.body.errors)).toEqual(['profileId']);
      const anna = await create(personBody());
      expect((await service.medium.delete(`${V10}/profiles/${anna.id}`)).status).toBe(403);
    });
  });
});
