import { applyDecorators } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';

import { ApiBodyExamples } from '@portal/http-context';
import { ApiProblemResponses } from '@portal/problem-details';

import {
  DeleteDocs,
  NOT_FOUND,
  ReadDocs,
  readProjection,
  ResourceDocs,
  sentences,
  WriteDocs,
  writeProjection,
} from '../common/operation-docs';
import { ProfileIdParam } from '../common/profile-path';
import { ProfileResponse } from './dto/profile.response';
import { CreateProfileDto, UpdateProfileDto } from './dto/profile-write.dto';

export const ProfilesDocs = (): ClassDecorator => ResourceDocs('Profiles');

const LIST_DESCRIPTION = sentences(
  'Every filter of ProfilesListFilters, combined with AND (`Keyword` and the `...Contains` filters are',
  'case- and accent-insensitive substrings, umlauts also as their transliterations: `geneve` finds Genève, `bosch` and',
  '`boesch` find Bösch; `OrganizationValidationPerimeter` entries are `LEGALFORMCODE:CATEGORYCODE`, `*` for any).',
  'Paged: `PageNumber` (from 1), `PageSize` (default 50, at most 1000, at most 50 with `Expand=ProfilePicture` and',
  '`IncludeCustomImageBytes=true`; -1 for every profile the filters keep, however many: streamed as it is read), with the exact total in',
  '`X-Pagination-Total-Count`. `OrderBy` over the profile and, dotted, its person (`person.lastname`) and organization',
  '(`organization.name`); every order ends with `id`. `Expand` as on a read.',
);

export const CountProfilesDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({
      summary: 'Count profiles: the pagination headers of the list, no body',
      description: LIST_DESCRIPTION,
    }),
    ApiProblemResponses(400),
  );

export const ListProfilesDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({
      summary: 'List profiles',
      description: sentences(
        LIST_DESCRIPTION,
        '`HeadersOnly=true` gives the headers and an empty array.',
        readProjection('profile'),
      ),
    }),
    ApiProblemResponses(400),
  );

export const CreateProfileDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({
      summary: 'Create a person or an organization profile',
      description: sentences(
        'Exactly one of `person` (with its `account`) and `organization` (with its `signatories`), written in one',
        'transaction. A person profile receives the citizen role, an organization profile the roles of its category.',
        'The password is stored as an argon2id hash and never returned. Usernames are unique case-insensitively,',
        'external keys unique; a violation, or a reference to a record that does not exist, is a 400 on its path.',
        writeProjection('profile'),
      ),
    }),
    ApiBodyExamples(CreateProfileDto, {
      person: {
        summary: 'A person profile with its account (marital status Married, demo status 2)',
        value: {
          email: 'anna.muster@bluewin.ch',
          language: 'de',
          phone: '+41 44 123 45 67',
          address: 'Bahnhofstrasse 12',
          zipCode: '8001',
          city: 'Zürich',
          countryCode: 'CH',
          person: {
            firstname: 'Anna',
            lastname: 'Muster',
            gender: 'Female',
            birthdate: '1986-04-23T00:00:00.000Z',
            maritalStatusId: 2,
            account: { username: 'anna.muster', password: 'Velo-Fahrt-2026!' },
          },
          createdBy: 'luca.bernasconi',
        },
      },
      organization: {
        summary:
          'An organization profile: a company limited by shares (demo legal form 4, category Company 1)',
        value: {
          email: 'info@baeckerei-keller.ch',
          language: 'de',
          zipCode: '3011',
          city: 'Bern',
          countryCode: 'CH',
          organization: {
            name: 'Bäckerei Keller AG',
            uid: 'CHE-123.456.789',
            legalFormId: 4,
            orgCategoryId: 1,
            orgIdentificationLevelId: 2,
            signatureType: 'Single',
            signatories: [
              {
                isRequester: true,
                type: 'Signer',
                firstname: 'Beat',
                lastname: 'Keller',
                email: 'beat.keller@baeckerei-keller.ch',
              },
            ],
          },
          createdBy: 'luca.bernasconi',
        },
      },
    }),
    ApiCreatedResponse({
      type: ProfileResponse,
      description: 'With person.account or organization.signatories.',
    }),
    ApiProblemResponses(400, 413, 415),
  );

export const ReadProfileDocs = (): MethodDecorator =>
  ReadDocs(
    {
      summary: 'Read a profile',
      description: sentences(
        '`Expand`: Person, Person_MaritalStatus, Person_Account, Person_Account_Identities, Organization,',
        'Organization_LegalForm, Organization_Category, Organization_IdentificationLevel, Organization_Signatories,',
        'ProfilePicture; a dotted value brings its parents. A nested object is absent unless expanded, null where the',
        'profile has none. `IncludeCustomImageBytes=true` adds the picture as base64.',
        NOT_FOUND,
        readProjection('profile'),
      ),
    },
    ProfileResponse,
    ProfileIdParam(),
  );

export const UpdateProfileDocs = (): MethodDecorator =>
  applyDecorators(
    WriteDocs(
      {
        summary: 'Update a profile',
        description: sentences(
          'A property left out keeps its value; null clears a nullable one. `hasLoggedIn: true` counts a sign-in',
          '(`loginCount` + 1, `lastLoginStamp` now unless given, `inactivityState` Active). `person` fits a person profile',
          'only, `organization` an organization profile only; a new `orgCategoryId` replaces the roles the old category',
          'gave. `zipCode` takes up to 12 characters here.',
          NOT_FOUND,
          writeProjection('profile'),
        ),
      },
      UpdateProfileDto,
      {
        signIn: {
          summary: 'Profile 1 signed in: one more login, Active again',
          value: { hasLoggedIn: true, updatedBy: 'login-service' },
        },
        contact: {
          summary: 'Profile 1 has a new phone number and no fax',
          value: {
            phone: '+41 31 987 65 43',
            fax: null,
            acceptsAdvertisement: false,
            updatedBy: 'luca.bernasconi',
          },
        },
      },
      ProfileIdParam(),
    ),
    ApiOkResponse({ type: ProfileResponse, description: 'With person.account or organization.signatories.' }),
  );

export const DeleteProfileDocs = (): MethodDecorator =>
  DeleteDocs(
    {
      summary: 'Delete a profile and what belongs to it',
      description: sentences(
        'Answers 204. Its account or organization and signatories, identities, roles, setting values, favorites,',
        'picture, and the procurations where it is principal, representative or delegator go with it.',
        NOT_FOUND,
        'The example is a demo profile kept for it, one per version (Sophie Favre, Elena Ferrari).',
      ),
    },
    ProfileIdParam({ 'v10-0': 4, 'v9-1': 5 }),
  );
