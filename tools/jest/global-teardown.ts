import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

import type { EmbeddedDatabase } from '../../libs/database/src/embedded-database';
import { CONTRACT_COUNTS_FILE_VARIABLE, contractSummaryOf } from '../../libs/testing/src/contract-validation';
import { dropTestDatabaseTemplates, TEST_RUN_VARIABLE } from '../../libs/testing/src/test-database';
import { personalDataIn, TEST_LOG_FILE_VARIABLE } from '../../libs/testing/src/test-logs';

/**
 * The logs every service wrote during the run must hold no personal data or secrets: no e-mail,
 * AHV number, password, token, Authorization header or secure setting value. A finding fails
 * the run (`PORTAL_KEEP_TEST_LOGS=1` keeps the file to read).
 */
/** One line: how many responses the test client checked against the OpenAPI documents. */
function reportContractChecks(): void {
  const file = process.env[CONTRACT_COUNTS_FILE_VARIABLE];
  if (!file || !existsSync(file)) return;
  const { line } = contractSummaryOf(readFileSync(file, 'utf8'));
  // The tests that received a mismatch have failed with it already.
  process.stdout.write(`${line}\n`);
}

function checkServiceLogs(): void {
  const file = process.env[TEST_LOG_FILE_VARIABLE];
  if (!file || !existsSync(file)) return;
  const text = readFileSync(file, 'utf8');
  const findings = personalDataIn(text);
  const lines = text.split('\n').filter(Boolean).length;
  if (!process.env['PORTAL_KEEP_TEST_LOGS']) rmSync(path.dirname(file), { recursive: true, force: true });
  process.stdout.write(`service logs: ${lines} lines scanned, ${findings.length} with personal data\n`);
  if (findings.length > 0)
    throw new Error(
      `The services logged personal data or secrets:\n${findings
        .slice(0, 10)
        .map((finding) => `- ${finding.what}: ${finding.line}`)
        .join('\n')}`,
    );
}

export default async function globalTeardown(): Promise<void> {
  try {
    reportContractChecks();
    checkServiceLogs();
  } finally {
    await releaseDatabaseServer();
  }
}

async function releaseDatabaseServer(): Promise<void> {
  const started = (globalThis as { portalEmbeddedDatabase?: { embedded: EmbeddedDatabase; folder: string } })
    .portalEmbeddedDatabase;
  // On the machine's server, the run's templates go; the embedded engine's data folder goes whole.
  if (!started) return dropTestDatabaseTemplates(process.env[TEST_RUN_VARIABLE] as string);
  await started.embedded.stop();
  rmSync(started.folder, { recursive: true, force: true });
}
