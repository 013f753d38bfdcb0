import { EmbeddedDatabaseError } from '@portal/database';
import { loadEnv } from '@portal/env';

import { startupFailure } from './run-service';
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
