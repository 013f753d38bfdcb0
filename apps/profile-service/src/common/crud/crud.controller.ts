import { Body, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Res, type Type } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { createdInCollection, ParseInt32Pipe } from '@portal/http-context';
import { type Page, PaginatedList, type PageQueryDto } from '@portal/pagination';

import { PROFILE_READERS, PROFILE_WRITER } from '../access';
import type { CreateBody, CrudService, UpdateBody } from './crud.service';
import {
  CreateRecordDocs,
  CrudResourceDocs,
  DeleteRecordDocs,
  type DocumentedCrud,
  ListRecordsDocs,
  ReadRecordDocs,
  UpdateRecordDocs,
} from './crud.openapi';
import { type AuditedRecord, type ResourceDefinition, toResponse } from './resource-definition';

export interface CrudRoutes<E extends AuditedRecord, Q extends PageQueryDto> extends DocumentedCrud {
  readonly definition: ResourceDefinition<E, Q>;
  readonly service: Type<CrudService<E, Q>>;
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
  const { idName } = routes.definition;
  const item = `:${idName}`;

  @CrudResourceDocs(routes)
  @RequireRoles(...PROFILE_READERS)
  class CrudRoutesBase {
    constructor(@Inject(routes.service) readonly service: CrudService<E, Q>) {}

    @Get()
    @ListRecordsDocs(routes)
    @PaginatedList(routes.response)
    @Projected(routes.entityKey)
    async list(@Query() query: Q): Promise<Page<Record<string, unknown>>> {
      return (await this.service.list(query)).map((entity) => this.respond(entity));
    }

    @Post()
    @RequireRoles(PROFILE_WRITER)
    @CreateRecordDocs(routes)
    @Projected(routes.entityKey, { queryable: false })
    async create(
      @Body() body: CreateBody,
      @Res({ passthrough: true }) reply: FastifyReply,
    ): Promise<Record<string, unknown>> {
      const record = await this.service.create(body);
      createdInCollection(reply, record.id);
      return this.respond(record);
    }

    @Get(item)
    @ReadRecordDocs(routes)
    @Projected(routes.entityKey)
    async read(@Param(idName, ParseInt32Pipe) id: number): Promise<Record<string, unknown>> {
      return this.respond(await this.service.get(id));
    }

    @Put(item)
    @RequireRoles(PROFILE_WRITER)
    @UpdateRecordDocs(routes)
    @Projected(routes.entityKey, { queryable: false })
    async update(
      @Param(idName, ParseInt32Pipe) id: number,
      @Body() body: UpdateBody,
    ): Promise<Record<string, unknown>> {
      return this.respond(await this.service.update(id, body));
    }

    @Delete(item)
    @HttpCode(204)
    @RequireRoles(PROFILE_WRITER)
    @DeleteRecordDocs(routes)
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
