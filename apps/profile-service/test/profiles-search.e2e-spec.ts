import { DataSource } from 'typeorm';

import { apiHelpers } from './support/api-helpers';
import { Fixtures } from './support/fixtures';
import { type ProfileService, startProfileService, V10, V9 } from './support/profile-test-app';

type Json = Record<string, any>;

/**
 * Search that finds people (contract 9): `Keyword` and every `...Contains` filter, of the profile
 * list, the procuration lists and the service lists, match case- and accent-insensitively with the
 * German transliterations, on a scene of Swiss names.
 */
describe('profile-service search of Swiss names (HTTP, real PostgreSQL)', () => {
  let service: ProfileService;
  let dataSource: DataSource;
  const names = new Map<number, string>();
  const scene: Record<string, Json> = {};

  const { post } = apiHelpers(() => service);

  const person = async (
    name: string,
    firstname: string,
    lastname: string,
    email: string,
    city: string,
    zipCode = '8000',
  ): Promise<void> => {
    scene[name] = await post('/profiles', {
      email,
      city,
      zipCode,
      person: { firstname, lastname, account: { username: email } },
    });
    names.set(scene[name].id, name);
  };

  beforeAll(async () => {
    service = await startProfileService('profile_search');
    dataSource = service.app.get(DataSource);
    await person('boesch', 'Jürg', 'Bösch', 'juerg.boesch@bluewin.ch', 'Genève', '1204');
    await person('mueller', 'Ängeli', 'Müller', 'a.mueller@gmx.ch', 'Zürich');
    await person('muellerSpelled', 'Hans', 'Mueller', 'hans@example.ch', 'Bern', '3011');
    await person('bosch', 'François', 'Bosch', 'francois@example.ch', 'Neuchâtel', '2000');
    await person('michal', 'Michal', 'Nowak', 'michal@example.ch', 'Biel/Bienne', '2502');
    await person('manuel', 'Manuel', 'Zoë-Keller', 'manuel@example.ch', 'Genf', '1201');
    const legalForm = await post('/legal-forms', { name: 'gmbh', displayName: 'GmbH', code: 'GMBH' });
    const category = await post('/org-categories', { name: 'firm', displayName: 'Firm', code: 'FIRM' });
    scene.baeckerei = await post('/profiles', {
      email: 'info@baeckerei-schoeni.ch',
      city: 'Thônex',
      organization: { name: 'Bäckerei Schöni GmbH', legalFormId: legalForm.id, orgCategoryId: category.id },
    });
    names.set(scene.baeckerei.id, 'baeckerei');
  });

  afterAll(async () => {
    await service?.close();
  });

  const found = async (query: string, version = V10): Promise<string[]> => {
    const response = await service.max.get<Json[]>(`${version}/profiles?PageSize=50&${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-pagination-total-count')).toBe(String(response.body.length));
    return response.body.map((listed) => names.get(listed.id) ?? `?${listed.id}`);
  };

  it.each<[string, string[]]>([
    // Accents and case.
    ['CityContains=geneve', ['boesch']],
    ['CityContains=GENÈVE', ['boesch']],
    ['CityContains=neuchatel', ['bosch']],
    ['CityContains=thonex', ['baeckerei']],
    // Umlauts: the plain vowel and the transliteration both find them, and the umlaut finds both spellings.
    ['PersonLastnameContains=bosch', ['boesch', 'bosch']],
    ['PersonLastnameContains=boesch', ['boesch']],
    ['PersonLastnameContains=Bösch', ['boesch', 'bosch']],
    ['PersonLastnameContains=muller', ['mueller']],
    ['PersonLastnameContains=mueller', ['mueller', 'muellerSpelled']],
    ['PersonLastnameContains=Müller', ['mueller', 'muellerSpelled']],
    ['PersonLastnameContains=MÜLLER', ['mueller', 'muellerSpelled']],
    // `ae` is not read as `a` in a term: michael does not find Michal, nor manuel a "manl".
    ['PersonFirstNameContains=michael', []],
    ['PersonFirstNameContains=manuel', ['manuel']],
    ['PersonFirstNameContains=jurg', ['boesch']],
    ['PersonFirstNameContains=juerg', ['boesch']],
    ['PersonFirstNameContains=angeli', ['mueller']],
    ['PersonFirstNameContains=aengeli', ['mueller']],
    ['PersonFirstNameContains=francois', ['bosch']],
    ['PersonLastnameContains=zoe-k', ['manuel']],
    ['OrganizationNameContains=backerei', ['baeckerei']],
    ['OrganizationNameContains=baeckerei schoeni', ['baeckerei']],
    ['OrganizationNameContains=BÄCKEREI SCHÖNI', ['baeckerei']],
    // An address in its two parts: the local part, the domain, and a term across the `@`.
    ['EmailContains=BOESCH@', ['boesch']],
    ['EmailContains=bluewin', ['boesch']],
    ['EmailContains=example.ch', ['muellerSpelled', 'bosch', 'michal', 'manuel']],
    ['EmailContains=@gmx.c', ['mueller']],
    ['EmailContains=er@gmx', ['mueller']],
    ['EmailContains=hans@example', ['muellerSpelled']],
    ['EmailContains=ns@ex', ['muellerSpelled']],
    ['EmailContains=ch@example.ch', []],
    ['EmailContains=@', ['boesch', 'mueller', 'muellerSpelled', 'bosch', 'michal', 'manuel', 'baeckerei']],
    ['ZipCodeContains=120', ['boesch', 'manuel']],
    // Keyword over every field it searches, one field at a time.
    ['Keyword=bosch', ['boesch', 'bosch']],
    ['Keyword=boesch', ['boesch']],
    ['Keyword=muller', ['mueller']],
    ['Keyword=mueller', ['mueller', 'muellerSpelled']],
    ['Keyword=Schöni', ['baeckerei']],
    ['Keyword=francois', ['bosch']],
    ['Keyword=jurg bosch', []],
    ['Keyword=gmx', ['mueller']],
    ['Keyword=a.mueller@gmx.ch', ['mueller']],
    ['Keyword=hans@', ['muellerSpelled']],
    ['Keyword=schoeni.ch', ['baeckerei']],
    // Found by the search text and by the domain at once: counted once (the total is the page's length).
    ['Keyword=ch', ['boesch', 'mueller', 'muellerSpelled', 'bosch', 'michal', 'manuel', 'baeckerei']],
    ['EmailContains=e', ['boesch', 'mueller', 'muellerSpelled', 'bosch', 'michal', 'manuel', 'baeckerei']],
    // LIKE wildcards stay themselves after folding.
    ['Keyword=b_sch', []],
  ])('%s', async (query, expected) => {
    expect(await found(query)).toEqual(expected);
  });

  it('searches the same under v9-1, and HEAD counts the same', async () => {
    expect(await found('CityContains=geneve', V9)).toEqual(['boesch']);
    const head = await service.max.head(`${V10}/profiles?PersonLastnameContains=boesch`);
    expect(head.headers.get('x-pagination-total-count')).toBe('1');
  });

  it('finds a profile by its folded names after an update, and forgets the old ones', async () => {
    await service.max.put(`${V10}/profiles/${scene.michal.id}`, {
      city: 'Zürich',
      person: { lastname: 'Würgler' },
      updatedBy: 'scene',
    });
    expect(await found('PersonLastnameContains=wuergler')).toEqual(['michal']);
    expect(await found('Keyword=wurgler')).toEqual(['michal']);
    expect(await found('CityContains=zurich')).toEqual(['mueller', 'michal']);
    expect(await found('PersonLastnameContains=nowak')).toEqual([]);
    await service.max.put(`${V10}/profiles/${scene.baeckerei.id}`, {
      organization: { name: 'Confiserie Sprüngli' },
      updatedBy: 'scene',
    });
    expect(await found('OrganizationNameContains=sprungli')).toEqual(['baeckerei']);
    expect(await found('Keyword=spruengli')).toEqual(['baeckerei']);
    expect(await found('OrganizationNameContains=backerei')).toEqual([]);
  });

  it('finds representatives by RepresentativeProfileKeyword in a procuration list', async () => {
    const principal = scene.baeckerei.id;
    for (const representative of [scene.boesch.id, scene.bosch.id, scene.manuel.id]) {
      const created = await service.max.post(
        `${V10}/profiles/${principal}/outbound-procurations/${representative}`,
        { personInOrganizationFunction: 'Collaborator', createdBy: 'scene' },
      );
      expect(created.status).toBe(201);
    }
    const representatives = async (keyword: string): Promise<string[]> => {
      const response = await service.max.get<Json[]>(
        `${V10}/profiles/${principal}/outbound-procurations?RepresentativeProfileKeyword=${encodeURIComponent(keyword)}`,
      );
      expect(response.status).toBe(200);
      return response.body.map((procuration) => names.get(procuration.representativeProfileId) ?? '?');
    };
    expect(await representatives('boesch')).toEqual(['boesch']);
    expect(await representatives('bosch')).toEqual(['boesch', 'bosch']);
    expect(await representatives('ZOË')).toEqual(['manuel']);
    expect(await representatives('zoe')).toEqual(['manuel']);
    // The e-mail's domain and across its `@`, as the profile list's Keyword.
    expect(await representatives('bluewin')).toEqual(['boesch']);
    expect(await representatives('francois@example')).toEqual(['bosch']);
  });

  it('matches UrlContains of the service lists without accents and case', async () => {
    const fixtures = new Fixtures(dataSource);
    const id = await fixtures.service({ columns: { url: 'https://www.ge.ch/démarches/Führerausweis' } });
    const listed = async (term: string): Promise<number[]> =>
      (
        await service.max.get<Json[]>(`${V10}/services?PageSize=-1&UrlContains=${encodeURIComponent(term)}`)
      ).body.map((listedService) => listedService.id);
    expect(await listed('demarches/fuhrer')).toEqual([id]);
    expect(await listed('DÉMARCHES/FUEHRER')).toEqual([id]);
    expect(await listed('demarches/fuhrer_')).toEqual([]);
  });
});
