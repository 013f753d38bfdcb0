import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// Nothing heavy here: the service's main thread checks the versions before it starts a worker.
import { fontkitPath } from './font-subsetting';

/**
 * The exact versions whose internals (prototypes, private fields, compiler classes) the code of
 * this folder was written for and checked against. The root package.json pins them in
 * `dependencies` (the direct ones) and `overrides`: a new version is taken on purpose, after reading
 * its changes against font-sharing.ts, font-subsetting.ts, xmp-escaping.ts and pdf-tagging.ts
 * (vendor-patches.ts installs them) and handlebars-compiler.ts, and updating this list with the pins.
 */
export const PATCHED_VERSIONS = {
  pdfmake: '0.3.11',
  pdfkit: '0.19.1',
  fontkit: '2.0.4',
  restructure: '3.0.2',
  handlebars: '4.7.10',
} as const;

export type PatchedPackage = keyof typeof PATCHED_VERSIONS;

/** The package.json of the package whose entry point is `entry`: the nearest one up that names it. */
function manifestOf(name: string, entry: string): { version?: unknown } {
  for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
    if (manifest.name === name) return manifest;
  }
  throw new Error(`render-service: no package.json of ${name} above ${entry}.`);
}

/**
 * The versions the documents actually load, found as they find them: pdfmake, its pdfkit,
 * pdfkit's fontkit and fontkit's restructure (a hoisted copy elsewhere would not be patched), and
 * the Handlebars the template engine imports.
 */
export function loadedVersions(): Record<PatchedPackage, string> {
  const pdfmake = require.resolve('pdfmake');
  const pdfkit = createRequire(pdfmake).resolve('pdfkit');
  const fontkit = fontkitPath();
  const restructure = createRequire(fontkit).resolve('restructure');
  const handlebars = require.resolve('handlebars');
  const entries: Record<PatchedPackage, string> = { pdfmake, pdfkit, fontkit, restructure, handlebars };
  return Object.fromEntries(
    Object.entries(entries).map(([name, entry]) => [name, String(manifestOf(name, entry).version)]),
  ) as Record<PatchedPackage, string>;
}

/** Throws, naming each package whose loaded version is not the one the patches were written for. */
export function checkPatchedVersions(loaded: Record<PatchedPackage, string> = loadedVersions()): void {
  const wrong = (Object.keys(PATCHED_VERSIONS) as PatchedPackage[]).filter(
    (name) => loaded[name] !== PATCHED_VERSIONS[name],
  );
  if (wrong.length === 0) return;
  throw new Error(
    `render-service patches internals of ${wrong
      .map((name) => `${name} ${PATCHED_VERSIONS[name]}`)
      .join(', ')}, but ${wrong.map((name) => `${name} ${loaded[name]}`).join(', ')} ` +
      `${wrong.length === 1 ? 'is' : 'are'} installed. Check the patches (apps/render-service/src/engine/vendor/` +
      'vendor-patches.ts lists them, handlebars-compiler.ts the Handlebars ones) against the new version, ' +
      'then update PATCHED_VERSIONS there and the pins of the root package.json (dependencies, overrides); ' +
      'or install the pinned versions (npm ci).',
  );
}
