import type { Type } from '@nestjs/common';
import type { SelectQueryBuilder } from 'typeorm';

import type { AuditedEntity } from '@portal/database';
import type { PageQueryDto } from '@portal/pagination';
import { NotFoundError } from '@portal/problem-details';

import { AUDIT_PROPERTIES } from '../audited.response';
import { auditOf } from '../audited.response';

export interface AuditedRecord extends AuditedEntity {
  id: number;
}

/** The alias of the listed entity in a definition's filters. */
export const RECORD = 'record';

/**
 * What the generic CRUD service and controller need to know of a resource: its entity, its
 * writable fields (also its response fields, in order), its list filters, and how to name it.
 */
export interface ResourceDefinition<E extends AuditedRecord, Q extends PageQueryDto = PageQueryDto> {
  readonly entity: new () => E;
  /** In messages: `The legal form ...`. */
  readonly noun: string;
  /** Error code namespace: `LEGAL_FORM.NOT_FOUND`. */
  readonly code: string;
  /** The record's identifier as paths and errors name it: `legalFormId`. */
  readonly idName: string;
  /** Writable fields, in response order, each with the value it takes when a body leaves it out. */
  readonly fields: Readonly<Partial<Record<keyof E & string, unknown>>>;
  /** Narrows the list (`record` is the entity's alias); interfaces 4.2 and 4.3. */
  readonly filter?: (list: SelectQueryBuilder<E>, query: Q) => void;
}

/** OrderBy over `id`, the fields and AUDIT of the listed record (`record.<property>`). */
export function orderByWhitelistOf<E extends AuditedRecord, Q extends PageQueryDto>(
  definition: ResourceDefinition<E, Q>,
): Readonly<Record<string, string>> {
  return Object.fromEntries(
    responsePropertiesOf(definition).map((property) => [property, `${RECORD}.${property}`]),
  );
}

/** The properties of a response, for the projection's entity shapes. */
export const responsePropertiesOf = <E extends AuditedRecord, Q extends PageQueryDto>(
  definition: ResourceDefinition<E, Q>,
): string[] => ['id', ...Object.keys(definition.fields), ...AUDIT_PROPERTIES];

/** A record as the API returns it: `id`, its fields, AUDIT; dates in ISO 8601 UTC. */
export function toResponse<E extends AuditedRecord, Q extends PageQueryDto>(
  definition: ResourceDefinition<E, Q>,
  entity: E,
): Record<string, unknown> {
  const response: Record<string, unknown> = { id: entity.id };
  for (const field of Object.keys(definition.fields)) {
    const value: unknown = entity[field as keyof E];
    response[field] = value instanceof Date ? value.toISOString() : value;
  }
  return {
    ...response,
    ...auditOf(entity),
  };
}

/**
 * `toResponse` typed as the resource's response class, for a nested record in a typed response
 * (the class declares the definition's fields, which the CRUD conformance tests hold it to).
 */
export const toResponseOf = <R, E extends AuditedRecord, Q extends PageQueryDto>(
  definition: ResourceDefinition<E, Q>,
  entity: E,
  _response: Type<R>,
): R => toResponse(definition, entity) as R;

/** The 404 of a record of the resource that does not exist. */
export const notFoundError = <E extends AuditedRecord, Q extends PageQueryDto>(
  definition: ResourceDefinition<E, Q>,
  id: number,
): NotFoundError =>
  new NotFoundError(`No ${definition.noun} has the id ${id}.`, `${definition.code}.NOT_FOUND`);
