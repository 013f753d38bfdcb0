import { appendFileSync } from 'node:fs';

import type { DestinationStream, LevelWithSilent } from 'pino';

/** Set by Jest's global setup: every service a test starts logs (at info) into this file. */
export const TEST_LOG_FILE_VARIABLE = 'PORTAL_TEST_LOG_FILE';

/**
 * A marker for values that must never reach a log (secure settings, passwords): tests that store
 * such values include it, and the scan of the run's logs looks for it.
 */
export const NEVER_LOGGED = 'never-logged-canary';

/** The level and destination of a test service's logs: the run's log file when there is one. */
export function testLogDestination(level: LevelWithSilent): {
  level: LevelWithSilent;
  destination?: DestinationStream;
} {
  const file = process.env[TEST_LOG_FILE_VARIABLE];
  if (!file) return { level };
  // Synchronous appends: lines of parallel workers never interleave, and none is lost on exit.
  const destination: DestinationStream = { write: (line: string) => appendFileSync(file, line) };
  return { level: level === 'silent' ? 'info' : level, destination };
}

/** What must never appear in a log line of a citizen portal, by what it is. */
const PERSONAL_DATA: ReadonlyArray<readonly [string, RegExp]> = [
  ['an e-mail address', /[A-Za-z0-9._%+-]+(@|%40)[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/],
  ['an AHV number', /\b756[.\s]?\d{4}[.\s]?\d{4}[.\s]?\d{2}\b/],
  ['a token', /eyJ[\w-]{5,}\.eyJ[\w-]{5,}\./],
  ['an Authorization header', /"authorization"\s*:|Bearer\s+[\w-]+\./i],
  ['a password', /"(password|passwordHash)"\s*:/i],
  ['a value marked never to be logged', new RegExp(NEVER_LOGGED)],
];

export interface PersonalDataFinding {
  readonly what: string;
  readonly line: string;
}

/** The log lines that carry personal data or secrets, with what each carries. */
export function personalDataIn(logText: string): PersonalDataFinding[] {
  const findings: PersonalDataFinding[] = [];
  for (const line of logText.split('\n')) {
    for (const [what, pattern] of PERSONAL_DATA) {
      if (pattern.test(line)) findings.push({ what, line: line.slice(0, 500) });
    }
  }
  return findings;
}
