import { EmbeddedDatabaseError } from '@portal/database';
import { loadEnv } from '@portal/env';

import { migrationFailure, startupFailure } from './run-service';
import { MigrationEnvironment } from './migration-environment';
import { ServiceEnvironment } from './service-environment';

const env = loadEnv(ServiceEnvironment, {}, { PORT: '3001', EMBEDDED_DATABASE_DIR: '.data/t' });
const errorWith = (code: string, message = 'x'): Error => Object.assign(new Error(message), { code });

describe(startupFailure.name, () => {
  it('names the busy port and how to move it', () => {
    expect(startupFailure(errorWith('EADDRINUSE', 'listen EADDRINUSE: address already in use'), env)).toBe(
      "port 3001 is already in use: stop what listens there, or choose another port (PORT; with npm start, PORT_BASE or the service's own *_PORT).",
    );
  });

  it('says the embedded engine failed and offers DATABASE_URL', () => {
    expect(startupFailure(new EmbeddedDatabaseError('initdb failed: Permission denied'), env)).toMatch(
      /^the embedded PostgreSQL did not start \(initdb failed: Permission denied\)\. Set DATABASE_URL/,
    );
  });

  it.each(['ECONNREFUSED', '28P01', '3D000'])('points at DATABASE_URL for %s', (code) => {
    expect(startupFailure(errorWith(code), env)).toMatch(/^cannot reach the database at DATABASE_URL/);
  });

  it('keeps anything else to one line with the message', () => {
    expect(startupFailure(new Error('migration 17 failed'), env)).toBe(
      'failed to start: migration 17 failed',
    );
    expect(startupFailure('odd', env)).toBe('failed to start: odd');
  });
});

describe(migrationFailure.name, () => {
  it.each(['ECONNREFUSED', 'ENOTFOUND', '28P01', '3D000'])('points at DATABASE_URL for %s', (code) => {
    expect(migrationFailure(errorWith(code))).toMatch(/^cannot reach the database at DATABASE_URL/);
  });

  it('tells a runtime user that may not change the schema to migrate as its owner', () => {
    expect(migrationFailure(errorWith('42501', 'permission denied for schema public'))).toBe(
      'the DATABASE_URL user may not change the schema (permission denied for schema public): migrate as the schema owner (deploy/README.md, "Database users").',
    );
  });

  it('keeps anything else to one line with the message', () => {
    expect(migrationFailure(new Error('relation "x" already exists'))).toBe(
      'migrations failed: relation "x" already exists',
    );
  });
});

describe('MigrationEnvironment', () => {
  const defaults = { EMBEDDED_DATABASE_DIR: '.data/t' };

  // The Job holds the schema owner's DATABASE_URL and none of the service's other secrets.
  it('requires DATABASE_URL alone in production, not the auth or other secrets', () => {
    expect(
      loadEnv(
        MigrationEnvironment,
        { NODE_ENV: 'production', DATABASE_URL: 'postgres://m@db/config' },
        defaults,
      ),
    ).toMatchObject({ NODE_ENV: 'production', DATABASE_URL: 'postgres://m@db/config' });
    expect(() => loadEnv(MigrationEnvironment, { NODE_ENV: 'production' }, defaults)).toThrow(
      /DATABASE_URL \(unset\): required in production/,
    );
  });

  it('takes the embedded database outside production, and hides a malformed URL', () => {
    expect(loadEnv(MigrationEnvironment, {}, defaults).DATABASE_URL).toBeUndefined();
    expect(() =>
      loadEnv(MigrationEnvironment, { DATABASE_URL: 'mysql://user:secret@db/x' }, defaults),
    ).toThrow(/DATABASE_URL \(\(hidden\)\): DATABASE_URL must be a postgres:\/\/ URL/);
  });
});
