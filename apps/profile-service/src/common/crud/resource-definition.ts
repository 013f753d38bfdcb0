import type { SelectQueryBuilder } from 'typeorm';

import type { AuditedEntity } from '@portal/database';
import type { PageQueryDto } from '@portal/pagination';
import { NotFoundError } from '@portal/problem-details';

import { AUDIT_PROPERTIES, type AuditedResponse, auditOf } from '../audited.response';

export interface AuditedRecord extends AuditedEntity {
  id: number;
}

/** The alias of the listed entity in a definition's filters. */
export const RECORD = 'record';

/**
 * What the generic CRUD service and controller need to know of a resource: its entity, its
 * writable fields (also its response fields, in order), its list filters, and how to name it.
 * Declare one with `satisfies ResourceDefinition<E, Q>` so that its field names (`F`) stay
 * known: `toResponse` then types the response from them.
 */
export interface ResourceDefinition<
  E extends AuditedRecord,
  Q extends PageQueryDto = PageQueryDto,
  F extends keyof E & string = keyof E & string,
> {
  readonly entity: new () => E;
  /** In messages: `The legal form ...`. */
  readonly noun: string;
  /** Error code namespace: `LEGAL_FORM.NOT_FOUND`. */
  readonly code: string;
  /** The record's identifier as paths and errors name it: `legalFormId`. */
  readonly idName: string;
  /** Writable fields, in response order, each with the value it takes when a body leaves it out. */
  readonly fields: Readonly<Partial<Record<F, unknown>>>;
  /** Narrows the list (`record` is the entity's alias); interfaces 4.2 and 4.3. */
  readonly filter?: (list: SelectQueryBuilder<E>, query: Q) => void;
}

/** A field's value as JSON carries it: date-times as ISO 8601 strings. */
type WireValue<T> = T extends Date ? string : T;

/**
 * A record as the API returns it, typed from its definition: `id`, the fields, AUDIT. A response
 * class the definition does not produce (a field missing, or of another type) is a compile error
 * where the record is mapped onto it.
 */
export type ResourceResponse<E extends AuditedRecord, F extends keyof E & string> = {
  readonly id: number;
} & {
  readonly [K in F]: WireValue<E[K]>;
} & Omit<AuditedResponse, 'id'>;

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
export function toResponse<E extends AuditedRecord, Q extends PageQueryDto, F extends keyof E & string>(
  definition: ResourceDefinition<E, Q, F>,
  entity: E,
): ResourceResponse<E, F> {
  const fields = Object.fromEntries(
    (Object.keys(definition.fields) as F[]).map((field) => {
      const value: unknown = entity[field];
      return [field, value instanceof Date ? value.toISOString() : value];
    }),
  );
  // Built from the definition's own keys, each converted as WireValue says: the one place the
  // compiler cannot follow a record assembled key by key.
  return { id: entity.id, ...(fields as { readonly [K in F]: WireValue<E[K]> }), ...auditOf(entity) };
}

/** The 404 of a record of the resource that does not exist. */
export const notFoundError = <E extends AuditedRecord, Q extends PageQueryDto>(
  definition: ResourceDefinition<E, Q>,
  id: number,
): NotFoundError =>
  new NotFoundError(`No ${definition.noun} has the id ${id}.`, `${definition.code}.NOT_FOUND`);
