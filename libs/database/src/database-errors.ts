import { DatabaseError } from 'pg';
import { QueryFailedError } from 'typeorm';

import { type DomainError, ValidationProblemError } from '@portal/problem-details';

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
 * Integrity violations the database reports become 400 problems on the property concerned
 * (contract 4), never a 500 and never the driver's message.
 */
export function databaseErrorTranslator(constraintPaths: ConstraintPaths = {}) {
  return (error: unknown): DomainError | undefined => {
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
