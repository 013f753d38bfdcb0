import { Readable } from 'node:stream';

import {
  applyDecorators,
  type CallHandler,
  createParamDecorator,
  type DynamicModule,
  type ExecutionContext,
  Global,
  Injectable,
  Module,
  type NestInterceptor,
  SetMetadata,
  UseInterceptors,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiExtension, ApiQuery } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { from, map, type Observable, switchMap } from 'rxjs';

import { perRoute, RequestValidationPipe, routeInputsOf, UpsertedResponse } from '@portal/http-context';
import { Page, StreamedPage } from '@portal/pagination';
import { ValidationProblemError } from '@portal/problem-details';

import { AccessLevelTable } from './access-level-table';
import type { EntitySchemas } from './entity-schema';
import { declaredExpansionsOf, requestedExpansions, unexpandedSelections } from './expansions';
import { PROJECTED_EXTENSION } from './projected-document';
import { effectiveLevel, ProjectionQueryDto } from './projection-query.dto';
import { type Projection, Projector } from './projector';

const PROJECTED = 'portal:projected';
/** Where the interceptor leaves the level a request is projected at, for @ProjectionLevel. */
const PROJECTION_LEVEL = Symbol('projection level');

interface ProjectedRoute {
  readonly entityKey: string;
  readonly queryable: boolean;
}

type RequestWithPrincipal = FastifyRequest & {
  principal?: { roles: Iterable<string> };
  [PROJECTION_LEVEL]?: number;
};

/**
 * The route's response is projected by `entityKey` at the caller's level (contract 3): a list
 * (a Page or an array) item by item, a single object as it is. The level is the highest of the
 * caller's roles in the level table, lowered by `Limited`; `Select` keeps only the named
 * properties. `queryable: false` (writes) projects at the caller's level and ignores the query.
 */
export const Projected = (entityKey: string, options: { queryable?: boolean } = {}): MethodDecorator => {
  const queryable = options.queryable ?? true;
  return applyDecorators(
    SetMetadata(PROJECTED, { entityKey, queryable } satisfies ProjectedRoute),
    UseInterceptors(ProjectionInterceptor),
    // The document makes every property of the response but `id` optional (relaxProjectedResponses).
    ApiExtension(PROJECTED_EXTENSION, entityKey),
    ...(queryable
      ? [
          ApiQuery({
            name: 'Limited',
            required: false,
            enum: [1, 2, 9],
            description: "Lowers the access level to min(Limited, the caller's level).",
          }),
          ApiQuery({
            name: 'Select',
            required: false,
            type: [String],
            description: `Properties of ${entityKey} to keep (dotted paths allowed), repeated or comma-separated; \`id\` is always kept. An unknown property is a 400, and so is a path into a nested object the request does not expand.`,
          }),
        ]
      : []),
  );
};

@Injectable()
export class ProjectionInterceptor implements NestInterceptor {
  private readonly validation = new RequestValidationPipe();

  constructor(
    private readonly reflector: Reflector,
    private readonly table: AccessLevelTable,
    private readonly projector: Projector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const route = this.reflector.get<ProjectedRoute | undefined>(PROJECTED, context.getHandler());
    if (!route) return next.handle();
    const request = context.switchToHttp().getRequest<RequestWithPrincipal>();
    // Limited and Select are checked before the handler runs, so a bad one changes nothing.
    return from(this.projectionOf(route, request, this.expansionsOf(context))).pipe(
      switchMap((projection) => {
        request[PROJECTION_LEVEL] = projection.level;
        return next.handle().pipe(map((result) => this.apply(result, route.entityKey, projection)));
      }),
    );
  }

  /** The `Expand` values the route's query DTO declares, read once per route. */
  private readonly expansionsOf = perRoute((handler, controller) =>
    declaredExpansionsOf(routeInputsOf(controller, handler).queryType),
  );

  private async projectionOf(
    route: ProjectedRoute,
    request: RequestWithPrincipal,
    expansions: readonly string[],
  ): Promise<Projection> {
    const callerLevel = this.table.levelOfRoles(request.principal?.roles ?? []) ?? 0;
    if (!route.queryable) return { level: callerLevel, select: [] };
    const query = (await this.validation.transform(request.query, {
      type: 'query',
      metatype: ProjectionQueryDto,
    })) as ProjectionQueryDto;
    const select = query.Select ?? [];
    const parameter = sentName(request.query, 'Select');
    this.projector.assertSelectable(route.entityKey, select, parameter);
    const unexpanded = unexpandedSelections(select, expansions, requestedExpansions(request.query));
    if (unexpanded.length > 0) throw new ValidationProblemError({ [parameter]: unexpanded });
    return { level: effectiveLevel(callerLevel, query.Limited), select };
  }

  private apply(result: unknown, entityKey: string, projection: Projection): unknown {
    if (result instanceof Page || result instanceof StreamedPage) {
      return (result as Page<unknown> | StreamedPage<unknown>).map((item) =>
        this.projector.project(item, entityKey, projection),
      );
    }
    // An upsert's body, whichever of the two interceptors runs first.
    if (result instanceof UpsertedResponse)
      return (result as UpsertedResponse<unknown>).map((record) =>
        this.projector.project(record, entityKey, projection),
      );
    // A body already written as a stream cannot be projected: refuse rather than send it unprojected.
    if (result instanceof Readable)
      throw new Error(
        'A streamed list must be projected before it is written: put @Projected above @PaginatedList.',
      );
    return this.projector.project(result, entityKey, projection);
  }
}

/**
 * The level the route's response is projected at (the caller's, lowered by `Limited`), for a
 * handler whose own rule depends on it (a secret shown only at the highest level). Only on
 * routes that are @Projected.
 */
export const ProjectionLevel = createParamDecorator((_data: unknown, context: ExecutionContext): number => {
  const level = context.switchToHttp().getRequest<RequestWithPrincipal>()[PROJECTION_LEVEL];
  if (level === undefined) throw new Error('@ProjectionLevel() is only available on @Projected routes.');
  return level;
});

/** The parameter as the client spelt it (`select`), for the 400's `errors` key. */
function sentName(query: unknown, name: string): string {
  const keys = query !== null && typeof query === 'object' ? Object.keys(query) : [];
  return keys.find((key) => key.toLowerCase() === name.toLowerCase()) ?? name;
}

/**
 * Provides the level table and the projector to every module (for @Projected routes). A service
 * passes its level table (the default file, or the one its deployment names) and the shapes of
 * its entities.
 */
@Global()
@Module({})
export class ProjectionModule {
  static forRoot(options: { table: AccessLevelTable; schemas: EntitySchemas }): DynamicModule {
    return {
      module: ProjectionModule,
      providers: [
        { provide: AccessLevelTable, useValue: options.table },
        { provide: Projector, useValue: new Projector(options.table, options.schemas) },
        ProjectionInterceptor,
      ],
      exports: [AccessLevelTable, Projector, ProjectionInterceptor],
    };
  }
}
