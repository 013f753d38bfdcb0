import { Body, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, type Type } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { ParseInt32Pipe } from '@portal/http-context';
import { type Page, PaginatedList, type PageQueryDto } from '@portal/pagination';
import { ApiProblemResponses } from '@portal/problem-details';

import { PROFILE_READERS, PROFILE_WRITER } from '../access';
import type { CreateBody, CrudService, UpdateBody } from './crud.service';
import { type AuditedRecord, type ResourceDefinition, toResponse } from './resource-definition';

export interface CrudRoutes<E extends AuditedRecord, Q extends PageQueryDto> {
  /** Projection entity key (interfaces 5): `legalForm`. */
  readonly entityKey: string;
  /** OpenAPI tag. */
  readonly tag: string;
  /** Plural noun for summaries: `legal forms`. */
  readonly plural: string;
  readonly definition: ResourceDefinition<E, Q>;
  readonly service: Type<CrudService<E, Q>>;
  readonly response: Type;
  readonly listQuery: Type<Q>;
  readonly createBody: Type<CreateBody>;
  readonly updateBody: Type<UpdateBody>;
}

/**
 * The five routes of a reference or catalogue resource (contract 6): GET list, POST, and GET,
 * PUT, DELETE of one by its int32 id. Reads are open to every ProfileApi role and projected at
 * its level; writes need ProfileApi_Max. Mount under both versions with `inEveryVersion`.
 */
export function CrudController<E extends AuditedRecord, Q extends PageQueryDto>(
  routes: CrudRoutes<E, Q>,
): Type {
  const { noun, idName } = routes.definition;
  const item = `:${idName}`;

  @ApiTags(routes.tag)
  @ApiProblemResponses(401, 403)
  @RequireRoles(...PROFILE_READERS)
  class CrudRoutesBase {
    constructor(@Inject(routes.service) readonly service: CrudService<E, Q>) {}

    @Get()
    @ApiOperation({ summary: `List ${routes.plural}` })
    @PaginatedList(routes.response)
    @Projected(routes.entityKey)
    @ApiProblemResponses(400)
    async list(@Query() query: Q): Promise<Page<Record<string, unknown>>> {
      return (await this.service.list(query)).map((entity) => this.respond(entity));
    }

    @Post()
    @RequireRoles(PROFILE_WRITER)
    @ApiOperation({ summary: `Create a ${noun}` })
    @ApiCreatedResponse({ type: routes.response })
    @Projected(routes.entityKey, { queryable: false })
    @ApiProblemResponses(400, 413, 415)
    async create(@Body() body: CreateBody): Promise<Record<string, unknown>> {
      return this.respond(await this.service.create(body));
    }

    @Get(item)
    @ApiOperation({ summary: `Read a ${noun}` })
    @ApiParam({ name: idName, type: 'integer', description: 'int32 identifier.' })
    @ApiOkResponse({ type: routes.response })
    @Projected(routes.entityKey)
    @ApiProblemResponses(400, 404)
    async read(@Param(idName, ParseInt32Pipe) id: number): Promise<Record<string, unknown>> {
      return this.respond(await this.service.get(id));
    }

    @Put(item)
    @RequireRoles(PROFILE_WRITER)
    @ApiOperation({ summary: `Update a ${noun}` })
    @ApiParam({ name: idName, type: 'integer', description: 'int32 identifier.' })
    @ApiOkResponse({ type: routes.response })
    @Projected(routes.entityKey, { queryable: false })
    @ApiProblemResponses(400, 404, 413, 415)
    async update(
      @Param(idName, ParseInt32Pipe) id: number,
      @Body() body: UpdateBody,
    ): Promise<Record<string, unknown>> {
      return this.respond(await this.service.update(id, body));
    }

    @Delete(item)
    @HttpCode(204)
    @RequireRoles(PROFILE_WRITER)
    @ApiOperation({ summary: `Delete a ${noun} (400 while other records refer to it)` })
    @ApiParam({ name: idName, type: 'integer', description: 'int32 identifier.' })
    @ApiNoContentResponse({ description: 'Deleted.' })
    @ApiProblemResponses(400, 404)
    async remove(@Param(idName, ParseInt32Pipe) id: number): Promise<void> {
      await this.service.delete(id);
    }

    protected respond(entity: E): Record<string, unknown> {
      return toResponse(this.service.definition, entity);
    }
  }

  // The DTO classes are the resource's own: the validation pipe and OpenAPI read them from here.
  const paramTypes: Record<string, unknown[]> = {
    list: [routes.listQuery],
    create: [routes.createBody],
    update: [Number, routes.updateBody],
  };
  for (const [method, types] of Object.entries(paramTypes)) {
    Reflect.defineMetadata('design:paramtypes', types, CrudRoutesBase.prototype, method);
  }
  return CrudRoutesBase;
}
