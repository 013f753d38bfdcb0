import { applyDecorators, type Type } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';

import type { BodyExample } from '@portal/http-context';
import type { ExampleByVersion } from '@portal/service-runtime';

import {
  DeleteDocs,
  IdParam,
  ListDocs,
  NOT_FOUND,
  PAGING,
  ReadDocs,
  readProjection,
  ResourceDocs,
  sentences,
  UPSERT,
  WriteDocs,
  writeProjection,
} from '../common/operation-docs';
import { ProfileIdParam } from '../common/profile-path';
import { UpsertFavoriteServiceDto } from '../profiles/favorites/favorite-service.dto';
import { ProfileServiceResponse } from '../profiles/profile-services/profile-service.response';
import { ProcurationServiceResponse } from '../service-reach/procuration-service.response';
import { ProcurationServiceBodyDto } from './dto/procuration-service.dto';
import {
  PatchInboundProcurationDto,
  PatchOutboundProcurationDto,
  WriteProcurationDto,
} from './dto/procuration.dto';
import { ProcurationResponse } from './dto/procuration.response';

/**
 * The OpenAPI text of the procuration routes, outbound and inbound. The operations both sides
 * serve are documented by one factory each, in the words of the side.
 */

/** Outbound: the path's profile is the principal; inbound: the representative. */
export type ProcurationSideName = 'Outbound' | 'Inbound';

export const ProcurationsDocs = (): ClassDecorator => ResourceDocs('Procurations');

/*
 * The path parameters' examples are the demo profiles of a fresh `npm start` (SEED_DEMO_PROFILES):
 * 1 a person (Marco Rossi), 2 an organization (Schreinerei Huber GmbH, category Company), 3 a
 * person (Laura Meier) who already acts for 2.
 */

type Example = number | ExampleByVersion<number>;

/** The principal and the representative of a procuration the examples address. */
const procurationParams = (principal: Example, representative: Example): MethodDecorator =>
  applyDecorators(
    IdParam('principalProfileId', principal, 'int32 identifier of the principal.'),
    IdParam('representativeProfileId', representative, 'int32 identifier of the representative.'),
  );

/**
 * Laura Meier (3) for Schreinerei Huber (2), the demo procuration every read, replace, renewal and
 * service link example of both versions addresses: it is never deleted.
 */
const DemoProcurationParams = (): MethodDecorator => procurationParams(2, 3);

/**
 * A service of the demo procuration: 7, vat-declaration (procuration-available, granted to
 * companies), read and marked as favorite; 2, tax-payment, the one the link examples replace and
 * delete.
 */
const ProcurationServiceIdParam = (example: 7 | 2 = 7): MethodDecorator => IdParam('serviceId', example);

const DELEGATOR =
  '`DelegatorProfileId` (query) selects the procuration through that delegator; absent, the one without delegator.';
const OUTBOUND_FILTERS = sentences(
  'Filters of interfaces 4.3, combined with AND: `RepresentativeProfileId`, `DelegatorProfileId`, `IncludeDelegations`',
  '(false: only those without delegator), `IsOrgOwner`, `IsOrgManagerOrOwner`, `RepresentativeProfileKeyword`',
  "(case- and accent-insensitive substring of the representative's email, names, organization name and uid, external key),",
  '`HasAccessToServiceId` (a link to the service whose start has passed). `Expand`: ProcurationsExpand;',
  '`IncludeCustomImageBytes` with a ..._ProfilePicture expansion.',
);
const INBOUND_FILTERS = sentences(
  'Filters of interfaces 4.3, combined with AND: `PrincipalProfileId`, `DelegatorProfileId`, `IncludeDelegations`',
  '(false: only those without delegator), `HasAccessToServiceId` (a link to the service whose start has passed).',
  '`Expand`: ProcurationsExpand; `IncludeCustomImageBytes` with a ..._ProfilePicture expansion.',
);
const VALIDITY =
  '`validityEndStamp` is the start + PROCURATION_VALIDITY_DAYS (365), `renewableFromDate` the end - ' +
  'PROCURATION_RENEWAL_NOTICE_DAYS (30); `isRenewable` and `isUsable` are computed when read.';
const RESTRICTED =
  '`personInOrganizationFunction` is only for an organization principal and a person representative, ' +
  '`isPersonInOrganizationPendingDelete: true` only for an Owner representative of an organization (else 400). ' +
  'Owner and Manager procurations receive every procuration-available service the organization reaches, in the same transaction.';
const GOES_WITH_IT = 'Its services and the favorites within it go with it.';

interface Words {
  readonly summary: string;
  readonly description: string;
}

/** What each side says of the operations both serve. */
interface SideDocs {
  readonly list: Words;
  readonly patch: Words & { readonly body: Type; readonly examples: Readonly<Record<string, BodyExample>> };
  readonly read: Words;
  /** Each side's delete example removes a procuration of its own, one per version. */
  readonly delete: Words & { readonly params: MethodDecorator };
  readonly listServices: Words;
  readonly readService: Words;
}

const SIDES: Readonly<Record<ProcurationSideName, SideDocs>> = {
  Outbound: {
    list: {
      summary: 'List the procurations a profile gave (as principal)',
      description: sentences(OUTBOUND_FILTERS, PAGING, readProjection('procuration')),
    },
    patch: {
      summary: "Change a procuration (principal's side)",
      description: sentences(
        '`application/merge-patch+json` only (else 415). An absent property, or a wrapper with `isValuePresent: false`,',
        'leaves the field as it is. `hasBeenRenewed: true` moves the end to max(now, end) + PROCURATION_VALIDITY_DAYS and',
        'recomputes `renewableFromDate`.',
        RESTRICTED,
        DELEGATOR,
        NOT_FOUND,
        writeProjection('procuration'),
      ),
      body: PatchOutboundProcurationDto,
      examples: {
        renew: {
          summary: 'The organization renews the procuration and makes its representative Owner',
          value: {
            personInOrganizationFunction: { isValuePresent: true, value: 'Owner' },
            hasBeenRenewed: true,
            updatedBy: 'luca.bernasconi',
          },
        },
      },
    },
    read: {
      summary: 'Read a procuration the profile gave',
      description: sentences(
        '`Expand`: ProcurationsExpand.',
        VALIDITY,
        DELEGATOR,
        NOT_FOUND,
        readProjection('procuration'),
      ),
    },
    delete: {
      summary: 'Delete a procuration',
      description: sentences(GOES_WITH_IT, DELEGATOR, NOT_FOUND),
      // Huber (2) to Nicole Keller (6) under v10-0, Marco (1) to her under v9-1.
      params: procurationParams({ 'v10-0': 2, 'v9-1': 1 }, 6),
    },
    listServices: {
      summary: 'List the agreed services of a procuration (every link)',
      description: sentences(
        'Procuration service list filters of interfaces 4.3 (`IsFavorite`: favorites within this procuration;',
        '`HasVisibleServiceRole`: reached by the principal through a service role of that visibility). `Expand` adds',
        '`procurationService` (the link) and the others as on the services of a profile.',
        DELEGATOR,
        PAGING,
        readProjection('service'),
      ),
    },
    readService: {
      summary: 'Read an agreed service of a procuration',
      description: sentences(DELEGATOR, NOT_FOUND, readProjection('service')),
    },
  },
  Inbound: {
    list: {
      summary: 'List the procurations a profile received (as representative)',
      description: sentences(INBOUND_FILTERS, PAGING, readProjection('procuration')),
    },
    patch: {
      summary: "Change a procuration (representative's side)",
      description: sentences(
        '`application/merge-patch+json` only (else 415). `representativeEmail`: absent leaves it, null clears it;',
        '`delegationMode` is a wrapper (`isValuePresent`, `value`).',
        DELEGATOR,
        NOT_FOUND,
        writeProjection('procuration'),
      ),
      body: PatchInboundProcurationDto,
      examples: {
        email: {
          summary: 'The representative gives another address and shares its rights globally',
          value: {
            representativeEmail: 'anna.muster@baeckerei-keller.ch',
            delegationMode: { isValuePresent: true, value: 'Global' },
            updatedBy: 'anna.muster',
          },
        },
      },
    },
    read: {
      summary: 'Read a procuration the profile received',
      description: sentences(
        '`Expand`: ProcurationsExpand.',
        DELEGATOR,
        NOT_FOUND,
        readProjection('procuration'),
      ),
    },
    delete: {
      summary: 'Give up a procuration (the representative)',
      description: sentences(GOES_WITH_IT, DELEGATOR, NOT_FOUND),
      // Thomas Baumann (7) gives up Marco's (1) under v10-0, Laura's (3) under v9-1.
      params: procurationParams({ 'v10-0': 1, 'v9-1': 3 }, 7),
    },
    listServices: {
      summary: 'List the services the representative may use through a procuration now',
      description: sentences(
        'Only while the procuration is usable (start <= now < end, principal and representative enabled), and only the',
        'links whose `validityStartStamp` has passed (contract 6); otherwise an empty list. Filters and `Expand` as the',
        'agreed services.',
        DELEGATOR,
        PAGING,
        readProjection('service'),
      ),
    },
    readService: {
      summary: 'Read a service the representative may use through a procuration now',
      description: sentences(
        '404 unless the procuration is usable and the link has started.',
        DELEGATOR,
        readProjection('service'),
      ),
    },
  },
};

// The operations both sides serve.

export const ListProcurationsDocs = (side: ProcurationSideName): MethodDecorator =>
  ListDocs(SIDES[side].list, ProfileIdParam());

export const PatchProcurationDocs = (side: ProcurationSideName): MethodDecorator => {
  const { body, examples, ...words } = SIDES[side].patch;
  return applyDecorators(
    WriteDocs(words, body, examples, DemoProcurationParams()),
    ApiOkResponse({ type: ProcurationResponse }),
  );
};

export const ReadProcurationDocs = (side: ProcurationSideName): MethodDecorator =>
  ReadDocs(SIDES[side].read, ProcurationResponse, DemoProcurationParams());

export const DeleteProcurationDocs = (side: ProcurationSideName): MethodDecorator => {
  const { params, ...words } = SIDES[side].delete;
  return DeleteDocs(words, params);
};

export const ListProcurationServicesDocs = (side: ProcurationSideName): MethodDecorator =>
  ListDocs(SIDES[side].listServices, DemoProcurationParams());

export const ReadProcurationServiceDocs = (side: ProcurationSideName): MethodDecorator =>
  ReadDocs(
    SIDES[side].readService,
    ProfileServiceResponse,
    DemoProcurationParams(),
    ProcurationServiceIdParam(),
  );

// The principal's own operations.

/** The create's example; under v9-1 for Thomas Baumann (PROFILE_VERSION_EXAMPLES). */
export const CreateProcurationDocs = (): MethodDecorator =>
  applyDecorators(
    WriteDocs(
      {
        summary: 'Create a procuration',
        description: sentences(
          '201; 400 when it exists, or when principal and representative are the same profile.',
          RESTRICTED,
          VALIDITY,
          DELEGATOR,
          NOT_FOUND,
          writeProjection('procuration'),
        ),
      },
      WriteProcurationDto,
      {
        manager: {
          summary:
            'Marco Rossi (demo person 1) manages the services of Schreinerei Huber GmbH (demo organization 2)',
          value: {
            personInOrganizationFunction: 'Manager',
            representativeEmail: 'marco.rossi@sunrise.ch',
            delegationMode: 'Unitary',
            createdBy: 'luca.bernasconi',
          },
        },
      },
      // The pair the demo data leaves out: Huber (2) gives Marco Rossi (1) a procuration under
      // v10-0, Thomas Baumann (7) under v9-1.
      procurationParams(2, { 'v10-0': 1, 'v9-1': 7 }),
    ),
    ApiCreatedResponse({ type: ProcurationResponse }),
  );

/** The deprecated upsert, on the demo procuration. */
export const UpsertProcurationDocs = (): MethodDecorator =>
  WriteDocs(
    {
      summary: 'Create or replace a procuration (deprecated: use the create, POST)',
      deprecated: true,
      description: sentences(
        UPSERT,
        'Answers with `Deprecation` and a `Link` to the create operation (rel="successor-version"). The fields not',
        'sent take their defaults; a new `validityStartStamp` restarts the validity.',
        RESTRICTED,
        DELEGATOR,
        NOT_FOUND,
        writeProjection('procuration'),
      ),
    },
    WriteProcurationDto,
    {
      manager: {
        summary:
          'Laura Meier (demo person 3) now manages the services of Schreinerei Huber GmbH (demo organization 2)',
        value: {
          personInOrganizationFunction: 'Manager',
          representativeEmail: 'laura.meier@gmx.ch',
          delegationMode: 'Unitary',
          createdBy: 'luca.bernasconi',
        },
      },
    },
    DemoProcurationParams(),
  );

export const AddMissingProcurationServicesDocs = (): MethodDecorator =>
  applyDecorators(
    WriteDocs(
      {
        summary: 'Add every missing service to a procuration',
        description: sentences(
          'Links each service the principal reaches now and that has `isProcurationAvailable`, where the procuration',
          'lacks it, valid from `validityStartStamp` (default now). Answers every link of the procuration.',
          DELEGATOR,
          NOT_FOUND,
          writeProjection('procurationService'),
        ),
      },
      ProcurationServiceBodyDto,
      {
        all: { summary: 'Every service the organization may share', value: { createdBy: 'luca.bernasconi' } },
      },
      DemoProcurationParams(),
    ),
    ApiOkResponse({ type: [ProcurationServiceResponse] }),
  );

export const UpsertProcurationServiceDocs = (): MethodDecorator =>
  WriteDocs(
    {
      summary: 'Add a service to a procuration, or change from when it may be used',
      description: sentences(
        UPSERT,
        'Only a service the principal reaches now and that has `isProcurationAvailable` (else 400).',
        DELEGATOR,
        NOT_FOUND,
        writeProjection('procurationService'),
      ),
    },
    ProcurationServiceBodyDto,
    {
      // From now on (validityStartStamp left out): a start ahead would leave the service out of
      // the procuration's reads until that day.
      vat: {
        summary: 'The representative may file the VAT declaration, from now on',
        value: { createdBy: 'luca.bernasconi' },
      },
    },
    DemoProcurationParams(),
    ProcurationServiceIdParam(2),
  );

export const DeleteProcurationServiceDocs = (): MethodDecorator =>
  DeleteDocs(
    { summary: 'Remove a service from a procuration', description: sentences(DELEGATOR, NOT_FOUND) },
    DemoProcurationParams(),
    ProcurationServiceIdParam(2),
  );

// The representative's own operations: the favorites within a procuration.

export const UpsertProcurationFavoriteServiceDocs = (): MethodDecorator =>
  WriteDocs(
    {
      summary: 'Mark a service as a favorite within a procuration, or change its order',
      description: sentences(
        UPSERT,
        "Any service of the catalogue may be marked, as among a profile's own favorites; read them with",
        '`IsFavorite` and `Expand=FavoriteService` on the services of the procuration.',
        DELEGATOR,
        NOT_FOUND,
        writeProjection('favoriteService'),
      ),
    },
    UpsertFavoriteServiceDto,
    {
      first: {
        summary: 'The VAT declaration first among the favorites within the procuration',
        value: { sortOrder: 1, createdBy: 'anna.muster' },
      },
    },
    DemoProcurationParams(),
    ProcurationServiceIdParam(),
  );

export const DeleteProcurationFavoriteServiceDocs = (): MethodDecorator =>
  DeleteDocs(
    { summary: 'Remove a favorite within a procuration', description: sentences(DELEGATOR, NOT_FOUND) },
    DemoProcurationParams(),
    ProcurationServiceIdParam(),
  );
