import { Body, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Res, type Type } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';

import { Projected } from '@portal/access-level';
import { RequireRoles } from '@portal/auth';
import { ApiBodyExamples, type BodyExample, createdInCollection, ParseInt32Pipe } from '@portal/http-context';
import { type Page, PaginatedList, type PageQueryDto } from '@portal/pagination';
import { ApiProblemResponses } from '@portal/problem-details';
import type { ExampleByVersion } from '@portal/service-runtime';

import { PROFILE_READERS, PROFILE_WRITER } from '../access';
import {
  IdParam,
  NOT_FOUND,
  ORDER_BY,
  PAGING,
  readProjection,
  sentences,
  withArticle,
  writeProjection,
} from '../operation-docs';
import type { CreateBody, CrudService, UpdateBody } from './crud.service';
import { type AuditedRecord, type ResourceDefinition, toResponse } from './resource-definition';

/** What a resource's operation descriptions say beyond what every resource shares. */
export interface CrudRules {
  /** The list filters: "`Name`: the client of this name, case-insensitive." */
  readonly filters: string;
  /** Rules of create and update beyond the field bounds, e.g. what is unique. */
  readonly write: string;
  /** Rules of update only. */
  readonly update?: string;
  /** What refuses a delete (a 400 on the id), completing "while ...": "a service or an identity uses it". */
  readonly deleteRefusedWhile?: string;
  /** What else the delete refuses or takes with it. */
  readonly deleteNote?: string;
}

/** Realistic examples that run as they are on a fresh `npm start` (its demo catalogue). */
export interface CrudExamples {
  /** The id of a record of the demo catalogue, for the item routes' examples. */
  readonly id: number;
  /**
   * The delete's example per version: a record the demo catalogue keeps for it (the last two of
   * its list), which nothing refers to, so that each version's delete removes a record of its own
   * and every example runs in any order.
   */
  readonly deleteId: ExampleByVersion<number>;
  readonly create: BodyExample;
  readonly update: BodyExample;
}

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
  readonly rules: CrudRules;
  readonly examples: CrudExamples;
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
  const { rules, examples, entityKey } = routes;
  const item = `:${idName}`;
  const Id = (): MethodDecorator => IdParam(idName, examples.id);
  const writeDescription = (...specific: (string | undefined)[]): string =>
    sentences(
      ...specific,
      'The properties a body may not set (`id`, the audit stamps) are ignored, so a read may be sent back; an ' +
        'unknown property is a 400 under v10-0 and ignored under v9-1. A field left out takes its default.',
      rules.write,
      writeProjection(entityKey),
    );

  @ApiTags(routes.tag)
  @ApiProblemResponses(401, 403)
  @RequireRoles(...PROFILE_READERS)
  class CrudRoutesBase {
    constructor(@Inject(routes.service) readonly service: CrudService<E, Q>) {}

    @Get()
    @ApiOperation({
      summary: `List ${routes.plural}`,
      description: sentences(PAGING, ORDER_BY, `Filters: ${rules.filters}`, readProjection(entityKey)),
    })
    @PaginatedList(routes.response)
    @Projected(routes.entityKey)
    @ApiProblemResponses(400)
    async list(@Query() query: Q): Promise<Page<Record<string, unknown>>> {
      return (await this.service.list(query)).map((entity) => this.respond(entity));
    }

    @Post()
    @RequireRoles(PROFILE_WRITER)
    @ApiOperation({
      summary: `Create ${withArticle(noun)}`,
      description: writeDescription('Answers 201 with the record; `createdBy` is required.'),
    })
    @ApiBodyExamples(routes.createBody, { [entityKey]: examples.create })
    @ApiCreatedResponse({ type: routes.response })
    @Projected(routes.entityKey, { queryable: false })
    @ApiProblemResponses(400, 413, 415)
    async create(
      @Body() body: CreateBody,
      @Res({ passthrough: true }) reply: FastifyReply,
    ): Promise<Record<string, unknown>> {
      const record = await this.service.create(body);
      createdInCollection(reply, record.id);
      return this.respond(record);
    }

    @Get(item)
    @ApiOperation({
      summary: `Read ${withArticle(noun)}`,
      description: sentences(
        NOT_FOUND,
        'An id that is not a positive int32 is a 400.',
        readProjection(entityKey),
      ),
    })
    @Id()
    @ApiOkResponse({ type: routes.response })
    @Projected(routes.entityKey)
    @ApiProblemResponses(400, 404)
    async read(@Param(idName, ParseInt32Pipe) id: number): Promise<Record<string, unknown>> {
      return this.respond(await this.service.get(id));
    }

    @Put(item)
    @RequireRoles(PROFILE_WRITER)
    @ApiOperation({
      summary: `Update ${withArticle(noun)}`,
      description: writeDescription(
        'Replaces the fields of the record (PUT is not a patch); `updatedBy` is required.',
        rules.update,
        NOT_FOUND,
      ),
    })
    @Id()
    @ApiBodyExamples(routes.updateBody, { [entityKey]: examples.update })
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
    @ApiOperation({
      summary: `Delete ${withArticle(noun)}`,
      description: sentences(
        'Answers 204.',
        rules.deleteRefusedWhile &&
          `Refused with a 400 on \`${idName}\`, naming what refers to it and how many, while ${rules.deleteRefusedWhile}.`,
        rules.deleteNote,
        NOT_FOUND,
        `The example is ${withArticle(noun)} the demo catalogue keeps for it, one per version.`,
      ),
    })
    @IdParam(idName, examples.deleteId)
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
