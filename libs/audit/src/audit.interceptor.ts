import { createHash } from 'node:crypto';

import {
  type CallHandler,
  type ExecutionContext,
  type INestApplication,
  Injectable,
  Logger,
  type NestInterceptor,
  RequestMethod,
  SetMetadata,
  type Type,
} from '@nestjs/common';
import {
  HTTP_CODE_METADATA,
  INTERCEPTORS_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
} from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer, type Reflector } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getMetadataStorage } from 'class-validator';
import { concatMap, type Observable } from 'rxjs';
import type { DataSource } from 'typeorm';

import { currentRequestContext, routeInputsOf } from '@portal/http-context';

import { insertAuditEvent } from './audit-event-table';
import { type AuditedWrite, auditEventRowOf, beginAuditedWrite, resourceOfRoute } from './audited-write';

const NOT_AUDITED = 'portal:not-audited';

/** A POST that changes nothing (a render): no audit record. */
export const NotAudited = (): MethodDecorator => SetMetadata(NOT_AUDITED, true);

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The route methods that may write; ALL because such a route also answers writes. */
const WRITE_ROUTE_METHODS: ReadonlySet<RequestMethod> = new Set([
  RequestMethod.POST,
  RequestMethod.PUT,
  RequestMethod.PATCH,
  RequestMethod.DELETE,
  RequestMethod.ALL,
]);

type AuditableRequest = FastifyRequest & { principal?: { subject: string } };

/** Where an app's requests find its AuditInterceptor (a Fastify request decoration). */
const AUDITOR = 'portalAuditInterceptor';

type AuditorRequest = FastifyRequest & { [AUDITOR]?: AuditInterceptor };

/**
 * What the write routes carry: route metadata belongs to the controller classes, which every app
 * of the process shares (tests run several), so it hands each request to its own app's interceptor.
 */
const AUDIT_WRITES: NestInterceptor = {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const auditor = context.switchToHttp().getRequest<AuditorRequest>()[AUDITOR];
    if (!auditor)
      throw new Error('A write route served by an app that does not audit writes (auditWriteRoutes)');
    return auditor.intercept(context, next);
  },
};

/**
 * Audits the app's writes with `interceptor`: every write route of its controllers (POST, PUT,
 * PATCH, DELETE) that is not @NotAudited runs it, ahead of the route's own interceptors, as a
 * global interceptor would; before the app is initialised. Reads run no interceptor for it: any
 * interceptor at all costs a request Nest's interceptor pipeline (rxjs observables and two
 * AsyncResource.bind), which was a sixth of a read's CPU. Answers the number of write handlers
 * (an inherited one counts once).
 */
export function auditWriteRoutes(app: INestApplication, interceptor: AuditInterceptor): number {
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  fastify.decorateRequest(AUDITOR, { getter: () => interceptor });
  const scanner = new MetadataScanner();
  const handlers = new Set<object>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (typeof metatype !== 'function') continue;
      const prototype = (metatype as Type).prototype as Record<string, unknown>;
      for (const name of scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        if (typeof handler !== 'function' || Reflect.getMetadata(PATH_METADATA, handler) === undefined)
          continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined || !WRITE_ROUTE_METHODS.has(method)) continue;
        if (Reflect.getMetadata(NOT_AUDITED, handler) === true) continue;
        handlers.add(handler);
      }
    }
  }
  // Once per handler: an inherited one serves several controllers, and apps share them all.
  for (const handler of handlers) {
    const own = (Reflect.getMetadata(INTERCEPTORS_METADATA, handler) ?? []) as unknown[];
    if (!own.includes(AUDIT_WRITES))
      Reflect.defineMetadata(INTERCEPTORS_METADATA, [AUDIT_WRITES, ...own], handler);
  }
  return handlers.size;
}

/**
 * On the write routes (auditWriteRoutes): describes each write request (route, resource, path ids, subject, `createdBy`/`updatedBy`)
 * for the AuditSubscriber, which records it in the write's transaction. Runs after the guard, so a
 * refused token or role (401/403) is never a write; a write refused later (400, 404, 409) rolls
 * back with its audit row, so refused writes leave no record.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Audit');

  constructor(
    private readonly reflector: Reflector,
    private readonly dataSource: DataSource,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<AuditableRequest>();
    const requestContext = currentRequestContext();
    if (
      context.getType() !== 'http' ||
      !requestContext ||
      !WRITE_METHODS.has(request.method) ||
      this.reflector.get<boolean>(NOT_AUDITED, context.getHandler())
    )
      return next.handle();

    const write = describeWrite(
      request,
      this.reflector.get<number>(HTTP_CODE_METADATA, context.getHandler()),
      this.requesterFieldsOf(context),
    );
    beginAuditedWrite(requestContext, write);
    return next.handle().pipe(
      concatMap(async (value: unknown) => {
        // A write that committed no transaction (a lone statement) is still recorded, just after it.
        if (!write.recorded) {
          this.logger.warn(`${write.method} ${write.route} wrote outside a transaction; audited after it`);
          await insertAuditEvent(
            (sql, parameters) => this.dataSource.query(sql, parameters),
            auditEventRowOf(write, requestContext.correlationId),
          );
          write.recorded = true;
        }
        return value;
      }),
    );
  }

  private readonly requesterFields = new WeakMap<object, RequesterFields>();

  /**
   * Which of `createdBy`/`updatedBy` the route's body type declares: a value the interface does
   * not have (an ignored `createdBy` on an update) is not the requester, and is not recorded.
   */
  private requesterFieldsOf(context: ExecutionContext): RequesterFields {
    const handler = context.getHandler();
    const known = this.requesterFields.get(handler);
    if (known) return known;
    const { bodyType } = routeInputsOf(context.getClass(), handler as (...args: never[]) => unknown);
    const declared = new Set(
      bodyType
        ? getMetadataStorage()
            .getTargetValidationMetadatas(bodyType, '', true, false)
            .map((metadata) => metadata.propertyName)
        : [],
    );
    const fields = { createdBy: declared.has('createdBy'), updatedBy: declared.has('updatedBy') };
    this.requesterFields.set(handler, fields);
    return fields;
  }
}

/**
 * Path parameters that are secrets (a procuration invite's token): the record holds the start of
 * their SHA-256 digest, which names the invite (its stored digest starts so) but cannot be used.
 */
const SECRET_PATH_PARAMETERS: ReadonlySet<string> = new Set(['token']);

const secretReference = (value: string): string =>
  `sha256:${createHash('sha256').update(value, 'utf8').digest('hex').slice(0, 16)}`;

interface RequesterFields {
  readonly createdBy: boolean;
  readonly updatedBy: boolean;
}

export function describeWrite(
  request: AuditableRequest,
  httpCode: number | undefined,
  requesterFields: RequesterFields,
): AuditedWrite {
  const route = request.routeOptions.url ?? request.url.split('?')[0];
  const { resource, parameters } = resourceOfRoute(route);
  const params = (request.params ?? {}) as Record<string, unknown>;
  return {
    method: request.method,
    route,
    resource,
    pathIds: parameters.map((name) => {
      const value = params[name];
      if (typeof value !== 'string') return '';
      return SECRET_PATH_PARAMETERS.has(name) ? secretReference(value) : value;
    }),
    subject: request.principal?.subject ?? null,
    createdBy: requesterFields.createdBy ? textField(request.body, 'createdBy') : null,
    updatedBy: requesterFields.updatedBy ? textField(request.body, 'updatedBy') : null,
    successStatus: httpCode ?? (request.method === 'POST' ? 201 : 200),
    recorded: false,
  };
}

/** A requester id from the body, when it is one; never any other part of the body. */
function textField(body: unknown, name: string): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : null;
}
