import { Body, Delete, Get, HttpCode, Patch, Put, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

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
import { UpsertFavoriteServiceDto } from '../profiles/favorites/favorite-service.dto';
import {
  FavoriteServiceResponse,
  toFavoriteServiceResponse,
} from '../profiles/favorites/favorite-service.response';
import {
  ProfileServiceResponse,
  toProfileServiceResponse,
} from '../profiles/profile-services/profile-service.response';
import {
  ListInboundProcurationsQueryDto,
  PatchInboundProcurationDto,
  ProcurationPathQueryDto,
  ReadProcurationQueryDto,
} from './dto/procuration.dto';
import { ProcurationResponse, toProcurationResponse } from './dto/procuration.response';
import {
  DemoProcurationParams,
  InboundDeletedProcurationParams,
  PrincipalProfileId,
  ProcurationServiceIdParam,
  RepresentativeProfileId,
  ServiceId,
} from './procuration-path';
import {
  ListProcurationServicesQueryDto,
  ReadProcurationServiceQueryDto,
} from './dto/procuration-service.dto';
import { ProcurationServicesService } from './procuration-services.service';
import { type ProcurationKey, ProcurationsService, readOptionsOf } from './procurations.service';

export const INBOUND_LIST_PATH = 'profiles/:profileId/inbound-procurations';
export const INBOUND_PATH = 'profiles/:representativeProfileId/inbound-procurations';

const DELEGATOR =
  '`DelegatorProfileId` (query) selects the procuration through that delegator; absent, the one without delegator.';

const keyOf = (
  representativeProfileId: number,
  principalProfileId: number,
  query: ProcurationPathQueryDto,
): ProcurationKey => ({
  principalProfileId,
  representativeProfileId,
  delegatorProfileId: query.DelegatorProfileId ?? null,
});

/** `GET /profiles/{profileId}/inbound-procurations`: the profile as representative. */
@ApiTags('Procurations')
@ApiProblemResponses(401, 403)
@RequireRoles(...PROFILE_READERS)
export class InboundProcurationListController {
  constructor(private readonly procurations: ProcurationsService) {}

  @Get()
  @ApiOperation({
    summary: 'List the procurations a profile received (as representative)',
    description: sentences(
      'Filters of interfaces 4.3, combined with AND: `PrincipalProfileId`, `DelegatorProfileId`, `IncludeDelegations`',
      '(false: only those without delegator), `HasAccessToServiceId` (a link to the service whose start has passed).',
      '`Expand`: ProcurationsExpand; `IncludeCustomImageBytes` with a ..._ProfilePicture expansion.',
      PAGING,
      readProjection('procuration'),
    ),
  })
  @ProfileIdParam()
  // Projected inside the pagination, so that a streamed list (PageSize=-1) is projected batch by batch.
  @Projected('procuration')
  @PaginatedList(ProcurationResponse, { orderByExample: 'createStamp desc,id' })
  @ApiProblemResponses(400, 404)
  async listInboundProcurations(
    @ProfileId() profileId: number,
    @Query() query: ListInboundProcurationsQueryDto,
  ): Promise<Page<ProcurationResponse> | StreamedPage<ProcurationResponse>> {
    return (await this.procurations.listInbound(profileId, query)).map(toProcurationResponse);
  }
}

/** `/profiles/{representativeProfileId}/inbound-procurations/{principalProfileId}[/services|/favorite-services]`. */
@ApiTags('Procurations')
@ApiProblemResponses(401, 403)
@RequireRoles(...PROFILE_READERS)
export class InboundProcurationsController {
  constructor(
    private readonly procurations: ProcurationsService,
    private readonly procurationServices: ProcurationServicesService,
  ) {}

  @Patch(':principalProfileId')
  @RequireRoles(PROFILE_WRITER)
  @BodyMediaType(MERGE_PATCH_MEDIA_TYPE)
  @ApiOperation({
    summary: "Change a procuration (representative's side)",
    description: sentences(
      '`application/merge-patch+json` only (else 415). `representativeEmail`: absent leaves it, null clears it;',
      '`delegationMode` is a wrapper (`isValuePresent`, `value`).',
      DELEGATOR,
      NOT_FOUND,
      writeProjection('procuration'),
    ),
  })
  @DemoProcurationParams()
  @ApiBodyExamples(PatchInboundProcurationDto, {
    email: {
      summary: 'The representative gives another address and shares its rights globally',
      value: {
        representativeEmail: 'anna.muster@baeckerei-keller.ch',
        delegationMode: { isValuePresent: true, value: 'Global' },
        updatedBy: 'anna.muster',
      },
    },
  })
  @ApiOkResponse({ type: ProcurationResponse })
  @Projected('procuration', { queryable: false })
  @ApiProblemResponses(400, 404, 413, 415)
  async patchInboundProcuration(
    @RepresentativeProfileId() representativeProfileId: number,
    @PrincipalProfileId() principalProfileId: number,
    @Query() query: ProcurationPathQueryDto,
    @Body() body: PatchInboundProcurationDto,
  ): Promise<ProcurationResponse> {
    return toProcurationResponse(
      await this.procurations.patchInbound(keyOf(representativeProfileId, principalProfileId, query), body),
    );
  }

  @Get(':principalProfileId')
  @ApiOperation({
    summary: 'Read a procuration the profile received',
    description: sentences(
      '`Expand`: ProcurationsExpand.',
      DELEGATOR,
      NOT_FOUND,
      readProjection('procuration'),
    ),
  })
  @DemoProcurationParams()
  @ApiOkResponse({ type: ProcurationResponse })
  @Projected('procuration')
  @ApiProblemResponses(400, 404)
  async readInboundProcuration(
    @RepresentativeProfileId() representativeProfileId: number,
    @PrincipalProfileId() principalProfileId: number,
    @Query() query: ReadProcurationQueryDto,
  ): Promise<ProcurationResponse> {
    return toProcurationResponse(
      await this.procurations.get(
        keyOf(representativeProfileId, principalProfileId, query),
        readOptionsOf(query),
      ),
    );
  }

  @Delete(':principalProfileId')
  @HttpCode(204)
  @RequireRoles(PROFILE_WRITER)
  @ApiOperation({
    summary: 'Give up a procuration (the representative)',
    description: sentences('Its services and the favorites within it go with it.', DELEGATOR, NOT_FOUND),
  })
  @InboundDeletedProcurationParams()
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiProblemResponses(400, 404)
  async deleteInboundProcuration(
    @RepresentativeProfileId() representativeProfileId: number,
    @PrincipalProfileId() principalProfileId: number,
    @Query() query: ProcurationPathQueryDto,
  ): Promise<void> {
    await this.procurations.delete(keyOf(representativeProfileId, principalProfileId, query));
  }

  @Get(':principalProfileId/services')
  @ApiOperation({
    summary: 'List the services the representative may use through a procuration now',
    description: sentences(
      'Only while the procuration is usable (start <= now < end, principal and representative enabled), and only the',
      'links whose `validityStartStamp` has passed (contract 6); otherwise an empty list. Filters and `Expand` as the',
      'agreed services.',
      DELEGATOR,
      PAGING,
      readProjection('service'),
    ),
  })
  @DemoProcurationParams()
  @PaginatedList(ProfileServiceResponse)
  @Projected('service')
  @ApiProblemResponses(400, 404)
  async listInboundProcurationServices(
    @RepresentativeProfileId() representativeProfileId: number,
    @PrincipalProfileId() principalProfileId: number,
    @Query() query: ListProcurationServicesQueryDto,
  ): Promise<Page<ProfileServiceResponse>> {
    const { services, parts, expand } = await this.procurationServices.list(
      keyOf(representativeProfileId, principalProfileId, query),
      'accessible',
      query,
    );
    return services.map((service) => toProfileServiceResponse(service, expand, parts));
  }

  @Get(':principalProfileId/services/:serviceId')
  @ApiOperation({
    summary: 'Read a service the representative may use through a procuration now',
    description: sentences(
      '404 unless the procuration is usable and the link has started.',
      DELEGATOR,
      readProjection('service'),
    ),
  })
  @DemoProcurationParams()
  @ProcurationServiceIdParam()
  @ApiOkResponse({ type: ProfileServiceResponse })
  @Projected('service')
  @ApiProblemResponses(400, 404)
  async readInboundProcurationService(
    @RepresentativeProfileId() representativeProfileId: number,
    @PrincipalProfileId() principalProfileId: number,
    @ServiceId() serviceId: number,
    @Query() query: ReadProcurationServiceQueryDto,
  ): Promise<ProfileServiceResponse> {
    const { services, parts, expand } = await this.procurationServices.get(
      keyOf(representativeProfileId, principalProfileId, query),
      'accessible',
      serviceId,
      query,
    );
    return toProfileServiceResponse(services, expand, parts);
  }

  @Put(':principalProfileId/favorite-services/:serviceId')
  @RequireRoles(PROFILE_WRITER)
  @ApiOperation({
    summary: 'Mark a service as a favorite within a procuration, or change its order',
    description: sentences(
      UPSERT,
      "Any service of the catalogue may be marked, as among a profile's own favorites; read them with",
      '`IsFavorite` and `Expand=FavoriteService` on the services of the procuration.',
      DELEGATOR,
      NOT_FOUND,
      writeProjection('favoriteService'),
    ),
  })
  @DemoProcurationParams()
  @ProcurationServiceIdParam()
  @ApiBodyExamples(UpsertFavoriteServiceDto, {
    first: {
      summary: 'The VAT declaration first among the favorites within the procuration',
      value: { sortOrder: 1, createdBy: 'anna.muster' },
    },
  })
  @UpsertRoute(FavoriteServiceResponse)
  @Projected('favoriteService', { queryable: false })
  @ApiProblemResponses(400, 404, 413, 415)
  async upsertProcurationFavoriteService(
    @RepresentativeProfileId() representativeProfileId: number,
    @PrincipalProfileId() principalProfileId: number,
    @ServiceId() serviceId: number,
    @Query() query: ProcurationPathQueryDto,
    @Body() body: UpsertFavoriteServiceDto,
  ): Promise<UpsertedResponse<FavoriteServiceResponse>> {
    const upserted = await this.procurationServices.upsertFavorite(
      keyOf(representativeProfileId, principalProfileId, query),
      serviceId,
      body,
    );
    return UpsertedResponse.of(upserted, toFavoriteServiceResponse);
  }

  @Delete(':principalProfileId/favorite-services/:serviceId')
  @HttpCode(204)
  @RequireRoles(PROFILE_WRITER)
  @ApiOperation({
    summary: 'Remove a favorite within a procuration',
    description: sentences(DELEGATOR, NOT_FOUND),
  })
  @DemoProcurationParams()
  @ProcurationServiceIdParam()
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiProblemResponses(400, 404)
  async deleteProcurationFavoriteService(
    @RepresentativeProfileId() representativeProfileId: number,
    @PrincipalProfileId() principalProfileId: number,
    @ServiceId() serviceId: number,
    @Query() query: ProcurationPathQueryDto,
  ): Promise<void> {
    await this.procurationServices.deleteFavorite(
      keyOf(representativeProfileId, principalProfileId, query),
      serviceId,
    );
  }
}
