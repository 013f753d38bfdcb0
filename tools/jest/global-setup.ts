import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { isReachable, startEmbeddedDatabase } from '../../libs/database/src/embedded-database';
import { CONTRACT_COUNTS_FILE_VARIABLE } from '../../libs/testing/src/contract-validation';
import { TEST_ADMIN_URL_VARIABLE, TEST_RUN_VARIABLE } from '../../libs/testing/src/test-database';
import { TEST_LOG_FILE_VARIABLE } from '../../libs/testing/src/test-logs';

/**
 * Finds the PostgreSQL server tests create their databases on: TEST_DATABASE_ADMIN_URL, else the
 * local server on 127.0.0.1:5432, else the embedded engine `npm start` uses.
 * `TEST_DATABASE=embedded` takes the embedded engine even when a server is reachable, so that CI
 * also runs the suites on the engine (and major version) that `npm start` users run.
 */
export default async function globalSetup(): Promise<void> {
  process.env.TZ = 'UTC';
  generateMissingClientTypes();
  // The services' logs of the whole run, scanned for personal data by the global teardown.
  const logFolder = mkdtempSync(path.join(tmpdir(), 'portal-test-logs-'));
  process.env[TEST_LOG_FILE_VARIABLE] = path.join(logFolder, 'services.log');
  writeFileSync(process.env[TEST_LOG_FILE_VARIABLE], '');
  // Each test file's counts of responses checked against the OpenAPI documents, summed at the end.
  process.env[CONTRACT_COUNTS_FILE_VARIABLE] = path.join(logFolder, 'contract-counts.jsonl');
  writeFileSync(process.env[CONTRACT_COUNTS_FILE_VARIABLE], '');
  // Names the run's database templates (a service's migrated schema, copied for each suite).
  process.env[TEST_RUN_VARIABLE] = randomBytes(4).toString('hex');
  const candidate = process.env['TEST_DATABASE_ADMIN_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const forceEmbedded = process.env['TEST_DATABASE'] === 'embedded';
  if (!forceEmbedded && (await isReachable(candidate))) {
    process.env[TEST_ADMIN_URL_VARIABLE] = candidate;
    return;
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-test-pg-'));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to reach its data folder.
  chmodSync(folder, 0o755);
  const dataDir = path.join(folder, 'data');
  const reason = forceEmbedded ? 'TEST_DATABASE=embedded' : `No PostgreSQL at ${redact(candidate)}`;
  process.stdout.write(`\n${reason}: starting the embedded engine in ${dataDir}\n`);
  const embedded = await startEmbeddedDatabase(dataDir);
  process.env[TEST_ADMIN_URL_VARIABLE] = embedded.adminUrl;
  (globalThis as { portalEmbeddedDatabase?: unknown }).portalEmbeddedDatabase = { embedded, folder };
}

const redact = (url: string): string => url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');

/**
 * The typed-client suites import the client types generated from the committed documents (not
 * committed themselves): `npm run typecheck` writes them before `npm test` runs Jest; a bare
 * `jest` on a fresh clone writes them here.
 */
function generateMissingClientTypes(): void {
  const root = path.resolve(__dirname, '..', '..');
  const services = readdirSync(path.join(root, 'apps'));
  const missing = services.some(
    (service) => !existsSync(path.join(root, 'libs', 'api-clients', 'src', 'generated', `${service}.ts`)),
  );
  if (missing)
    execFileSync(process.execPath, [path.join(root, 'tools', 'api-clients.js')], { stdio: 'inherit' });
}
