import { randomUUID } from 'node:crypto';

import { DEMO_DATA_AUTHOR, type DemoDataSet, type DemoDataWriter } from '@portal/database';

import { FavoriteServiceEntity } from '../profiles/favorites/favorite-service.entity';
import { IdentityEntity } from '../profiles/identities/identity.entity';
import { inviteTokenDigest } from '../procurations/procuration-invite-token';
import { ProcurationInviteEntity } from '../procurations/entities/procuration-invite.entity';
import { linkProcurationService } from '../service-reach/procuration-links';
import type { WriteProcurationDto } from '../procurations/dto/procuration.dto';
import type { ProcurationsService } from '../procurations/procurations.service';
import type { RoleAssignments } from '../service-reach/role-assignments.service';
import { AccountEntity } from '../profiles/entities/account.entity';
import { OrganizationEntity } from '../profiles/entities/organization.entity';
import { PersonEntity } from '../profiles/entities/person.entity';
import { ProfilePictureEntity } from '../profiles/profile-pictures/profile-picture.entity';
import { ProfileEntity } from '../profiles/entities/profile.entity';
import { ServiceSettingValueEntity } from '../profiles/profile-settings/service-setting-value.entity';

/**
 * The open invite's token: the example of `{token}` in the OpenAPI document, so that "Try it out"
 * of `GET /procuration-invites/{token}` finds it on a fresh `npm start`. Public, like all demo data.
 */
export const DEMO_INVITE_TOKEN = 'Vq3kT0b9xYc2LmN8pRsU5wZ1aE4fH7jK6dG0iO2uQyA';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo profiles (SEED_DEMO_PROFILES), in the order that gives them ids 1 to 7 on a fresh
 * database, the ids the document's path examples use: 1 a person with an AGOV identity, 2 an
 * organization (category Company, so it holds Business), 3 a person who represents 2; 4 and 5
 * persons the profile delete examples of v10-0 and v9-1 remove; 6 and 7 persons whose
 * procurations the procuration delete examples remove (DEMO_PROCURATIONS). Each is found again
 * by its external key, so `always` adds only what is missing. None uses the name, username or
 * email of the document's create examples.
 */
const PERSONS = [
  {
    externalKey: 'demo-person-marco-rossi',
    email: 'marco.rossi@sunrise.ch',
    language: 'it',
    city: 'Bellinzona',
    zipCode: '6500',
    person: { firstname: 'Marco', lastname: 'Rossi', gender: 'Male', maritalStatus: 'Single' },
    username: 'marco.rossi',
  },
  {
    externalKey: 'demo-person-laura-meier',
    email: 'laura.meier@gmx.ch',
    language: 'de',
    city: 'Luzern',
    zipCode: '6003',
    person: { firstname: 'Laura', lastname: 'Meier', gender: 'Female', maritalStatus: 'Married' },
    username: 'laura.meier',
  },
  {
    externalKey: 'demo-person-sophie-favre',
    email: 'sophie.favre@bluewin.ch',
    language: 'fr',
    city: 'Lausanne',
    zipCode: '1003',
    person: { firstname: 'Sophie', lastname: 'Favre', gender: 'Female', maritalStatus: 'Divorced' },
    username: 'sophie.favre',
  },
  {
    externalKey: 'demo-person-elena-ferrari',
    email: 'elena.ferrari@ticino.com',
    language: 'it',
    city: 'Locarno',
    zipCode: '6600',
    person: { firstname: 'Elena', lastname: 'Ferrari', gender: 'Female', maritalStatus: 'Single' },
    username: 'elena.ferrari',
  },
  {
    externalKey: 'demo-person-nicole-keller',
    email: 'nicole.keller@treuhand-keller.ch',
    language: 'de',
    city: 'Basel',
    zipCode: '4051',
    person: { firstname: 'Nicole', lastname: 'Keller', gender: 'Female', maritalStatus: 'Married' },
    username: 'nicole.keller',
  },
  {
    externalKey: 'demo-person-thomas-baumann',
    email: 'thomas.baumann@hispeed.ch',
    language: 'de',
    city: 'St. Gallen',
    zipCode: '9000',
    person: { firstname: 'Thomas', lastname: 'Baumann', gender: 'Male', maritalStatus: 'Married' },
    username: 'thomas.baumann',
  },
] as const;

/**
 * The procurations besides Laura Meier's for Schreinerei Huber, by profile id: the ones the
 * procuration delete examples remove (outbound: 2 to 6 under v10-0, 1 to 6 under v9-1; inbound:
 * 7 gives up 1's under v10-0, 3's under v9-1). The create examples' pairs (2 to 1, 2 to 7) are
 * left out, so that they create.
 */
const DEMO_PROCURATIONS = [
  [2, 6],
  [1, 6],
  [1, 7],
  [3, 7],
] as const;

const ORGANIZATION = {
  externalKey: 'demo-organization-schreinerei-huber',
  email: 'info@schreinerei-huber.ch',
  language: 'de',
  city: 'Winterthur',
  zipCode: '8400',
  name: 'Schreinerei Huber GmbH',
  uid: 'CHE-109.322.551',
  category: 'Company',
  legalForm: 'LimitedLiabilityCompany',
  orgIdentificationLevel: 'UidRegistered',
} as const;

/** Tables whose rows make the profiles "not empty" for `auto`. */
const PROFILE_TABLES = ['profile'];

/**
 * Demo profiles for development, on top of the demo catalogue (which they refer to by name):
 * persons and an organization with their roles, an identity, a picture and a setting value of
 * profile 1, a procuration with services and an open invite. One transaction, like every demo data set; never loaded in production
 * (ProfileEnvironment refuses SEED_DEMO_PROFILES there).
 */
export const demoProfiles = (
  roleAssignments: RoleAssignments,
  procurations: ProcurationsService,
): DemoDataSet => ({
  label: 'demo profiles',
  setting: 'SEED_DEMO_PROFILES',
  lockName: 'profile-service:demo-profiles',
  tables: PROFILE_TABLES,
  load: (writer) => load(writer, roleAssignments, procurations),
});

async function idByName(writer: DemoDataWriter, table: string, name: string): Promise<number> {
  const [row] = await writer.manager.query<{ id: number }[]>(
    `SELECT id FROM "${table}" WHERE lower(name) = lower($1)`,
    [name],
  );
  if (!row)
    throw new Error(
      `The demo profiles refer to ${table} '${name}' of the demo catalogue, which is missing (SEED_DEMO_DATA).`,
    );
  return row.id;
}

async function settingIdOf(writer: DemoDataWriter, service: string, setting: string): Promise<number> {
  const [row] = await writer.manager.query<{ id: number }[]>(
    `SELECT service_setting.id FROM service_setting JOIN service ON service.id = service_setting.service_id
      WHERE lower(service.name) = lower($1) AND lower(service_setting.name) = lower($2)`,
    [service, setting],
  );
  if (!row)
    throw new Error(
      `The demo profiles refer to the setting '${setting}' of the service '${service}' of the demo catalogue, which is missing (SEED_DEMO_DATA).`,
    );
  return row.id;
}

async function profileIdOf(writer: DemoDataWriter, externalKey: string): Promise<number | undefined> {
  const [row] = await writer.manager.query<{ id: number }[]>(
    'SELECT id FROM profile WHERE external_key = $1',
    [externalKey],
  );
  return row?.id;
}

/** Inserts the profile row with its audit fields; the one writer of initial roles gives its roles. */
async function insertProfile(
  writer: DemoDataWriter,
  roleAssignments: RoleAssignments,
  row: Record<string, unknown>,
  orgCategoryId?: number,
): Promise<number> {
  const inserted = await writer.insert(ProfileEntity, row);
  // Its external key was looked up just before, under the data set's lock: the row is new.
  if (!inserted) throw new Error(`The demo profile '${String(row['externalKey'])}' could not be inserted.`);
  const id = inserted['id'] as number;
  await roleAssignments.giveInitialRoles(writer.manager, { id, orgCategoryId }, DEMO_DATA_AUTHOR, new Date());
  const [{ roles }] = await writer.manager.query<{ roles: number }[]>(
    'SELECT count(*)::int AS roles FROM profile_role WHERE profile_id = $1',
    [id],
  );
  writer.count('profile_role', roles);
  return id;
}

async function loadPerson(
  writer: DemoDataWriter,
  roleAssignments: RoleAssignments,
  entry: (typeof PERSONS)[number],
): Promise<number> {
  const existing = await profileIdOf(writer, entry.externalKey);
  if (existing !== undefined) return existing;
  const account = await writer.insert(AccountEntity, { username: entry.username, passwordHash: null });
  if (!account)
    throw new Error(`The demo username '${entry.username}' is taken by a profile that is not a demo one.`);
  const person = await writer.insert(PersonEntity, {
    accountId: account['id'],
    firstname: entry.person.firstname,
    lastname: entry.person.lastname,
    gender: entry.person.gender,
    maritalStatusId: await idByName(writer, 'marital_status', entry.person.maritalStatus),
  });
  return insertProfile(writer, roleAssignments, {
    externalKey: entry.externalKey,
    email: entry.email,
    language: entry.language,
    city: entry.city,
    zipCode: entry.zipCode,
    countryCode: 'CH',
    personId: person?.['id'],
  });
}

async function loadOrganization(writer: DemoDataWriter, roleAssignments: RoleAssignments): Promise<number> {
  const entry = ORGANIZATION;
  const existing = await profileIdOf(writer, entry.externalKey);
  if (existing !== undefined) return existing;
  const orgCategoryId = await idByName(writer, 'org_category', entry.category);
  const organization = await writer.insert(OrganizationEntity, {
    name: entry.name,
    uid: entry.uid,
    orgCategoryId,
    legalFormId: await idByName(writer, 'legal_form', entry.legalForm),
    orgIdentificationLevelId: await idByName(
      writer,
      'org_identification_level',
      entry.orgIdentificationLevel,
    ),
    signatureType: 'Single',
  });
  return insertProfile(
    writer,
    roleAssignments,
    {
      externalKey: entry.externalKey,
      email: entry.email,
      language: entry.language,
      city: entry.city,
      zipCode: entry.zipCode,
      countryCode: 'CH',
      organizationId: organization?.['id'],
    },
    orgCategoryId,
  );
}

async function load(
  writer: DemoDataWriter,
  roleAssignments: RoleAssignments,
  procurations: ProcurationsService,
): Promise<void> {
  const marco = await loadPerson(writer, roleAssignments, PERSONS[0]);
  const huber = await loadOrganization(writer, roleAssignments);
  const ids = [marco, huber];
  for (const person of PERSONS.slice(1)) ids.push(await loadPerson(writer, roleAssignments, person));
  const laura = ids[2];
  const [{ account_id: accountId }] = await writer.manager.query<{ account_id: number }[]>(
    'SELECT account_id FROM person JOIN profile ON profile.person_id = person.id WHERE profile.id = $1',
    [marco],
  );
  // Marco runs a sole proprietorship: Business, given directly, which the role delete examples take.
  const business = await idByName(writer, 'role', 'Business');
  const [held] = await writer.manager.query<unknown[]>(
    'SELECT 1 FROM profile_role WHERE profile_id = $1 AND role_id = $2',
    [marco, business],
  );
  if (!held) {
    await roleAssignments.giveDirectly(writer.manager, marco, business, new Date(), DEMO_DATA_AUTHOR);
    writer.count('profile_role', 1);
  }
  await writer.insert(IdentityEntity, {
    identityProviderId: await idByName(writer, 'identity_provider', 'AGOV'),
    accountId,
    identificationLevelId: await idByName(writer, 'identification_level', 'Substantial'),
    externalId: 'agov-demo-7421',
    profileId: marco,
    metadata: null,
  });
  // What the document's reads of profile 1 (v10-0) and 3 (v9-1) name, so that they answer before
  // any write example ran, and each version's delete removes its own.
  const paperless = await settingIdOf(writer, 'tax-return', 'paperless');
  for (const profileId of [marco, laura]) {
    await writer.insert(ProfilePictureEntity, {
      profileId,
      uniqueId: randomUUID(),
      customImageType: null,
      customImageBytes: null,
      defaultImageUrl: 'https://portal.demo.ch/images/profile-default.png',
      defaultSmallImageUrl: 'https://portal.demo.ch/images/profile-default-small.png',
    });
    await writer.insert(ServiceSettingValueEntity, {
      profileId,
      serviceSettingId: paperless,
      value: 'true',
      encryptedValue: null,
    });
  }
  // The favorite the favorite delete examples remove first in reverse order: change-of-address.
  await writer.insert(FavoriteServiceEntity, {
    profileId: marco,
    representativeProfileId: null,
    delegatorProfileId: null,
    serviceId: await idByName(writer, 'service', 'change-of-address'),
    sortOrder: 1,
  });
  await loadProcuration(writer, procurations, huber, laura, [
    'vat-declaration',
    'commercial-register-extract',
    'tax-payment',
  ]);
  // Laura's favorite within it, vat-declaration, which the procuration favorite examples change.
  await writer.insert(FavoriteServiceEntity, {
    profileId: huber,
    representativeProfileId: laura,
    delegatorProfileId: null,
    serviceId: await idByName(writer, 'service', 'vat-declaration'),
    sortOrder: 1,
  });
  for (const [principal, representative] of DEMO_PROCURATIONS)
    await loadProcuration(writer, procurations, ids[principal - 1], ids[representative - 1], []);
  const now = new Date();
  await writer.insert(ProcurationInviteEntity, {
    principalProfileId: marco,
    description: 'Marco Rossi invites someone to order his residence certificate',
    token: inviteTokenDigest(DEMO_INVITE_TOKEN),
    expirationStamp: new Date(now.getTime() + 365 * DAY_MS),
    // A service open to procurations (isProcurationAvailable), so that the invite can be approved.
    serviceIds: [await idByName(writer, 'service', 'residence-certificate')],
  });
}

/**
 * A procuration of the shared writer with the named services (Laura Meier acts for Schreinerei
 * Huber in vat-declaration, commercial-register-extract and tax-payment); an organization's
 * representative is its Collaborator.
 */
async function loadProcuration(
  writer: DemoDataWriter,
  procurations: ProcurationsService,
  principalProfileId: number,
  representativeProfileId: number,
  services: readonly string[],
): Promise<void> {
  const key = { principalProfileId, representativeProfileId, delegatorProfileId: null };
  const [existing] = await writer.manager.query<unknown[]>(
    `SELECT 1 FROM procuration WHERE principal_profile_id = $1 AND representative_profile_id = $2
        AND delegator_profile_id IS NULL`,
    [principalProfileId, representativeProfileId],
  );
  if (existing) return;
  const [{ organization }] = await writer.manager.query<{ organization: boolean }[]>(
    'SELECT organization_id IS NOT NULL AS organization FROM profile WHERE id = $1',
    [principalProfileId],
  );
  const body: WriteProcurationDto = {
    createdBy: DEMO_DATA_AUTHOR,
    ...(organization ? { personInOrganizationFunction: 'Collaborator' as const } : {}),
  };
  const procuration = await procurations.insert(writer.manager, key, body);
  writer.count('procuration', 1);
  for (const service of services) {
    // Through the seam, the one writer of procuration_service.
    await linkProcurationService(
      writer.manager,
      procuration.id,
      await idByName(writer, 'service', service),
      procuration.validityStartStamp,
      DEMO_DATA_AUTHOR,
    );
    writer.count('procuration_service', 1);
  }
}
