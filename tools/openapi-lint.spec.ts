// The committed OpenAPI documents pass Redocly's recommended rules (redocly.yaml) without an error:
// they are what frontends generate their clients from and what Swagger UI shows.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const DOCUMENTS = ['profile', 'config', 'render'].map((service) => `apps/${service}-service/openapi.json`);

interface LintProblem {
  readonly ruleId: string;
  readonly severity: 'error' | 'warn';
  readonly message: string;
  readonly location: { pointer: string; start?: { line: number } }[];
}

/** `npx redocly lint <document>`'s problems, as its JSON report lists them. */
function lint(document: string): LintProblem[] {
  const cli = require.resolve('@redocly/cli/bin/cli.js');
  const result = spawnSync(process.execPath, [cli, 'lint', document, '--format=json'], {
    cwd: ROOT,
    encoding: 'utf8',
    // No telemetry and no update check: the run must not depend on the network.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  if (result.stderr.includes('No configurations were provided')) {
    throw new Error('redocly lint did not read redocly.yaml');
  }
  try {
    return (JSON.parse(result.stdout) as { problems: LintProblem[] }).problems;
  } catch {
    throw new Error(`redocly lint failed (exit ${result.status}):\n${result.stderr}${result.stdout}`);
  }
}

describe('redocly lint of the committed OpenAPI documents', () => {
  it.each(DOCUMENTS)('%s has no error', (document) => {
    const errors = lint(document)
      .filter((problem) => problem.severity === 'error')
      .map(({ ruleId, message, location: [where] }) => {
        return `${document}:${where.start?.line ?? '?'} ${where.pointer} ${ruleId}: ${message}`;
      });
    expect(errors).toEqual([]);
  });
});
