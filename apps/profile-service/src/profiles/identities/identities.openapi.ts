import { applyDecorators } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';

import { ApiProblemResponses } from '@portal/problem-details';

import {
  DeleteDocs,
  IdParam,
  ListDocs,
  NOT_FOUND,
  ORDER_BY,
  PAGING,
  readProjection,
  ResourceDocs,
  sentences,
  UPSERT,
  WriteDocs,
  writeProjection,
} from '../../common/operation-docs';
import { ProfileIdParam } from '../../common/profile-path';
import { UpsertIdentityDto } from './identity.dto';

/** Both controllers: `/identities` and `/profiles/{profileId}/identities`. */
export const IdentitiesDocs = (): ClassDecorator => ResourceDocs('Identities');

const EXPANSIONS =
  '`Expand=Account` and `Expand=IdentificationLevel` include those objects, projected by their own entity keys.';

/** The demo catalogue's provider AGOV. */
const IdentityProviderIdParam = (): MethodDecorator => IdParam('identityProviderId', 1);

export const ListIdentitiesDocs = (): MethodDecorator =>
  applyDecorators(
    ApiOperation({
      summary: 'List identities, by external id or identity provider name',
      description: sentences(
        'The identities of every person profile; they are written through their profile.',
        'Filters: `ExternalId` (exact); `IdpName`: the identities of the provider of this name (case-insensitive equality).',
        EXPANSIONS,
        PAGING,
        ORDER_BY,
        readProjection('identity'),
      ),
    }),
    ApiProblemResponses(400),
  );

export const ListProfileIdentitiesDocs = (): MethodDecorator =>
  ListDocs(
    {
      summary: 'List the identities of a profile',
      description: sentences(EXPANSIONS, PAGING, ORDER_BY, NOT_FOUND, readProjection('identity')),
    },
    ProfileIdParam(),
  );

export const UpsertProfileIdentityDocs = (): MethodDecorator =>
  WriteDocs(
    {
      summary: 'Link a person profile to an identity provider, or update its link',
      description: sentences(
        UPSERT,
        'The identity belongs to the profile and its account. `externalId` is unique per identity provider ' +
          '(400 on `externalId` when another profile holds it); an organization profile has no identities (400 on ' +
          '`profileId`); an unknown identification level is a 400 on `identificationLevelId`.',
        NOT_FOUND,
        writeProjection('identity'),
      ),
    },
    UpsertIdentityDto,
    {
      agov: {
        summary:
          'Profile 1 signs in with AGOV (demo provider 1), identified at level Substantial (demo level 3)',
        value: {
          identificationLevelId: 3,
          externalId: 'agov-4f1c9e27-8d52',
          metadata: { loginEmail: 'anna.muster@bluewin.ch', assuranceLevel: 'substantial' },
          createdBy: 'luca.bernasconi',
        },
      },
    },
    ProfileIdParam(),
    IdentityProviderIdParam(),
  );

export const DeleteProfileIdentityDocs = (): MethodDecorator =>
  DeleteDocs(
    { summary: 'Unlink a profile from an identity provider', description: NOT_FOUND },
    ProfileIdParam(),
    IdentityProviderIdParam(),
  );
