import { DatabaseError } from 'pg';
import { QueryFailedError } from 'typeorm';

import { type DomainError, ServiceUnavailableError, ValidationProblemError } from '@portal/problem-details';

/** Constraint names mapped to the JSON path of the property they guard, per service. */
export type ConstraintPaths = Readonly<Record<string, string>>;

interface PostgresError {
  code?: string;
  constraint?: string;
  column?: string;
}

const MESSAGES: Readonly<Record<string, string>> = {
  '23505': 'The value is already used by another record.',
  '23503': 'The value refers to a record that does not exist, or the record is still referenced.',
  // restrict_violation: what PostgreSQL 18 reports for a delete that an ON DELETE RESTRICT key refuses.
  '23001': 'The record is still referenced by another record.',
  '23502': 'The value is required.',
  '23514': 'The value is not allowed.',
  '22001': 'The value is too long.',
  '22003': 'The value is out of range.',
  '22021': 'The value contains a character the database cannot store.',
  '22P05': 'The value contains a character the database cannot store.',
};

/**
 * SQLSTATEs that say the database cannot serve now, not that the request is wrong: connection
 * exceptions (class 08), the server shutting down or starting (57P01-57P03), too many
 * connections (53300), a statement or lock timeout (57014, 55P03), and conflicts a retry resolves
 * (40001, 40P01).
 */
const UNAVAILABLE_CODES: ReadonlySet<string> = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
  '55P03',
  '40001',
  '40P01',
]);

/** What node-postgres and its pool throw when the server cannot be reached or stops answering. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed|Connection terminated due to connection timeout)/;
const UNAVAILABLE_SOCKET_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);

/** Seconds a client is asked to wait before retrying a request the database could not serve. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** The database is down, unreachable, stalled or shedding load: a 503 the client may retry. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const cause = error instanceof QueryFailedError ? (error.driverError as unknown) : error;
  // Duck-typed: socket errors come from Node's own realm, which `instanceof Error` may not share.
  if (typeof cause !== 'object' || cause === null) return false;
  const { code, message } = cause as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_CODES.has(code))) return true;
  if (typeof code === 'string' && UNAVAILABLE_SOCKET_CODES.has(code)) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message);
}

/**
 * Integrity violations the database reports become 400 problems on the property concerned
 * (contract 4), never a 500 and never the driver's message; a database that cannot serve
 * becomes a 503 with Retry-After (contract 5).
 */
export function databaseErrorTranslator(constraintPaths: ConstraintPaths = {}) {
  return (error: unknown): DomainError | undefined => {
    if (isDatabaseUnavailable(error))
      return new ServiceUnavailableError(
        'The database is not available at the moment; retry shortly.',
        'DATABASE.UNAVAILABLE',
        DATABASE_RETRY_AFTER_SECONDS,
      );
    const driverError = postgresErrorOf(error);
    const message = driverError?.code ? MESSAGES[driverError.code] : undefined;
    if (!driverError || !message) return undefined;
    const path =
      (driverError.constraint && constraintPaths[driverError.constraint]) ?? driverError.column ?? '$';
    return ValidationProblemError.of(path, message, `DATABASE.${driverError.code}`);
  };
}

/** From TypeORM (which wraps the driver's error) or from the pool directly (EntityLookup). */
function postgresErrorOf(error: unknown): PostgresError | undefined {
  if (error instanceof QueryFailedError) return error.driverError as PostgresError;
  if (error instanceof DatabaseError) return error;
  return undefined;
}

export const isUniqueViolation = (error: unknown, constraint?: string): error is QueryFailedError =>
  error instanceof QueryFailedError &&
  (error.driverError as PostgresError).code === '23505' &&
  (constraint === undefined || (error.driverError as PostgresError).constraint === constraint);

/** SQLSTATEs of a foreign key refusing a write: 23503, and 23001 for RESTRICT keys on PostgreSQL 18. */
const FOREIGN_KEY_CODES: ReadonlySet<string | undefined> = new Set(['23503', '23001']);

/** A foreign-key violation: on insert or update a missing target, on delete a record still referenced. */
export const isForeignKeyViolation = (error: unknown, constraint?: string): error is QueryFailedError =>
  error instanceof QueryFailedError &&
  FOREIGN_KEY_CODES.has((error.driverError as PostgresError).code) &&
  (constraint === undefined || (error.driverError as PostgresError).constraint === constraint);
