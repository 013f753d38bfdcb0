// Loads a realistic set of profiles into a migrated profile-service database that holds the
// catalogue (demo catalogue or equivalent): persons with accounts, identities at two providers,
// the citizen role and service settings; 10% organizations with signatories and their
// category's roles; procurations. Rows are generated in bulk from pre-computed weighted pools
// and written with multi-row INSERT ... SELECT FROM unnest(...), in one transaction, with the
// secondary indexes dropped during the load and rebuilt (from their own definitions) before
// the commit, so the end state is the one the migrations define.
/* global setImmediate -- Node has it; the shared lint config lists only a few globals */
const { de_CH: deCH, fr_CH: frCH, it } = require('@faker-js/faker');
const { hash } = require('argon2');

const { EMAIL_DOMAINS, FREQUENT_LASTNAMES, LOCALITIES, ORGANIZATION_TRADES } = require('./swiss-data');

const SEEDER = 'seed-profiles';
const CHUNK = 25_000;
/** Every tenth profile is an organization. */
const ORGANIZATION_EVERY = 10;
/** The seed's accounts share these passwords; their hashes are made once per run (see README). */
const SEED_PASSWORDS = ['Seed-Passwort-1!', 'Seed-Passwort-2!', 'Seed-Passwort-3!', 'Seed-Passwort-4!'];
/** Inbound procurations of the one busy representative (profile 1). */
const BUSY_REPRESENTATIVE_PRINCIPALS = 1000;
/** Tables the load writes; their secondary indexes are rebuilt after it. */
const LOADED_TABLES = [
  'account',
  'person',
  'organization',
  'signatory',
  'profile',
  'identity',
  'profile_role',
  'service_setting_value',
  'procuration',
  'procuration_service',
];

/** Starts writing a chunk; its failure is seen where it is awaited, not as an unhandled rejection. */
function writeChunk(write) {
  const promise = write();
  promise.catch(() => undefined);
  return promise;
}

/** mulberry32: a small seeded generator, so that a count gives the same data set every time. */
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks items by weight in O(log n). */
function weighted(entries, weightOf) {
  const cumulative = [];
  let total = 0;
  for (const entry of entries) {
    total += weightOf(entry);
    cumulative.push(total);
  }
  return (random) => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] > target) high = middle;
      else low = middle + 1;
    }
    return entries[low];
  };
}

const uniq = (names) => [...new Set(names)];

/** Fisher-Yates with the seeded generator: the pools are alphabetical. */
function shuffled(items, random) {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other], copy[index]];
  }
  return copy;
}

/** Family names by language: the frequent ones with their share, the rest Zipf-like over the locale pool. */
function lastnamePickers() {
  const pools = {
    de: deCH.person.last_name.generic,
    fr: frCH.person.last_name.generic,
    it: it.person.last_name.generic,
  };
  const pickers = {};
  for (const language of ['de', 'fr', 'it']) {
    const frequent = FREQUENT_LASTNAMES.filter((entry) => entry[2] === language);
    const frequentNames = new Set(frequent.map((entry) => entry[0]));
    const tail = shuffled(
      uniq(pools[language]).filter((name) => !frequentNames.has(name)),
      generator(language.charCodeAt(0)),
    );
    // The frequent names keep their share (per mille above, raised to their language's part of the
    // population); the tail shares the rest in a shuffled order, the k-th name in proportion to 1/(k+40).
    const frequentShare = frequent.reduce((sum, entry) => sum + entry[1], 0);
    const tailWeights = tail.map((_, index) => 1 / (index + 40));
    const tailTotal = tailWeights.reduce((sum, weight) => sum + weight, 0);
    const tailShare = language === 'de' ? 1000 - frequentShare * 1.5 : 1000 - frequentShare * 4;
    const entries = [
      ...frequent.map((entry) => [entry[0], entry[1] * (language === 'de' ? 1.5 : 4)]),
      ...tail.map((name, index) => [name, (tailWeights[index] / tailTotal) * tailShare]),
    ];
    const pick = weighted(entries, (entry) => entry[1]);
    pickers[language] = (random) => pick(random)[0];
  }
  return pickers;
}

function firstnamePools() {
  const pools = {};
  for (const [language, locale] of [
    ['de', deCH],
    ['fr', frCH],
    ['it', it],
  ]) {
    pools[language] = {
      Female: uniq(locale.person.first_name.female),
      Male: uniq(locale.person.first_name.male),
    };
  }
  return pools;
}

const STREETS = {
  de: [
    'Bahnhofstrasse',
    'Hauptstrasse',
    'Dorfstrasse',
    'Kirchgasse',
    'Schulstrasse',
    'Seestrasse',
    'Gartenweg',
    'Oberdorfstrasse',
  ],
  fr: [
    'Rue de la Gare',
    'Rue du Lac',
    'Chemin des Vignes',
    'Avenue de la Gare',
    'Rue du Temple',
    'Route de Lausanne',
  ],
  it: ['Via Cantonale', 'Via San Gottardo', 'Via della Stazione', 'Via Lugano', 'Piazza Grande'],
};
const LEGAL_SUFFIX = {
  CompanyLimitedByShares: 'AG',
  LimitedLiabilityCompany: 'GmbH',
  Cooperative: 'Genossenschaft',
};

/** ASCII for the local part of an e-mail address: Müller -> mueller, Genève -> geneve. */
function asciiOf(text) {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A 13-digit AHV number (756...) with its EAN-13 check digit, formatted 756.1234.5678.97. */
function ahvNumber(random) {
  let digits = '756';
  for (let index = 0; index < 9; index += 1) digits += Math.floor(random() * 10);
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (index % 2 ? 3 : 1), 0);
  digits += (10 - (sum % 10)) % 10;
  return `${digits.slice(0, 3)}.${digits.slice(3, 7)}.${digits.slice(7, 11)}.${digits.slice(11)}`;
}

const digits = (random, count) => {
  let text = '';
  for (let index = 0; index < count; index += 1) text += Math.floor(random() * 10);
  return text;
};

/** What the load refers to, read from the catalogue; a clear error when it is missing. */
async function readCatalogue(client, citizenRoleName) {
  const rows = async (sql, values = []) => (await client.query(sql, values)).rows;
  const catalogue = {
    providers: await rows(`SELECT id, name FROM identity_provider ORDER BY is_default DESC, id LIMIT 2`),
    identificationLevels: await rows(`SELECT id FROM identification_level ORDER BY level_of_trust, id`),
    maritalStatuses: await rows(`SELECT id FROM marital_status WHERE is_enabled ORDER BY sort_order, id`),
    legalForms: await rows(`SELECT id, name FROM legal_form ORDER BY id`),
    orgLevels: await rows(`SELECT id FROM org_identification_level ORDER BY level_of_trust, id`),
    categories: await rows(`
      SELECT c.id, c.name, coalesce(array_agg(r.role_id) FILTER (WHERE r.role_id IS NOT NULL), '{}') AS "roleIds"
        FROM org_category c LEFT JOIN org_category_role r ON r.org_category_id = c.id
       GROUP BY c.id ORDER BY c.id`),
    citizen: (await rows(`SELECT id FROM role WHERE lower(name) = lower($1)`, [citizenRoleName]))[0],
    settings: await rows(`SELECT id FROM service_setting WHERE NOT is_secure ORDER BY id`),
    citizenServices: await rows(
      `SELECT DISTINCT s.id FROM service s JOIN service_role sr ON sr.service_id = s.id
         JOIN role r ON r.id = sr.role_id
        WHERE lower(r.name) = lower($1) AND s.is_procuration_available ORDER BY s.id`,
      [citizenRoleName],
    ),
  };
  const missing = [
    catalogue.providers.length < 2 && 'two identity providers',
    catalogue.identificationLevels.length === 0 && 'an identification level',
    catalogue.legalForms.length === 0 && 'a legal form',
    catalogue.categories.length === 0 && 'an organization category',
    !catalogue.citizen && `the role ${citizenRoleName}`,
  ].filter(Boolean);
  if (missing.length > 0) {
    throw new Error(
      `The catalogue lacks ${missing.join(', ')}: start profile-service once with SEED_DEMO_DATA=always (seed:profiles does).`,
    );
  }
  return catalogue;
}

/** Secondary indexes of the loaded tables (not the primary keys nor indexes a constraint uses). */
async function secondaryIndexes(client) {
  const { rows } = await client.query(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indexrelid
       JOIN pg_class t ON t.oid = i.indrelid
      WHERE t.relname = ANY($1) AND t.relnamespace = current_schema()::regnamespace AND NOT i.indisprimary
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
      ORDER BY c.relname`,
    [LOADED_TABLES],
  );
  return rows;
}

/** INSERT INTO table (columns) SELECT * FROM unnest($1::type[], ...), one statement per chunk. */
async function insertColumns(client, table, columns) {
  const names = Object.keys(columns);
  const placeholders = names.map((name, index) => `$${index + 1}::${columns[name].type}[]`);
  await client.query(
    `INSERT INTO ${table} (${names.map((name) => `"${name}"`).join(', ')}) SELECT * FROM unnest(${placeholders.join(', ')})`,
    names.map((name) => columns[name].values),
  );
}

const column = (type) => ({ type, values: [] });

/**
 * Seeds `count` profiles. `client` is a connected pg client on a migrated database with a
 * catalogue; `replace` empties the profile tables first (else they must be empty).
 */
async function seedProfiles(client, options) {
  const { count, hashOptions, replace = false, citizenRoleName = 'Citizen', log = () => undefined } = options;
  if (!Number.isInteger(count) || count < 10)
    throw new Error(`count must be an integer of at least 10, got ${count}`);
  const started = Date.now();
  const step = (message) => log(`${((Date.now() - started) / 1000).toFixed(1)} s  ${message}`);
  const catalogue = await readCatalogue(client, citizenRoleName);

  const [{ present }] = (await client.query(`SELECT EXISTS (SELECT 1 FROM profile) AS present`)).rows;
  if (present && !replace)
    throw new Error('The database holds profiles already: pass --replace to replace them.');

  const passwordHashes = await Promise.all(SEED_PASSWORDS.map((password) => hash(password, hashOptions)));
  const random = generator(count);
  const lastnames = lastnamePickers();
  const firstnames = firstnamePools();
  const locality = weighted(LOCALITIES, (entry) => entry[2]);
  const domain = weighted(EMAIL_DOMAINS, (entry) => entry[1]);
  const pickOf = (list) => list[Math.floor(random() * list.length)];
  // Most organizations are companies; the categories after the first two are rarer, and the
  // fourth (Foundation in the demo catalogue) holds about 1.2% of them (1,200 at a million).
  const categoryWeights = [55, 30, 10, 1.2, 3.8];
  const category = weighted(
    catalogue.categories,
    (entry) => categoryWeights[catalogue.categories.indexOf(entry)] ?? 1,
  );
  const now = Date.now();
  const YEAR = 365.25 * 24 * 3600 * 1000;
  const iso = (time) => new Date(time).toISOString();
  const emails = new Set();
  const uniqueEmail = (local, host) => {
    let email = `${local}@${host}`;
    for (let suffix = 2; emails.has(email); suffix += 1) email = `${local}${suffix}@${host}`;
    emails.add(email);
    return email;
  };

  await client.query('BEGIN');
  try {
    if (present) {
      // CASCADE: whatever else belongs to a profile goes too.
      await client.query(
        `TRUNCATE profile, person, account, organization, signatory, identity, profile_role, service_setting_value,
           favorite_service, profile_picture, procuration, procuration_service, procuration_invite, search_value
           RESTART IDENTITY CASCADE`,
      );
    }
    const indexes = await secondaryIndexes(client);
    for (const index of indexes) await client.query(`DROP INDEX "${index.name}"`);
    // The folded search columns of profile are written by the INSERT below with the trigger's own functions.
    await client.query(`ALTER TABLE profile DISABLE TRIGGER tr_profile_search_text`);
    step(`dropped ${indexes.length} secondary indexes; loading ${count} profiles`);

    let personId = 0;
    let organizationId = 0;
    let signatoryId = 0;
    // Chunk n is written while chunk n+1 is generated: the generation yields to the event loop
    // now and then, so that the client sends the queued statements meanwhile (two cores busy).
    let written = Promise.resolve();
    for (let first = 1; first <= count; first += CHUNK) {
      const last = Math.min(count, first + CHUNK - 1);
      const account = {
        id: column('int'),
        username: column('text'),
        password_hash: column('text'),
        is_signup_complete: column('bool'),
        is_local: column('bool'),
        has_seen_own_profile: column('bool'),
        created_by: column('text'),
        create_stamp: column('timestamptz'),
        updated_by: column('text'),
        update_stamp: column('timestamptz'),
      };
      const person = {
        id: column('int'),
        account_id: column('int'),
        firstname: column('text'),
        lastname: column('text'),
        gender: column('text'),
        ahv_number: column('text'),
        mobile_phone: column('text'),
        birthdate: column('timestamptz'),
        marital_status_id: column('int'),
        created_by: column('text'),
        create_stamp: column('timestamptz'),
        updated_by: column('text'),
        update_stamp: column('timestamptz'),
      };
      const organization = {
        id: column('int'),
        name: column('text'),
        uid: column('text'),
        website: column('text'),
        org_category_id: column('int'),
        legal_form_id: column('int'),
        org_identification_level_id: column('int'),
        signature_type: column('text'),
        created_by: column('text'),
        create_stamp: column('timestamptz'),
        updated_by: column('text'),
        update_stamp: column('timestamptz'),
      };
      const signatory = {
        id: column('int'),
        organization_id: column('int'),
        is_requester: column('bool'),
        type: column('text'),
        gender: column('text'),
        firstname: column('text'),
        lastname: column('text'),
        email: column('text'),
        created_by: column('text'),
        create_stamp: column('timestamptz'),
        updated_by: column('text'),
        update_stamp: column('timestamptz'),
      };
      const profile = {
        id: column('int'),
        person_id: column('int'),
        organization_id: column('int'),
        external_key: column('text'),
        language: column('text'),
        email: column('text'),
        phone: column('text'),
        address: column('text'),
        zip_code: column('text'),
        city: column('text'),
        country_code: column('text'),
        accepts_advertisement: column('bool'),
        last_login_stamp: column('timestamptz'),
        login_count: column('int'),
        created_by: column('text'),
        create_stamp: column('timestamptz'),
        updated_by: column('text'),
        update_stamp: column('timestamptz'),
      };
      const identity = {
        identity_provider_id: column('int'),
        account_id: column('int'),
        identification_level_id: column('int'),
        external_id: column('text'),
        profile_id: column('int'),
        created_by: column('text'),
        create_stamp: column('timestamptz'),
        updated_by: column('text'),
        update_stamp: column('timestamptz'),
      };
      const role = {
        profile_id: column('int'),
        role_id: column('int'),
        validity_start_stamp: column('timestamptz'),
        source: column('text'),
        created_by: column('text'),
        create_stamp: column('timestamptz'),
        updated_by: column('text'),
        update_stamp: column('timestamptz'),
      };
      const setting = {
        profile_id: column('int'),
        service_setting_id: column('int'),
        value: column('text'),
        created_by: column('text'),
        create_stamp: column('timestamptz'),
        updated_by: column('text'),
        update_stamp: column('timestamptz'),
      };
      const audit = (target, stamp) => {
        target.created_by.values.push(SEEDER);
        target.create_stamp.values.push(stamp);
        target.updated_by.values.push(SEEDER);
        target.update_stamp.values.push(stamp);
      };

      for (let id = first; id <= last; id += 1) {
        if (id % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
        const [zip, city, , language] = locality(random);
        const created = now - random() * 6 * YEAR;
        const stamp = iso(created);
        const isOrganization = id % ORGANIZATION_EVERY === 0;
        const lastname = lastnames[language](random);
        const gender = random() < 0.5 ? 'Female' : 'Male';
        const firstname = pickOf(firstnames[language][gender]);
        profile.id.values.push(id);
        profile.language.values.push(language);
        profile.zip_code.values.push(zip);
        profile.city.values.push(city);
        profile.country_code.values.push('CH');
        profile.address.values.push(`${pickOf(STREETS[language])} ${1 + Math.floor(random() * 120)}`);
        profile.external_key.values.push(random() < 0.05 ? `EXT-${id}` : null);
        profile.accepts_advertisement.values.push(random() < 0.3);
        const logins = random() < 0.85 ? Math.floor(random() * 60) : 0;
        profile.login_count.values.push(logins);
        profile.last_login_stamp.values.push(logins > 0 ? iso(created + random() * (now - created)) : null);
        audit(profile, stamp);
        if (isOrganization) {
          organizationId += 1;
          const legalForm = pickOf(catalogue.legalForms);
          const trade = pickOf(ORGANIZATION_TRADES[language]);
          const name = `${lastname} ${trade}${LEGAL_SUFFIX[legalForm.name] ? ` ${LEGAL_SUFFIX[legalForm.name]}` : ''}`;
          const slug = asciiOf(`${lastname}-${trade}`);
          profile.person_id.values.push(null);
          profile.organization_id.values.push(organizationId);
          profile.email.values.push(uniqueEmail(`info.${slug}`, 'kmu-mail.ch'));
          profile.phone.values.push(
            `+41 ${zip.startsWith('8') ? '44' : '31'} ${digits(random, 3)} ${digits(random, 2)} ${digits(random, 2)}`,
          );
          organization.id.values.push(organizationId);
          organization.name.values.push(name);
          organization.uid.values.push(`CHE-${digits(random, 3)}.${digits(random, 3)}.${digits(random, 3)}`);
          organization.website.values.push(`https://www.${slug}.ch`);
          const orgCategory = category(random);
          organization.org_category_id.values.push(orgCategory.id);
          organization.legal_form_id.values.push(legalForm.id);
          organization.org_identification_level_id.values.push(
            catalogue.orgLevels.length > 0 ? pickOf(catalogue.orgLevels).id : null,
          );
          organization.signature_type.values.push(random() < 0.7 ? 'Single' : 'Collective');
          audit(organization, stamp);
          for (let index = 0; index < (random() < 0.6 ? 1 : 2); index += 1) {
            signatoryId += 1;
            const signatoryGender = random() < 0.5 ? 'Female' : 'Male';
            const signatoryFirstname = pickOf(firstnames[language][signatoryGender]);
            const signatoryLastname = index === 0 ? lastname : lastnames[language](random);
            signatory.id.values.push(signatoryId);
            signatory.organization_id.values.push(organizationId);
            signatory.is_requester.values.push(index === 0);
            signatory.type.values.push(index === 0 ? 'Signer' : 'Representative');
            signatory.gender.values.push(signatoryGender);
            signatory.firstname.values.push(signatoryFirstname);
            signatory.lastname.values.push(signatoryLastname);
            signatory.email.values.push(
              `${asciiOf(signatoryFirstname)}.${asciiOf(signatoryLastname)}@${slug}.ch`,
            );
            audit(signatory, stamp);
          }
          for (const roleId of orgCategory.roleIds) {
            role.profile_id.values.push(id);
            role.role_id.values.push(roleId);
            role.validity_start_stamp.values.push(stamp);
            role.source.values.push('OrgCategory');
            audit(role, stamp);
          }
        } else {
          personId += 1;
          const email = uniqueEmail(`${asciiOf(firstname)}.${asciiOf(lastname)}`, domain(random)[0]);
          profile.person_id.values.push(personId);
          profile.organization_id.values.push(null);
          profile.email.values.push(email);
          profile.phone.values.push(
            random() < 0.4
              ? `+41 ${digits(random, 2)} ${digits(random, 3)} ${digits(random, 2)} ${digits(random, 2)}`
              : null,
          );
          account.id.values.push(personId);
          account.username.values.push(email);
          account.password_hash.values.push(
            random() < 0.3 ? passwordHashes[personId % passwordHashes.length] : null,
          );
          account.is_signup_complete.values.push(random() < 0.95);
          account.is_local.values.push(random() < 0.3);
          account.has_seen_own_profile.values.push(random() < 0.8);
          audit(account, stamp);
          person.id.values.push(personId);
          person.account_id.values.push(personId);
          person.firstname.values.push(firstname);
          person.lastname.values.push(lastname);
          person.gender.values.push(gender);
          person.ahv_number.values.push(random() < 0.7 ? ahvNumber(random) : null);
          person.mobile_phone.values.push(
            random() < 0.6
              ? `+41 7${pickOf(['6', '7', '8', '9'])} ${digits(random, 3)} ${digits(random, 2)} ${digits(random, 2)}`
              : null,
          );
          person.birthdate.values.push(iso(now - (18 + random() * 75) * YEAR));
          person.marital_status_id.values.push(
            catalogue.maritalStatuses.length > 0 && random() < 0.8
              ? pickOf(catalogue.maritalStatuses).id
              : null,
          );
          audit(person, stamp);
          // Identities at the two providers: most have the first, many the second, a few none.
          const [firstProvider, secondProvider] = catalogue.providers;
          for (const [provider, share, externalId] of [
            [
              firstProvider,
              0.7,
              `${firstProvider.name.toLowerCase()}-${(1_000_000_000 + personId).toString(36)}`,
            ],
            [
              secondProvider,
              0.4,
              `${secondProvider.name.toLowerCase()}-${(2_000_000_000 + personId * 7).toString(36)}`,
            ],
          ]) {
            if (random() >= share) continue;
            identity.identity_provider_id.values.push(provider.id);
            identity.account_id.values.push(personId);
            identity.identification_level_id.values.push(pickOf(catalogue.identificationLevels).id);
            identity.external_id.values.push(externalId);
            identity.profile_id.values.push(id);
            audit(identity, stamp);
          }
          role.profile_id.values.push(id);
          role.role_id.values.push(catalogue.citizen.id);
          role.validity_start_stamp.values.push(stamp);
          role.source.values.push('Direct');
          audit(role, stamp);
          if (catalogue.settings.length > 0 && random() < 0.25) {
            setting.profile_id.values.push(id);
            setting.service_setting_id.values.push(pickOf(catalogue.settings).id);
            setting.value.values.push(random() < 0.7 ? 'true' : 'false');
            audit(setting, stamp);
          }
        }
      }

      await written;
      written = writeChunk(async () => {
        await insertColumns(client, 'account', account);
        await insertColumns(client, 'person', person);
        await insertColumns(client, 'organization', organization);
        await insertColumns(client, 'signatory', signatory);
        // The folded search columns as the migrations' trigger writes them (profile_search_text_of):
        // with its functions, and the person's folded names as its trigger wrote them.
        const profileNames = Object.keys(profile);
        await client.query(
          `INSERT INTO profile (${profileNames.map((name) => `"${name}"`).join(', ')},
             search_text, email_local_search, email_domain_search, city_search, zip_code_search,
             firstname_search, lastname_search)
         SELECT u.*, profile_search_text(u.email, u.external_key, u.person_id, u.organization_id),
           profile_search_folded(profile_email_local(u.email)), profile_search_folded(profile_email_domain(u.email)),
           profile_search_folded(u.city), profile_search_folded(u.zip_code), pe.firstname_search, pe.lastname_search
           FROM unnest(${profileNames.map((name, index) => `$${index + 1}::${profile[name].type}[]`).join(', ')})
             AS u(${profileNames.map((name) => `"${name}"`).join(', ')})
           LEFT JOIN person pe ON pe.id = u.person_id`,
          profileNames.map((name) => profile[name].values),
        );
        await insertColumns(client, 'identity', identity);
        await insertColumns(client, 'profile_role', role);
        await insertColumns(client, 'service_setting_value', setting);
        step(`profiles ${first}..${last}`);
      });
    }
    await written;

    const procurations = await seedProcurations(client, catalogue, count);
    step(
      `procurations: ${procurations.busy} inbound of profile 1, ${procurations.owners} organization owners`,
    );

    await client.query(`ALTER TABLE profile ENABLE TRIGGER tr_profile_search_text`);
    // The distinct values the trigger would have added row by row (migration SearchByDistinctValues).
    await client.query(`SELECT search_value_fill()`);
    for (const table of LOADED_TABLES) {
      await client.query(
        `SELECT setval(pg_get_serial_sequence($1, 'id'), coalesce(max(id), 0) + 1, false) FROM ${table}`,
        [table],
      );
    }
    await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
    for (const index of indexes) {
      await client.query(index.definition);
      step(`index ${index.name}`);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  // Statistics for the planner, and the visibility map, so that index-only scans (the joins of
  // the person filters to their profiles) skip the heap as they would after autovacuum.
  await client.query(`VACUUM (ANALYZE) ${LOADED_TABLES.join(', ')}`);
  step('vacuumed and analyzed');
  return { count, seconds: (Date.now() - started) / 1000 };
}

/**
 * Most people hold no procuration. Profile 1 represents the next 1,000 persons, each with some of
 * the citizen services agreed; every organization has an Owner procuration to the person
 * profile created just before it, with the services its roles reach (contract 6: automated
 * update of procuration services).
 */
async function seedProcurations(client, catalogue, count) {
  const principals = [];
  for (let id = 2; principals.length < BUSY_REPRESENTATIVE_PRINCIPALS && id <= count; id += 1) {
    if (id % ORGANIZATION_EVERY !== 0) principals.push(id);
  }
  const start = `date_trunc('day', now()) - interval '30 days'`;
  const validity = `${start}, ${start} + interval '365 days', ${start} + interval '335 days'`;
  const busy = await client.query(
    `INSERT INTO procuration (principal_profile_id, representative_profile_id, validity_start_stamp, validity_end_stamp,
        renewable_from_date, delegation_mode, created_by, create_stamp, updated_by, update_stamp)
     SELECT principal, 1, ${validity}, 'Unitary', $2, now(), $2, now() FROM unnest($1::int[]) AS principal
     RETURNING id`,
    [principals, SEEDER],
  );
  const serviceIds = catalogue.citizenServices.map((service) => service.id);
  if (serviceIds.length > 0) {
    // Each agreed a leading run of the citizen services (one to all of them).
    await client.query(
      `INSERT INTO procuration_service (procuration_id, service_id, validity_start_stamp, created_by, create_stamp, updated_by, update_stamp)
       SELECT p.id, s.id, p.validity_start_stamp, $3, now(), $3, now()
         FROM procuration p CROSS JOIN LATERAL unnest($2::int[]) WITH ORDINALITY AS s(id, n)
        WHERE p.id = ANY($1::int[]) AND s.n <= 1 + p.id % cardinality($2::int[])`,
      [busy.rows.map((row) => row.id), serviceIds, SEEDER],
    );
  }
  const owners = await client.query(
    `INSERT INTO procuration (principal_profile_id, representative_profile_id, validity_start_stamp, validity_end_stamp,
        renewable_from_date, person_in_organization_function, delegation_mode, created_by, create_stamp, updated_by, update_stamp)
     SELECT p.id, p.id - 1, ${validity}, 'Owner', 'Global', $1, now(), $1, now()
       FROM profile p WHERE p.organization_id IS NOT NULL
     RETURNING id`,
    [SEEDER],
  );
  await client.query(
    `INSERT INTO procuration_service (procuration_id, service_id, validity_start_stamp, created_by, create_stamp, updated_by, update_stamp)
     SELECT DISTINCT ON (pr.id, s.id) pr.id, s.id, pr.validity_start_stamp, $1, now(), $1, now()
       FROM procuration pr
       JOIN profile_role r ON r.profile_id = pr.principal_profile_id AND r.validity_start_stamp <= now()
       JOIN service_role sr ON sr.role_id = r.role_id
       JOIN service s ON s.id = sr.service_id AND s.is_procuration_available
      WHERE pr.person_in_organization_function IN ('Owner', 'Manager')`,
    [SEEDER],
  );
  return { busy: busy.rowCount, owners: owners.rowCount };
}

module.exports = { seedProfiles, SEED_PASSWORDS, BUSY_REPRESENTATIVE_PRINCIPALS };
