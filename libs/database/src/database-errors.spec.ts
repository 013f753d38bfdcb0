import { DatabaseError } from 'pg';
import { QueryFailedError } from 'typeorm';

import { ServiceUnavailableError, ValidationProblemError } from '@portal/problem-details';

import { databaseErrorTranslator, isForeignKeyViolation, isUniqueViolation } from './database-errors';

interface DriverFields {
  code?: string;
  constraint?: string;
  column?: string;
}

const queryFailed = (
  fields: DriverFields,
  message = 'driver says: secret_table violated',
): QueryFailedError =>
  new QueryFailedError(
    'INSERT INTO "secret_table" VALUES ($1)',
    ['x'],
    Object.assign(new Error(message), fields),
  );

describe(databaseErrorTranslator.name, () => {
  const sut = databaseErrorTranslator({
    uq_profile_email: 'email',
    uq_account_username: 'person.account.username',
  });

  it('turns a unique violation of a mapped constraint into a 400 on the mapped path', () => {
    const result = sut(queryFailed({ code: '23505', constraint: 'uq_account_username' }));

    expect(result).toBeInstanceOf(ValidationProblemError);
    expect(result?.status).toBe(400);
    expect(result?.code).toBe('DATABASE.23505');
    expect((result as ValidationProblemError).errors).toEqual({
      'person.account.username': ['The value is already used by another record.'],
    });
  });

  it('translates an error of the pool itself, as EntityLookup raises it', () => {
    const poolError = Object.assign(new DatabaseError('invalid byte sequence', 1, 'error'), {
      code: '22021',
    });

    expect((sut(poolError) as ValidationProblemError).errors).toEqual({
      $: ['The value contains a character the database cannot store.'],
    });
  });

  it("never carries the driver's message, query or parameters", () => {
    const result = sut(queryFailed({ code: '23505', constraint: 'uq_profile_email' }));

    expect(JSON.stringify({ ...result, message: result?.message })).not.toContain('secret_table');
  });

  it('falls back to the column for a constraint that is not mapped', () => {
    const result = sut(queryFailed({ code: '23502', constraint: 'nn_other', column: 'lastname' }));

    expect((result as ValidationProblemError).errors).toEqual({ lastname: ['The value is required.'] });
  });

  it('falls back to the column when the error names no constraint', () => {
    const result = sut(queryFailed({ code: '22001', column: 'name' }));

    expect((result as ValidationProblemError).errors).toEqual({ name: ['The value is too long.'] });
  });

  it('falls back to $ when neither constraint nor column is known', () => {
    const result = sut(queryFailed({ code: '23505', constraint: 'uq_unknown' }));

    expect((result as ValidationProblemError).errors).toEqual({
      $: ['The value is already used by another record.'],
    });
  });

  it.each([
    ['23503', 'The value refers to a record that does not exist, or the record is still referenced.'],
    ['23001', 'The record is still referenced by another record.'],
    ['23514', 'The value is not allowed.'],
    ['22003', 'The value is out of range.'],
  ])('turns code %s into a 400 saying %p', (code, message) => {
    const result = sut(queryFailed({ code, constraint: 'uq_profile_email' }));

    expect((result as ValidationProblemError).errors).toEqual({ email: [message] });
    expect(result?.code).toBe(`DATABASE.${code}`);
  });

  it('maps nothing without a constraint map', () => {
    const result = databaseErrorTranslator()(queryFailed({ code: '23505', constraint: 'uq_profile_email' }));

    expect((result as ValidationProblemError).errors).toEqual({
      $: ['The value is already used by another record.'],
    });
  });

  it.each(['42P01', '42703', 'XX000'])('passes on code %s (a fault of ours: a 500)', (code) => {
    expect(sut(queryFailed({ code, constraint: 'uq_profile_email' }))).toBeUndefined();
  });

  const unavailable = (error: unknown) => {
    const translated = sut(error);
    expect(translated).toBeInstanceOf(ServiceUnavailableError);
    expect(translated).toMatchObject({
      status: 503,
      code: 'DATABASE.UNAVAILABLE',
      retryAfterSeconds: 2,
      message: 'The database is not available at the moment; retry shortly.',
    });
  };

  it.each([
    '08006',
    '08001',
    '08003',
    '57P01',
    '57P02',
    '57P03',
    '53300',
    '57014',
    '55P03',
    '40001',
    '40P01',
  ])('answers code %s as a 503 the client may retry', (code) => unavailable(queryFailed({ code })));

  it.each([
    ['the server closing the connection', 'Connection terminated unexpectedly'],
    ['the pool waiting too long for a connection', 'timeout exceeded when trying to connect'],
    ['a query the server never answered', 'Query read timeout'],
    ['a client whose connection failed', 'Client has encountered a connection error and is not queryable'],
  ])('answers %s as a 503, inside a query failure or raised by the pool', (_case, message) => {
    unavailable(queryFailed({}, message));
    unavailable(new Error(message));
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'])(
    'answers a socket error %s as a 503',
    (code) => unavailable(Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code })),
  );

  it('passes on a query failure without a code', () => {
    expect(sut(queryFailed({}))).toBeUndefined();
  });

  it.each([
    ['a plain error with a unique-violation code', Object.assign(new Error('dup'), { code: '23505' })],
    ['a string', '23505'],
    ['null', null],
    ['undefined', undefined],
  ])('passes on %s', (_case, error) => {
    expect(sut(error)).toBeUndefined();
  });
});

describe('isUniqueViolation', () => {
  const unique = queryFailed({ code: '23505', constraint: 'uq_profile_email' });

  it('recognises a unique violation', () => {
    expect(isUniqueViolation(unique)).toBe(true);
  });

  it('recognises a unique violation of the constraint named', () => {
    expect(isUniqueViolation(unique, 'uq_profile_email')).toBe(true);
    expect(isUniqueViolation(unique, 'uq_other')).toBe(false);
  });

  it.each([
    ['another integrity violation', queryFailed({ code: '23503', constraint: 'uq_profile_email' })],
    ['a query failure without a code', queryFailed({})],
    ['a plain error with the code', Object.assign(new Error('dup'), { code: '23505' })],
    ['undefined', undefined],
  ])('does not take %s for one', (_case, error) => {
    expect(isUniqueViolation(error)).toBe(false);
  });
});

describe('isForeignKeyViolation', () => {
  // PostgreSQL 15 reports a delete refused by an ON DELETE RESTRICT key as 23503, PostgreSQL 18 as 23001.
  it.each(['23503', '23001'])('recognises code %s', (code) => {
    expect(isForeignKeyViolation(queryFailed({ code, constraint: 'fk_service_theme' }))).toBe(true);
  });

  it('recognises a violation of the constraint named only', () => {
    const restricted = queryFailed({ code: '23001', constraint: 'fk_service_theme' });

    expect(isForeignKeyViolation(restricted, 'fk_service_theme')).toBe(true);
    expect(isForeignKeyViolation(restricted, 'fk_other')).toBe(false);
  });

  it.each([
    ['a unique violation', queryFailed({ code: '23505' })],
    ['a plain error with the code', Object.assign(new Error('fk'), { code: '23001' })],
    ['undefined', undefined],
  ])('does not take %s for one', (_case, error) => {
    expect(isForeignKeyViolation(error)).toBe(false);
  });
});
