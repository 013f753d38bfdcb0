import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';

import { FREE_TEXT_PATTERN, FreeText, QueryString } from '@portal/http-context';
import { PageQueryDto } from '@portal/pagination';

import type { AuditEventEntity } from './audit-event.entity';

const TextFilter = (description: string, maxLength: number): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ description, maxLength, pattern: FREE_TEXT_PATTERN }),
    IsOptional(),
    QueryString(),
    IsString(),
    MaxLength(maxLength),
    FreeText(),
  );

const TimeFilter = (description: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ description, type: String, format: 'date-time' }),
    IsOptional(),
    QueryString(),
    IsISO8601({ strict: true }, { message: '$property must be an ISO 8601 date-time' }),
  );

/** The audit list's filters: all exact matches, combined with AND. */
export class AuditEventsQueryDto extends PageQueryDto {
  @TextFilter(
    "Records of this resource: the route's segments after the version, ids left out (`profiles/roles`).",
    200,
  )
  readonly Resource?: string;

  @TextFilter(
    "Records of this resource id: the path's ids joined by `/` (`12/7`), a create's new id last.",
    500,
  )
  readonly ResourceId?: string;

  @TextFilter("Records of this caller: the token's subject.", 255)
  readonly Subject?: string;

  @TimeFilter('Records from this instant on (inclusive).')
  readonly From?: string;

  @TimeFilter('Records before this instant (exclusive).')
  readonly To?: string;
}

/** One audit record: ids, the route template and the outcome, never a body or a query value. */
export class AuditEventResponse {
  @ApiProperty({ type: 'integer', format: 'int64' }) readonly id: number;
  @ApiProperty({ format: 'date-time', description: "When the write's transaction began." })
  readonly occurredAt: string;
  @ApiProperty({ type: String, nullable: true, description: "The token's subject." })
  readonly subject: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The body's createdBy, when it has one." })
  readonly createdBy: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The body's updatedBy, when it has one." })
  readonly updatedBy: string | null;
  @ApiProperty({ enum: ['POST', 'PUT', 'PATCH', 'DELETE'] }) readonly method: string;
  @ApiProperty({ description: 'The route template, never the path: `/demo/v10-0/profiles/:profileId`.' })
  readonly route: string;
  @ApiProperty({ example: 'profiles' }) readonly resource: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The path's ids joined by `/`; a create's new id last.",
  })
  readonly resourceId: string | null;
  @ApiProperty({ enum: ['created', 'updated', 'deleted'] }) readonly result: string;
  @ApiProperty({ type: 'integer', description: 'The HTTP status of the committed write.' })
  readonly status: number;
  @ApiProperty() readonly correlationId: string;
}

export function toAuditEventResponse(event: AuditEventEntity): AuditEventResponse {
  return {
    id: Number(event.id),
    occurredAt: event.occurredAt.toISOString(),
    subject: event.subject,
    createdBy: event.createdBy,
    updatedBy: event.updatedBy,
    method: event.method,
    route: event.route,
    resource: event.resource,
    resourceId: event.resourceId,
    result: event.result,
    status: event.status,
    correlationId: event.correlationId,
  };
}
