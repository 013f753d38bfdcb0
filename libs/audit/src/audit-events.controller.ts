import { Controller, type DynamicModule, Get, Module, Query, type Type } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { RequireRoles } from '@portal/auth';
import { fetchPage, type Page, PaginatedList, pageRequestOf, parseOrderBy } from '@portal/pagination';
import { ApiProblemResponses, ValidationProblemError } from '@portal/problem-details';

import { AuditEventEntity } from './audit-event.entity';
import { AuditEventResponse, AuditEventsQueryDto, toAuditEventResponse } from './audit-events.dto';

/** The list's OpenAPI tag, for a service that describes its tags. */
export const AUDIT_TAG = {
  name: 'Audit events',
  description: "Who changed what: one record per committed write, read by the service's writing role.",
};

const AUDIT_ORDER = { id: 'event.id', occurredAt: 'event.occurredAt' };
const NEWEST_FIRST = 'occurredAt desc,id desc';

const LIST_DESCRIPTION =
  "One record per committed write: the token's subject, the body's `createdBy`/`updatedBy`, the method, " +
  'route template, resource and ids, the result and status, and the correlation id; never a body, a query ' +
  'value or any other personal data. Paged (`PageNumber`, `PageSize`, `X-Pagination-*` headers), newest ' +
  'first (`OrderBy` over `occurredAt`, `id`). Filters are exact and combine: `Resource`, `ResourceId`, ' +
  '`Subject`, `From` (inclusive) and `To` (exclusive).';

/** An ISO 8601 filter as an instant; one JavaScript cannot represent is a 400, not a database error. */
function instantOf(value: string | undefined, parameter: string): Date | undefined {
  if (value === undefined) return undefined;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime()))
    throw ValidationProblemError.of(parameter, `${parameter} must be an ISO 8601 date-time`);
  return instant;
}

export interface AuditEventsOptions {
  /** The service's writing role, the only one that reads the records. */
  readonly role: string;
  /** The version segments the service mounts its routes under. */
  readonly versions: readonly string[];
}

/** GET /{tenant}/<version>/audit-events, one controller class per version (unique operation ids). */
function auditEventsControllers(options: AuditEventsOptions): Type[] {
  return options.versions.map((version) => {
    const name = `AuditEventsV${version.slice(1).split('-')[0]}Controller`;
    @ApiTags(AUDIT_TAG.name)
    @ApiProblemResponses(401, 403)
    @Controller(`${version}/audit-events`)
    class AuditEventsController {
      constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

      @Get()
      @RequireRoles(options.role)
      @ApiOperation({ summary: 'List the audit records of writes', description: LIST_DESCRIPTION })
      @PaginatedList(AuditEventResponse, { orderByExample: 'occurredAt desc,id' })
      @ApiProblemResponses(400)
      async listAuditEvents(@Query() query: AuditEventsQueryDto): Promise<Page<AuditEventResponse>> {
        const from = instantOf(query.From, 'From');
        const to = instantOf(query.To, 'To');
        const order = parseOrderBy(query.OrderBy ?? NEWEST_FIRST, AUDIT_ORDER);
        const builder = this.dataSource.getRepository(AuditEventEntity).createQueryBuilder('event');
        if (query.Resource !== undefined)
          builder.andWhere('event.resource = :resource', { resource: query.Resource });
        if (query.ResourceId !== undefined)
          builder.andWhere('event.resourceId = :resourceId', { resourceId: query.ResourceId });
        if (query.Subject !== undefined)
          builder.andWhere('event.subject = :subject', { subject: query.Subject });
        if (from) builder.andWhere('event.occurredAt >= :from', { from });
        if (to) builder.andWhere('event.occurredAt < :to', { to });
        return (await fetchPage(builder, order, pageRequestOf(query))).map(toAuditEventResponse);
      }
    }
    Object.defineProperty(AuditEventsController, 'name', { value: name });
    return AuditEventsController;
  });
}

/** A service's audit list; the records themselves are written by AuditSubscriber. */
@Module({})
export class AuditModule {
  static forService(options: AuditEventsOptions): DynamicModule {
    return { module: AuditModule, controllers: auditEventsControllers(options) };
  }
}
