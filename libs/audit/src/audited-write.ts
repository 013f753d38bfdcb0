import { currentRequestContext, type RequestContext } from '@portal/http-context';

/** What the audit record of the current write request says; filled in before the handler runs. */
export interface AuditedWrite {
  readonly method: string;
  /** The route template (`/demo/v10-0/profiles/:profileId/roles/:roleId`), never the path. */
  readonly route: string;
  /** The route's static segments after the version: `profiles/roles`. */
  readonly resource: string;
  /** The path's parameters in route order: `12/7`. */
  readonly pathIds: readonly string[];
  /** The token's `sub`. */
  readonly subject: string | null;
  readonly createdBy: string | null;
  readonly updatedBy: string | null;
  /** The status the route answers on success (`@HttpCode`, else Nest's default for the method). */
  readonly successStatus: number;
  /** Set by the service when the write created a record (a create, or an upsert that inserted). */
  created?: { readonly id?: string };
  /** Whether the write's first upsert inserted; later upserts are its side effects. */
  upserted?: boolean;
  /** Set once a transaction of this request committed with the audit row. */
  recorded: boolean;
}

/** Keyed by the request's context object, which lives exactly as long as the request. */
const writes = new WeakMap<RequestContext, AuditedWrite>();

export function beginAuditedWrite(context: RequestContext, write: AuditedWrite): void {
  writes.set(context, write);
}

/** The write the current request performs; undefined outside requests and for reads. */
export function currentAuditedWrite(): AuditedWrite | undefined {
  const context = currentRequestContext();
  return context ? writes.get(context) : undefined;
}

/**
 * Tells the audit record that this write created a record, and its id when the path does not
 * hold it (a POST's new id). Call it inside the write's transaction; outside a write request it
 * does nothing (seeders, migrations).
 */
export function auditCreated(id?: string | number): void {
  const write = currentAuditedWrite();
  if (write) write.created = { id: id === undefined ? undefined : String(id) };
}

/**
 * Tells the audit that this write request wrote nothing, being the replay of an earlier one (an
 * Idempotency-Key's): that one's record stands for it.
 */
export function auditReplayed(): void {
  const write = currentAuditedWrite();
  if (write) write.recorded = true;
}

/**
 * Tells the audit record what an upsert did. The first upsert of a write is the one its route
 * names; any later one (a role granted along with it, say) does not change the write's result.
 */
export function auditUpserted(created: boolean): void {
  const write = currentAuditedWrite();
  if (!write || write.upserted !== undefined) return;
  write.upserted = created;
  if (created) write.created ??= {};
}

/** The columns of the audit_event row for `write`, as committed now. */
export interface AuditEventRow {
  readonly subject: string | null;
  readonly createdBy: string | null;
  readonly updatedBy: string | null;
  readonly method: string;
  readonly route: string;
  readonly resource: string;
  readonly resourceId: string | null;
  readonly result: string;
  readonly status: number;
  readonly correlationId: string;
}

export function auditEventRowOf(write: AuditedWrite, correlationId: string): AuditEventRow {
  const status = write.created ? 201 : write.successStatus;
  const ids = write.created?.id === undefined ? write.pathIds : [...write.pathIds, write.created.id];
  return {
    subject: write.subject,
    createdBy: write.createdBy,
    updatedBy: write.updatedBy,
    method: write.method,
    route: write.route,
    resource: write.resource,
    resourceId: ids.length > 0 ? ids.join('/') : null,
    result: status === 201 ? 'created' : write.method === 'DELETE' ? 'deleted' : 'updated',
    status,
    correlationId,
  };
}

const VERSION_SEGMENT = /^v\d+-\d+$/;

/**
 * The resource a route template names: its static segments after the version segment
 * (`/demo/v10-0/org-categories/:orgCategoryId/roles/:roleId` is `org-categories/roles`), and the
 * names of its parameters in order.
 */
export function resourceOfRoute(route: string): { resource: string; parameters: string[] } {
  const segments = route.split('/').filter((segment) => segment !== '');
  const version = segments.findIndex((segment) => VERSION_SEGMENT.test(segment));
  const rest = version < 0 ? segments : segments.slice(version + 1);
  return {
    resource: rest.filter((segment) => !segment.startsWith(':')).join('/'),
    parameters: rest.filter((segment) => segment.startsWith(':')).map((segment) => segment.slice(1)),
  };
}
