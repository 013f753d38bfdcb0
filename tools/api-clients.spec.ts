// The client types (`@portal/api-clients`) are generated from each service's committed OpenAPI
// document (not committed themselves): every service has them, in the form the typed-client
// suites and `npm run typecheck` compile.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

/** What `npm run clients` writes, by path, generated in memory. */
const generated = JSON.parse(
  execFileSync(process.execPath, [path.join(__dirname, 'api-clients.js'), '--print'], {
    cwd: ROOT,
    encoding: 'utf8',
    // The three files are about 1.5 MB together (profile's HEAD operations); the default is 1 MiB.
    maxBuffer: 64 * 1024 * 1024,
  }),
) as Record<string, string>;

describe('npm run clients', () => {
  it('generates the types of every service', () => {
    const services = readdirSync(path.join(ROOT, 'apps')).sort();
    expect(Object.keys(generated).sort()).toEqual(
      services.map((service) => `libs/api-clients/src/generated/${service}.ts`),
    );
    for (const text of Object.values(generated)) {
      expect(text).toContain('export interface paths {');
      expect(text).toContain('export interface components {');
      expect(text).toContain('export interface operations {');
    }
  });
});
