import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { laneOf } = require('./jest/lanes') as { laneOf: (suite: string) => { name: string } };

const root = path.resolve(__dirname, '..');
const folder = mkdtempSync(path.join(tmpdir(), 'portal-lanes-'));
const suite = (name: string, text: string): string => {
  const file = path.join(folder, name);
  writeFileSync(file, text);
  return file;
};
const laneNameOf = (file: string): string => laneOf(file).name;

describe('the lane of a suite (tools/jest/lanes.js)', () => {
  it('runs a suite in the lane its leading docblock names (@lane waiting, @lane alone), any other side by side', () => {
    expect(laneNameOf(path.join(root, 'apps/profile-service/test/amplification.e2e-spec.ts'))).toBe('alone');
    expect(laneNameOf(path.join(root, 'libs/http-context/src/input-shape.spec.ts'))).toBe('alone');
    expect(laneNameOf(path.join(root, 'apps/config-service/test/rollout.e2e-spec.ts'))).toBe('waiting');
    expect(laneNameOf(path.join(root, 'apps/config-service/test/replicas.e2e-spec.ts'))).toBe('waiting');
    expect(laneNameOf(path.join(root, 'apps/profile-service/test/profiles.e2e-spec.ts'))).toBe(
      'side by side',
    );
    expect(laneNameOf(suite('plain.spec.ts', "it('x', () => undefined);\n"))).toBe('side by side');
  });

  it('refuses a lane it does not know, naming those it does', () => {
    expect(() => laneOf(suite('other-lane.spec.ts', '/**\n * @lane side\n */\n'))).toThrow(
      /@lane side is not a lane \(waiting, alone\)/,
    );
  });

  it('reads the pragma only at the top: one below the imports is a comment like any other', () => {
    expect(laneNameOf(suite('late.spec.ts', "import 'node:fs';\n/**\n * @lane alone\n */\n"))).toBe(
      'side by side',
    );
  });
});
