import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { runsAlone } = require('./jest/lanes') as { runsAlone: (suite: string) => boolean };

const root = path.resolve(__dirname, '..');
const folder = mkdtempSync(path.join(tmpdir(), 'portal-lanes-'));
const suite = (name: string, text: string): string => {
  const file = path.join(folder, name);
  writeFileSync(file, text);
  return file;
};

describe('the lane of a suite (tools/jest/lanes.js)', () => {
  it('runs alone the suites whose leading docblock says @lane alone, and no other', () => {
    expect(runsAlone(path.join(root, 'apps/profile-service/test/amplification.e2e-spec.ts'))).toBe(true);
    expect(runsAlone(path.join(root, 'libs/http-context/src/input-shape.spec.ts'))).toBe(true);
    expect(runsAlone(path.join(root, 'apps/profile-service/test/profiles.e2e-spec.ts'))).toBe(false);
    expect(runsAlone(suite('plain.spec.ts', "it('x', () => undefined);\n"))).toBe(false);
    expect(runsAlone(suite('other-lane.spec.ts', '/**\n * @lane side\n */\n'))).toBe(false);
  });

  it('reads the pragma only at the top: one below the imports is a comment like any other', () => {
    expect(runsAlone(suite('late.spec.ts', "import 'node:fs';\n/**\n * @lane alone\n */\n"))).toBe(false);
  });
});
