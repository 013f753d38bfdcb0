// The committed client types (`@portal/api-clients`) must be what the committed OpenAPI documents
// give, so that a frontend compiling against them compiles against the services as they are.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

/** What `npm run clients` would write, by path, generated in memory. */
const generated = JSON.parse(
  execFileSync(process.execPath, [path.join(__dirname, 'api-clients.js'), '--print'], {
    cwd: ROOT,
    encoding: 'utf8',
  }),
) as Record<string, string>;

describe('npm run clients', () => {
  it('generates the types of every service', () => {
    const services = readdirSync(path.join(ROOT, 'apps')).sort();
    expect(Object.keys(generated).sort()).toEqual(
      services.map((service) => `libs/api-clients/src/generated/${service}.ts`),
    );
    for (const text of Object.values(generated)) expect(text).toContain('export interface paths {');
  });

  it.each(Object.keys(generated))('%s is committed as generated', (file) => {
    let committed: string | undefined;
    try {
      committed = readFileSync(path.join(ROOT, file), 'utf8');
    } catch {
      committed = undefined;
    }
    if (committed !== generated[file]) {
      throw new Error(
        `${file} is ${committed === undefined ? 'missing' : 'stale'}: run \`npm run clients\` and commit it.`,
      );
    }
  });
});
