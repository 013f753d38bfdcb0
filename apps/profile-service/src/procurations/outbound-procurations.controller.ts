import { Body, Delete, Get, HttpCode, Patch, Post, Put, Query, Req } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { ApiBodyExamples, UpsertedResponse, UpsertRoute } from '@portal/http-context';
import { type Page, PaginatedList, type StreamedPage } from '@portal/pagination';
import { ApiProblemResponses } from '@portal/problem-details';
import { BodyMediaType, MERGE_PATCH_MEDIA_TYPE } from '@portal/service-runtime';

import { PROFILE_READERS, PROFILE_WRITER } from '../common/access';
import {
  NOT_FOUND,
  PAGING,
  readProjection,
  sentences,
  UPSERT,
  writeProjection,
} from '../common/operation-docs';
import { ProfileId, ProfileIdParam } from '../common/profile-path';
import {
  ProfileServiceResponse,
  toProfileServiceResponse,
} from '../profiles/profile-services/profile-service.response';
import {
  ListOutboundProcurationsQueryDto,
  PatchOutboundProcurationDto,
  ProcurationPathQueryDto,
  ReadProcurationQueryDto,
  WriteProcurationDto,
} from './dto/procuration.dto';
import { ProcurationResponse, toProcurationResponse } from './dto/procuration.response';
import {
  CreatedProcurationParams,
  DemoProcurationParams,
  OutboundDeletedProcurationParams,
  PrincipalProfileId,
  ProcurationServiceIdParam,
  RepresentativeProfileId,
  ServiceId,
} from './procuration-path';
import {
  ListProcurationServicesQueryDto,
  ProcurationServiceBodyDto,
  ReadProcurationServiceQueryDto,
} from './dto/procuration-service.dto';
import {
  ProcurationServiceResponse,
  toProcurationServiceResponse,
} from '../service-reach/procuration-service.response';
import { ProcurationServicesService } from './procuration-services.service';
import type { ProcurationKey } from './procurations.service';
import { ProcurationsService, readOptionsOf } from './procurations.service';

export const OUTBOUND_LIST_PATH = 'profiles/:profileId/outbound-procurations';
export const OUTBOUND_PATH = 'profiles/:principalProfileId/outbound-procurations';

/** When the upsert was deprecated (RFC 9745 `Deprecation`, a Unix time): the day interfaces 10.0 replaced it by the create. */
const DEPRECATED_SINCE = '@1763856000';

const DELEGATOR =
  '`DelegatorProfileId` (query) selects the procuration through that delegator; absent, the one without delegator.';
const FILTERS = sentences(
  'Filters of interfaces 4.3, combined with AND: `RepresentativeProfileId`, `DelegatorProfileId`, `IncludeDelegations`',
  '(false: only those without delegator), `IsOrgOwner`, `IsOrgManagerOrOwner`, `RepresentativeProfileKeyword`',
  "(case- and accent-insensitive substring of the representative's email, names, organization name and uid, external key),",
  '`HasAccessToServiceId` (a link to the service whose start has passed). `Expand`: ProcurationsExpand;',
  '`IncludeCustomImageBytes` with a ..._ProfilePicture expansion.',
);
const VALIDITY =
  '`validityEndStamp` is the start + PROCURATION_VALIDITY_DAYS (365), `renewableFromDate` the end - ' +
  'PROCURATION_RENEWAL_NOTICE_DAYS (30); `isRenewable` and `isUsable` are computed when read.';
const RESTRICTED =
  '`personInOrganizationFunction` is only for an organization principal and a person representative, ' +
  '`isPersonInOrganizationPendingDelete: true` only for an Owner representative of an organization (else 400). ' +
  'Owner and Manager procurations receive every procuration-available service the organization reaches, in the same transaction.';

const keyOf = (
  principalProfileId: number,
  representativeProfileId: number,
  query: ProcurationPathQueryDto,
): ProcurationKey => ({
  principalProfileId,
  representativeProfileId,
  delegatorProfileId: query.DelegatorProfileId ?? null,
});

/** The create's example; under v9-1 for Thomas Baumann (PROFILE_VERSION_EXAMPLES). */
const CREATE_EXAMPLES = {
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
};

/** The deprecated upsert's example, on the demo procuration. */
const REPLACE_EXAMPLES = {
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
};

/** `GET /profiles/{profileId}/outbound-procurations`: the profile as principal. */
@ApiTags('Procurations')
@ApiProblemResponses(401, 403)
@RequireRoles(...PROFILE_READERS)
export class OutboundProcurationListController {
  constructor(private readonly procurations: ProcurationsService) {}

  @Get()
  @ApiOperation({
    summary: 'List the procurations a profile gave (as principal)',
    description: sentences(FILTERS, PAGING, readProjection('procuration')),
  })
  @ProfileIdParam()
  // Projected inside the pagination, so that a streamed list (PageSize=-1) is projected batch by batch.
  @Projected('procuration')
  @PaginatedList(ProcurationResponse, { orderByExample: 'createStamp desc,id' })
  @ApiProblemResponses(400, 404)
  async listOutboundProcurations(
    @ProfileId() profileId: number,
    @Query() query: ListOutboundProcurationsQueryDto,
  ): Promise<Page<ProcurationResponse> | StreamedPage<ProcurationResponse>> {
    return (await this.procurations.listOutbound(profileId, query)).map(toProcurationResponse);
  }
}

/** `/profiles/{principalProfileId}/outbound-procurations/{representativeProfileId}[/services[/{serviceId}]]`. */
@ApiTags('Procurations')
@ApiProblemResponses(401, 403)
@RequireRoles(PROFILE_WRITER)
export class OutboundProcurationsController {
  constructor(
    private readonly procurations: ProcurationsService,
    private readonly procurationServices: ProcurationServicesService,
  ) {}

  @Post(':representativeProfileId')
  @ApiOperation({
    summary: 'Create a procuration',
    description: sentences(
      '201; 400 when it exists, or when principal and representative are the same profile.',
      RESTRICTED,
      VALIDITY,
      DELEGATOR,
      NOT_FOUND,
      writeProjection('procuration'),
    ),
  })
  @CreatedProcurationParams()
  @ApiBodyExamples(WriteProcurationDto, CREATE_EXAMPLES)
  @ApiCreatedResponse({ type: ProcurationResponse })
  @Projected('procuration', { queryable: false })
  @ApiProblemResponses(400, 404, 413, 415)
  async createOutboundProcuration(
    @PrincipalProfileId() principalProfileId: number,
    @RepresentativeProfileId() representativeProfileId: number,
    @Query() query: ProcurationPathQueryDto,
    @Body() body: WriteProcurationDto,
  ): Promise<ProcurationResponse> {
    return toProcurationResponse(
      await this.procurations.create(keyOf(principalProfileId, representativeProfileId, query), body),
    );
  }

  @Put(':representativeProfileId')
  @ApiOperation({
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
  })
  @DemoProcurationParams()
  @ApiBodyExamples(WriteProcurationDto, REPLACE_EXAMPLES)
  @UpsertRoute(ProcurationResponse)
  @Projected('procuration', { queryable: false })
  @ApiProblemResponses(400, 404, 413, 415)
  async upsertOutboundProcuration(
    @PrincipalProfileId() principalProfileId: number,
    @RepresentativeProfileId() representativeProfileId: number,
    @Query() query: ProcurationPathQueryDto,
    @Body() body: WriteProcurationDto,
    @Req() request: FastifyRequest,
  ): Promise<UpsertedResponse<ProcurationResponse>> {
    const upserted = await this.procurations.upsert(
      keyOf(principalProfileId, representativeProfileId, query),
      body,
    );
    return UpsertedResponse.of(upserted, toProcurationResponse).withHeaders({
      Deprecation: DEPRECATED_SINCE,
      Link: `<${request.url.split('?')[0]}>; rel="successor-version"; title="POST creates"`,
    });
  }

  @Patch(':representativeProfileId')
  @BodyMediaType(MERGE_PATCH_MEDIA_TYPE)
  @ApiOperation({
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
  })
  @DemoProcurationParams()
  @ApiBodyExamples(PatchOutboundProcurationDto, {
    renew: {
      summary: 'The organization renews the procuration and makes its representative Owner',
      value: {
        personInOrganizationFunction: { isValuePresent: true, value: 'Owner' },
        hasBeenRenewed: true,
        updatedBy: 'luca.bernasconi',
      },
    },
  })
  @ApiOkResponse({ type: ProcurationResponse })
  @Projected('procuration', { queryable: false })
  @ApiProblemResponses(400, 404, 413, 415)
  async patchOutboundProcuration(
    @PrincipalProfileId() principalProfileId: number,
    @RepresentativeProfileId() representativeProfileId: number,
    @Query() query: ProcurationPathQueryDto,
    @Body() body: PatchOutboundProcurationDto,
  ): Promise<ProcurationResponse> {
    return toProcurationResponse(
      await this.procurations.patchOutbound(keyOf(principalProfileId, representativeProfileId, query), body),
    );
  }

  @Get(':representativeProfileId')
  @RequireRoles(...PROFILE_READERS)
  @ApiOperation({
    summary: 'Read a procuration the profile gave',
    description: sentences(
      '`Expand`: ProcurationsExpand.',
      VALIDITY,
      DELEGATOR,
      NOT_FOUND,
      readProjection('procuration'),
    ),
  })
  @DemoProcurationParams()
  @ApiOkResponse({ type: ProcurationResponse })
  @Projected('procuration')
  @ApiProblemResponses(400, 404)
  async readOutboundProcuration(
    @PrincipalProfileId() principalProfileId: number,
    @RepresentativeProfileId() representativeProfileId: number,
    @Query() query: ReadProcurationQueryDto,
  ): Promise<ProcurationResponse> {
    return toProcurationResponse(
      await this.procurations.get(
        keyOf(principalProfileId, representativeProfileId, query),
        readOptionsOf(query),
      ),
    );
  }

  @Delete(':representativeProfileId')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Delete a procuration',
    description: sentences('Its services and the favorites within it go with it.', DELEGATOR, NOT_FOUND),
  })
  @OutboundDeletedProcurationParams()
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiProblemResponses(400, 404)
  async deleteOutboundProcuration(
    @PrincipalProfileId() principalProfileId: number,
    @RepresentativeProfileId() representativeProfileId: number,
    @Query() query: ProcurationPathQueryDto,
  ): Promise<void> {
    await this.procurations.delete(keyOf(principalProfileId, representativeProfileId, query));
  }

  @Get(':representativeProfileId/services')
  @RequireRoles(...PROFILE_READERS)
  @ApiOperation({
    summary: 'List the agreed services of a procuration (every link)',
    description: sentences(
      'Procuration service list filters of interfaces 4.3 (`IsFavorite`: favorites within this procuration;',
      '`HasVisibleServiceRole`: reached by the principal through a service role of that visibility). `Expand` adds',
      '`procurationService` (the link) and the others as on the services of a profile.',
      DELEGATOR,
      PAGING,
      readProjection('service'),
    ),
  })
  @DemoProcurationParams()
  @PaginatedList(ProfileServiceResponse)
  @Projected('service')
  @ApiProblemResponses(400, 404)
  async listOutboundProcurationServices(
    @PrincipalProfileId() principalProfileId: number,
    @RepresentativeProfileId() representativeProfileId: number,
    @Query() query: ListProcurationServicesQueryDto,
  ): Promise<Page<ProfileServiceResponse>> {
    const { services, parts, expand } = await this.procurationServices.list(
      keyOf(principalProfileId, representativeProfileId, query),
      'agreed',
      query,
    );
    return services.map((service) => toProfileServiceResponse(service, expand, parts));
  }

  @Post(':representativeProfileId/services')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Add every missing service to a procuration',
    description: sentences(
      'Links each service the principal reaches now and that has `isProcurationAvailable`, where the procuration',
      'lacks it, valid from `validityStartStamp` (default now). Answers every link of the procuration.',
      DELEGATOR,
      NOT_FOUND,
      writeProjection('procurationService'),
    ),
  })
  @DemoProcurationParams()
  @ApiBodyExamples(ProcurationServiceBodyDto, {
    all: { summary: 'Every service the organization may share', value: { createdBy: 'luca.bernasconi' } },
  })
  @ApiOkResponse({ type: [ProcurationServiceResponse] })
  @Projected('procurationService', { queryable: false })
  @ApiProblemResponses(400, 404, 413, 415)
  async addMissingProcurationServices(
    @PrincipalProfileId() principalProfileId: number,
    @RepresentativeProfileId() representativeProfileId: number,
    @Query() query: ProcurationPathQueryDto,
    @Body() body: ProcurationServiceBodyDto,
  ): Promise<ProcurationServiceResponse[]> {
    const links = await this.procurationServices.addMissing(
      keyOf(principalProfileId, representativeProfileId, query),
      body,
    );
    return links.map(toProcurationServiceResponse);
  }

  @Get(':representativeProfileId/services/:serviceId')
  @RequireRoles(...PROFILE_READERS)
  @ApiOperation({
    summary: 'Read an agreed service of a procuration',
    description: sentences(DELEGATOR, NOT_FOUND, readProjection('service')),
  })
  @DemoProcurationParams()
  @ProcurationServiceIdParam()
  @ApiOkResponse({ type: ProfileServiceResponse })
  @Projected('service')
  @ApiProblemResponses(400, 404)
  async readOutboundProcurationService(
    @PrincipalProfileId() principalProfileId: number,
    @RepresentativeProfileId() representativeProfileId: number,
    @ServiceId() serviceId: number,
    @Query() query: ReadProcurationServiceQueryDto,
  ): Promise<ProfileServiceResponse> {
    const { services, parts, expand } = await this.procurationServices.get(
      keyOf(principalProfileId, representativeProfileId, query),
      'agreed',
      serviceId,
      query,
    );
    return toProfileServiceResponse(services, expand, parts);
  }

  @Put(':representativeProfileId/services/:serviceId')
  @ApiOperation({
    summary: 'Add a service to a procuration, or change from when it may be used',
    description: sentences(
      UPSERT,
      'Only a service the principal reaches now and that has `isProcurationAvailable` (else 400).',
      DELEGATOR,
      NOT_FOUND,
      writeProjection('procurationService'),
    ),
  })
  @DemoProcurationParams()
  @ProcurationServiceIdParam(2)
  @ApiBodyExamples(ProcurationServiceBodyDto, {
    // From now on (validityStartStamp left out): a start ahead would leave the service out of
    // the procuration's reads until that day.
    vat: {
      summary: 'The representative may file the VAT declaration, from now on',
      value: { createdBy: 'luca.bernasconi' },
    },
  })
  @UpsertRoute(ProcurationServiceResponse)
  @Projected('procurationService', { queryable: false })
  @ApiProblemResponses(400, 404, 413, 415)
  async upsertProcurationService(
    @PrincipalProfileId() principalProfileId: number,
    @RepresentativeProfileId() representativeProfileId: number,
    @ServiceId() serviceId: number,
    @Query() query: ProcurationPathQueryDto,
    @Body() body: ProcurationServiceBodyDto,
  ): Promise<UpsertedResponse<ProcurationServiceResponse>> {
    const upserted = await this.procurationServices.upsert(
      keyOf(principalProfileId, representativeProfileId, query),
      serviceId,
      body,
    );
    return UpsertedResponse.of(upserted, toProcurationServiceResponse);
  }

  @Delete(':representativeProfileId/services/:serviceId')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Remove a service from a procuration',
    description: sentences(DELEGATOR, NOT_FOUND),
  })
  @DemoProcurationParams()
  @ProcurationServiceIdParam(2)
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiProblemResponses(400, 404)
  async deleteProcurationService(
    @PrincipalProfileId() principalProfileId: number,
    @RepresentativeProfileId() representativeProfileId: number,
    @ServiceId() serviceId: number,
    @Query() query: ProcurationPathQueryDto,
  ): Promise<void> {
    await this.procurationServices.delete(
      keyOf(principalProfileId, representativeProfileId, query),
      serviceId,
    );
  }
}
