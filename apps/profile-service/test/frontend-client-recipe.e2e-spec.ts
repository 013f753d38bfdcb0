// The README's recipe for a frontend's own client, run as written: its `npx openapi-typescript`
// command on a started profile-service's /docs-json, then `tsc --strict` on its snippet, in a
// folder of their own as a frontend project would have them (openapi-fetch, openapi-typescript and
// typescript are this repository's devDependencies, found up the folder tree as installed ones).
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

import { startProfileService, type ProfileService } from './support/profile-test-app';

const ROOT = path.join(__dirname, '..', '..', '..');
const README = path.join(ROOT, 'README.md');
/** The address the recipe names, replaced by the started service's. */
const RECIPE_ORIGIN = 'http://localhost:3000';

/**
 * Runs a program in the recipe's folder; asynchronously, since the service answering it runs in
 * this process. Rejects with its output when it fails.
 */
async function runIn(folder: string, file: string, args: readonly string[]): Promise<string> {
  try {
    const { stdout, stderr } = await promisify(execFile)(file, args, {
      cwd: folder,
      encoding: 'utf8',
      timeout: 180_000,
    });
    return `${stdout}${stderr}`;
  } catch (error) {
    const {
      stdout = '',
      stderr = '',
      message,
    } = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${message}\n${stdout}${stderr}`);
  }
}

/** The README's fenced blocks of a language, in order. */
function blocksOf(markdown: string, language: string): string[] {
  return [...markdown.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map(
    (match) => match[1],
  );
}

/** The recipe's shell block (its `npx openapi-typescript` line) and the snippet that imports its output. */
function recipe(): { commands: string[]; output: string; snippet: string } {
  const markdown = readFileSync(README, 'utf8');
  const shell = blocksOf(markdown, 'sh').find((block) => /^npx openapi-typescript /m.test(block));
  if (!shell) throw new Error('README.md has no sh block with `npx openapi-typescript`');
  const commands = shell.split('\n').filter((line) => line.startsWith('npx '));
  const output = /-o (\S+)/.exec(commands.find((line) => line.includes('openapi-typescript')) ?? '')?.[1];
  if (!output) throw new Error('The openapi-typescript command of the README writes no file (-o)');
  // The snippet imports the generated file relative to itself: `./api/profile` from `src/`.
  const imported = `./${path.posix.relative('src', output).replace(/\.ts$/, '')}`;
  const snippet = blocksOf(markdown, 'ts').find((block) => block.includes(`from '${imported}'`));
  if (!snippet) throw new Error(`README.md has no ts block importing '${imported}'`);
  return { commands, output, snippet };
}

describe("the README's recipe for a frontend's own client (openapi-typescript, openapi-fetch, tsc --strict)", () => {
  let service: ProfileService;
  const folder = path.join(ROOT, 'tmp', `frontend-client-recipe-${process.pid}`);

  beforeAll(async () => {
    service = await startProfileService('profile_client_recipe');
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(path.join(folder, 'src'), { recursive: true });
  });

  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await service?.close();
  });

  it('generates the types from the served /docs-json and compiles the snippet under --strict', async () => {
    const { commands, output, snippet } = recipe();
    for (const command of commands) {
      expect(command).toContain(RECIPE_ORIGIN);
      await runIn(folder, 'sh', ['-c', command.replaceAll(RECIPE_ORIGIN, service.baseUrl)]);
    }
    expect(readFileSync(path.join(folder, output), 'utf8')).toContain('"/v10-0/profiles/{profileId}"');

    writeFileSync(path.join(folder, 'src', 'register-citizen.ts'), snippet);
    const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    // As a bundler's project (Vite, say) compiles it; run in the folder, with nothing else of ours.
    const compiled = runIn(folder, process.execPath, [
      tsc,
      '--strict',
      '--noEmit',
      '--skipLibCheck',
      '--target',
      'es2022',
      '--lib',
      'es2022,dom',
      '--module',
      'esnext',
      '--moduleResolution',
      'bundler',
      '--types',
      'node',
      'src/register-citizen.ts',
    ]);
    await expect(compiled).resolves.toBe('');
  });
});
