import { Body, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Req, type Type } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { ParseInt32Pipe, UpsertedResponse, UpsertRoute } from '@portal/http-context';
import { type Page, PaginatedList, type StreamedPage } from '@portal/pagination';
import { BodyMediaType, MERGE_PATCH_MEDIA_TYPE } from '@portal/service-runtime';

import { PROFILE_READERS, PROFILE_WRITER } from '../common/access';
import { ProfileId } from '../common/profile-path';
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
  ProcurationServiceResponse,
  toProcurationServiceResponse,
} from '../service-reach/procuration-service.response';
import {
  ListProcurationServicesQueryDto,
  ProcurationServiceBodyDto,
  ReadProcurationServiceQueryDto,
} from './dto/procuration-service.dto';
import {
  ListInboundProcurationsQueryDto,
  ListOutboundProcurationsQueryDto,
  PatchInboundProcurationDto,
  PatchOutboundProcurationDto,
  ProcurationPathQueryDto,
  ReadProcurationQueryDto,
  WriteProcurationDto,
} from './dto/procuration.dto';
import { ProcurationResponse, type ProcurationView, toProcurationResponse } from './dto/procuration.response';
import { ProcurationServicesService, type ServiceView } from './procuration-services.service';
import { type ProcurationKey, ProcurationsService, readOptionsOf } from './procurations.service';
import {
  AddMissingProcurationServicesDocs,
  CreateProcurationDocs,
  DeleteProcurationDocs,
  DeleteProcurationFavoriteServiceDocs,
  DeleteProcurationServiceDocs,
  ListProcurationsDocs,
  ListProcurationServicesDocs,
  PatchProcurationDocs,
  type ProcurationSideName,
  ProcurationsDocs,
  ReadProcurationDocs,
  ReadProcurationServiceDocs,
  UpsertProcurationDocs,
  UpsertProcurationFavoriteServiceDocs,
  UpsertProcurationServiceDocs,
} from './procurations.openapi';

export const OUTBOUND_LIST_PATH = 'profiles/:profileId/outbound-procurations';
export const OUTBOUND_PATH = 'profiles/:principalProfileId/outbound-procurations';
export const INBOUND_LIST_PATH = 'profiles/:profileId/inbound-procurations';
export const INBOUND_PATH = 'profiles/:representativeProfileId/inbound-procurations';

/** When the upsert was deprecated (RFC 9745 `Deprecation`, a Unix time): the day interfaces 10.0 replaced it by the create. */
const DEPRECATED_SINCE = '@1763856000';

const PrincipalProfileId = (): ParameterDecorator => Param('principalProfileId', ParseInt32Pipe);
const RepresentativeProfileId = (): ParameterDecorator => Param('representativeProfileId', ParseInt32Pipe);
const ServiceId = (): ParameterDecorator => Param('serviceId', ParseInt32Pipe);

/** The procuration a path names: its principal, its representative, and `DelegatorProfileId`. */
const procurationKey = (
  principalProfileId: number,
  representativeProfileId: number,
  query: ProcurationPathQueryDto,
): ProcurationKey => ({
  principalProfileId,
  representativeProfileId,
  delegatorProfileId: query.DelegatorProfileId ?? null,
});

/**
 * One side of the procuration routes. Outbound, the path's profile is the principal
 * (`/profiles/{principalProfileId}/outbound-procurations/{representativeProfileId}`); inbound, the
 * representative (`/profiles/{representativeProfileId}/inbound-procurations/{principalProfileId}`).
 * The routes both sides serve are written once, for a side.
 */
interface ProcurationSide<ListQuery, PatchBody> {
  /** In the handlers' names, hence in the operation ids (`readOutboundProcuration`), and in the docs. */
  readonly name: ProcurationSideName;
  /** The path's two profile ids, in path order, as the handlers take them (and OpenAPI lists them). */
  readonly pathIds: readonly [string, string];
  readonly keyOf: (first: number, second: number, query: ProcurationPathQueryDto) => ProcurationKey;
  /** The services of a procuration the side reads. */
  readonly services: ServiceView;
  readonly listQuery: Type<ListQuery>;
  readonly list: (
    procurations: ProcurationsService,
    profileId: number,
    query: ListQuery,
  ) => Promise<Page<ProcurationView> | StreamedPage<ProcurationView>>;
  readonly patchBody: Type<PatchBody>;
  readonly patch: (
    procurations: ProcurationsService,
    key: ProcurationKey,
    body: PatchBody,
  ) => Promise<ProcurationView>;
}

const OUTBOUND: ProcurationSide<ListOutboundProcurationsQueryDto, PatchOutboundProcurationDto> = {
  name: 'Outbound',
  pathIds: ['principalProfileId', 'representativeProfileId'],
  keyOf: procurationKey,
  // Every link the principal agreed to.
  services: 'agreed',
  listQuery: ListOutboundProcurationsQueryDto,
  list: (procurations, profileId, query) => procurations.listOutbound(profileId, query),
  patchBody: PatchOutboundProcurationDto,
  patch: (procurations, key, body) => procurations.patchOutbound(key, body),
};

const INBOUND: ProcurationSide<ListInboundProcurationsQueryDto, PatchInboundProcurationDto> = {
  name: 'Inbound',
  pathIds: ['representativeProfileId', 'principalProfileId'],
  keyOf: (representativeProfileId, principalProfileId, query) =>
    procurationKey(principalProfileId, representativeProfileId, query),
  // Only what the representative may use now (contract 6).
  services: 'accessible',
  listQuery: ListInboundProcurationsQueryDto,
  list: (procurations, profileId, query) => procurations.listInbound(profileId, query),
  patchBody: PatchInboundProcurationDto,
  patch: (procurations, key, body) => procurations.patchInbound(key, body),
};

/** `GET /profiles/{profileId}/outbound-procurations` (as principal) or `/inbound-procurations` (as representative). */
function ProcurationListRoutes<ListQuery, PatchBody>(side: ProcurationSide<ListQuery, PatchBody>): Type {
  const list = `list${side.name}Procurations`;

  @ProcurationsDocs()
  @RequireRoles(...PROFILE_READERS)
  class ListRoutes {
    constructor(private readonly procurations: ProcurationsService) {}

    @Get()
    @ListProcurationsDocs(side.name)
    // Projected inside the pagination, so that a streamed list (PageSize=-1) is projected batch by batch.
    @Projected('procuration')
    @PaginatedList(ProcurationResponse, { orderByExample: 'createStamp desc,id' })
    async [list](
      @ProfileId() profileId: number,
      @Query() query: ListQuery,
    ): Promise<Page<ProcurationResponse> | StreamedPage<ProcurationResponse>> {
      return (await side.list(this.procurations, profileId, query)).map(toProcurationResponse);
    }
  }

  // The side's query class: the validation pipe and OpenAPI read it from the parameter types.
  Reflect.defineMetadata('design:paramtypes', [Number, side.listQuery], ListRoutes.prototype, list);
  return ListRoutes;
}

/** The services the handlers of a procuration call. A handler writes (ProfileApi_Max) unless it says it reads. */
@ProcurationsDocs()
@RequireRoles(PROFILE_WRITER)
class ProcurationHandlers {
  constructor(
    protected readonly procurations: ProcurationsService,
    protected readonly procurationServices: ProcurationServicesService,
  ) {}
}

/**
 * The routes both sides serve, under `/profiles/{id}/<side>-procurations`, on top of `Base`, a
 * side's own routes. Nest documents a path's operations in the order it meets their handlers, a
 * subclass's before its base's: a side's operations that the document lists before these are
 * declared in a subclass of the result, those it lists after in `Base`.
 */
function ProcurationRoutes<ListQuery, PatchBody>(
  side: ProcurationSide<ListQuery, PatchBody>,
  Base: typeof ProcurationHandlers,
): typeof ProcurationHandlers {
  const [PathProfileId, OtherProfileId] = side.pathIds.map(
    (name) => (): ParameterDecorator => Param(name, ParseInt32Pipe),
  );
  const item = `:${side.pathIds[1]}`;
  const patch = `patch${side.name}Procuration`;

  class SharedRoutes extends Base {
    // The handlers are named after the side (`readOutboundProcuration`), as their operation ids are.
    [handler: string]: unknown;

    @Patch(item)
    @BodyMediaType(MERGE_PATCH_MEDIA_TYPE)
    @PatchProcurationDocs(side.name)
    @Projected('procuration', { queryable: false })
    async [patch](
      @PathProfileId() profileId: number,
      @OtherProfileId() otherProfileId: number,
      @Query() query: ProcurationPathQueryDto,
      @Body() body: PatchBody,
    ): Promise<ProcurationResponse> {
      const key = side.keyOf(profileId, otherProfileId, query);
      return toProcurationResponse(await side.patch(this.procurations, key, body));
    }

    @Get(item)
    @RequireRoles(...PROFILE_READERS)
    @ReadProcurationDocs(side.name)
    @Projected('procuration')
    async [`read${side.name}Procuration`](
      @PathProfileId() profileId: number,
      @OtherProfileId() otherProfileId: number,
      @Query() query: ReadProcurationQueryDto,
    ): Promise<ProcurationResponse> {
      const key = side.keyOf(profileId, otherProfileId, query);
      return toProcurationResponse(await this.procurations.get(key, readOptionsOf(query)));
    }

    @Delete(item)
    @HttpCode(204)
    @DeleteProcurationDocs(side.name)
    async [`delete${side.name}Procuration`](
      @PathProfileId() profileId: number,
      @OtherProfileId() otherProfileId: number,
      @Query() query: ProcurationPathQueryDto,
    ): Promise<void> {
      await this.procurations.delete(side.keyOf(profileId, otherProfileId, query));
    }

    @Get(`${item}/services`)
    @RequireRoles(...PROFILE_READERS)
    @ListProcurationServicesDocs(side.name)
    @PaginatedList(ProfileServiceResponse)
    @Projected('service')
    async [`list${side.name}ProcurationServices`](
      @PathProfileId() profileId: number,
      @OtherProfileId() otherProfileId: number,
      @Query() query: ListProcurationServicesQueryDto,
    ): Promise<Page<ProfileServiceResponse>> {
      const key = side.keyOf(profileId, otherProfileId, query);
      const { services, parts, expand } = await this.procurationServices.list(key, side.services, query);
      return services.map((service) => toProfileServiceResponse(service, expand, parts));
    }

    @Get(`${item}/services/:serviceId`)
    @RequireRoles(...PROFILE_READERS)
    @ReadProcurationServiceDocs(side.name)
    @Projected('service')
    async [`read${side.name}ProcurationService`](
      @PathProfileId() profileId: number,
      @OtherProfileId() otherProfileId: number,
      @ServiceId() serviceId: number,
      @Query() query: ReadProcurationServiceQueryDto,
    ): Promise<ProfileServiceResponse> {
      const key = side.keyOf(profileId, otherProfileId, query);
      const read = await this.procurationServices.get(key, side.services, serviceId, query);
      return toProfileServiceResponse(read.services, read.expand, read.parts);
    }
  }

  // The side's body class: the validation pipe and OpenAPI read it from the parameter types.
  Reflect.defineMetadata(
    'design:paramtypes',
    [Number, Number, ProcurationPathQueryDto, side.patchBody],
    SharedRoutes.prototype,
    patch,
  );
  return SharedRoutes;
}

export class OutboundProcurationListController extends ProcurationListRoutes(OUTBOUND) {}

/** The principal's writes to the services of a procuration, which the document lists after the shared reads. */
class OutboundServiceLinks extends ProcurationHandlers {
  @Post(':representativeProfileId/services')
  @HttpCode(200)
  @AddMissingProcurationServicesDocs()
  @Projected('procurationService', { queryable: false })
  async addMissingProcurationServices(
    @PrincipalProfileId() principalProfileId: number,
    @RepresentativeProfileId() representativeProfileId: number,
    @Query() query: ProcurationPathQueryDto,
    @Body() body: ProcurationServiceBodyDto,
  ): Promise<ProcurationServiceResponse[]> {
    const key = procurationKey(principalProfileId, representativeProfileId, query);
    return (await this.procurationServices.addMissing(key, body)).map(toProcurationServiceResponse);
  }

  @Put(':representativeProfileId/services/:serviceId')
  @UpsertProcurationServiceDocs()
  @UpsertRoute(ProcurationServiceResponse)
  @Projected('procurationService', { queryable: false })
  async upsertProcurationService(
    @PrincipalProfileId() principalProfileId: number,
    @RepresentativeProfileId() representativeProfileId: number,
    @ServiceId() serviceId: number,
    @Query() query: ProcurationPathQueryDto,
    @Body() body: ProcurationServiceBodyDto,
  ): Promise<UpsertedResponse<ProcurationServiceResponse>> {
    const key = procurationKey(principalProfileId, representativeProfileId, query);
    const upserted = await this.procurationServices.upsert(key, serviceId, body);
    return UpsertedResponse.of(upserted, toProcurationServiceResponse);
  }

  @Delete(':representativeProfileId/services/:serviceId')
  @HttpCode(204)
  @DeleteProcurationServiceDocs()
  async deleteProcurationService(
    @PrincipalProfileId() principalProfileId: number,
    @RepresentativeProfileId() representativeProfileId: number,
    @ServiceId() serviceId: number,
    @Query() query: ProcurationPathQueryDto,
  ): Promise<void> {
    const key = procurationKey(principalProfileId, representativeProfileId, query);
    await this.procurationServices.delete(key, serviceId);
  }
}

/** `/profiles/{principalProfileId}/outbound-procurations/{representativeProfileId}[/services[/{serviceId}]]`. */
export class OutboundProcurationsController extends ProcurationRoutes(OUTBOUND, OutboundServiceLinks) {
  @Post(':representativeProfileId')
  @CreateProcurationDocs()
  @Projected('procuration', { queryable: false })
  async createOutboundProcuration(
    @PrincipalProfileId() principalProfileId: number,
    @RepresentativeProfileId() representativeProfileId: number,
    @Query() query: ProcurationPathQueryDto,
    @Body() body: WriteProcurationDto,
  ): Promise<ProcurationResponse> {
    const key = procurationKey(principalProfileId, representativeProfileId, query);
    return toProcurationResponse(await this.procurations.create(key, body));
  }

  @Put(':representativeProfileId')
  @UpsertProcurationDocs()
  @UpsertRoute(ProcurationResponse)
  @Projected('procuration', { queryable: false })
  async upsertOutboundProcuration(
    @PrincipalProfileId() principalProfileId: number,
    @RepresentativeProfileId() representativeProfileId: number,
    @Query() query: ProcurationPathQueryDto,
    @Body() body: WriteProcurationDto,
    @Req() request: FastifyRequest,
  ): Promise<UpsertedResponse<ProcurationResponse>> {
    const key = procurationKey(principalProfileId, representativeProfileId, query);
    return UpsertedResponse.of(await this.procurations.upsert(key, body), toProcurationResponse).withHeaders({
      Deprecation: DEPRECATED_SINCE,
      Link: `<${request.url.split('?')[0]}>; rel="successor-version"; title="POST creates"`,
    });
  }
}

export class InboundProcurationListController extends ProcurationListRoutes(INBOUND) {}

/** The representative's favorites within a procuration, which the document lists after the shared routes. */
class InboundFavorites extends ProcurationHandlers {
  @Put(':principalProfileId/favorite-services/:serviceId')
  @UpsertProcurationFavoriteServiceDocs()
  @UpsertRoute(FavoriteServiceResponse)
  @Projected('favoriteService', { queryable: false })
  async upsertProcurationFavoriteService(
    @RepresentativeProfileId() representativeProfileId: number,
    @PrincipalProfileId() principalProfileId: number,
    @ServiceId() serviceId: number,
    @Query() query: ProcurationPathQueryDto,
    @Body() body: UpsertFavoriteServiceDto,
  ): Promise<UpsertedResponse<FavoriteServiceResponse>> {
    const key = procurationKey(principalProfileId, representativeProfileId, query);
    const upserted = await this.procurationServices.upsertFavorite(key, serviceId, body);
    return UpsertedResponse.of(upserted, toFavoriteServiceResponse);
  }

  @Delete(':principalProfileId/favorite-services/:serviceId')
  @HttpCode(204)
  @DeleteProcurationFavoriteServiceDocs()
  async deleteProcurationFavoriteService(
    @RepresentativeProfileId() representativeProfileId: number,
    @PrincipalProfileId() principalProfileId: number,
    @ServiceId() serviceId: number,
    @Query() query: ProcurationPathQueryDto,
  ): Promise<void> {
    const key = procurationKey(principalProfileId, representativeProfileId, query);
    await this.procurationServices.deleteFavorite(key, serviceId);
  }
}

/** `/profiles/{representativeProfileId}/inbound-procurations/{principalProfileId}[/services|/favorite-services]`. */
export class InboundProcurationsController extends ProcurationRoutes(INBOUND, InboundFavorites) {}
