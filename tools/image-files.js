#!/usr/bin/env node
// Exactly the files of a service's image, into a folder: docker/Dockerfile runs this and copies the
// folder to /app, and CI starts the service from such a folder (tools/image-check.js), so what CI
// runs and what the image holds cannot drift apart.
//   dist/          the app and the libs it imports, compiled (tools/build.js --project)
//   node_modules/  its runtime dependencies alone: `npm ci --omit=dev --omit=optional` on the
//                  package files pruned from the Nx project graph (tools/prune-service.js)
//   runtime.env    its memory budget (deploy/base/<service>/runtime.env)
//   main.js        one line that loads the app's entry point
// Usage: node tools/image-files.js <service> <folder>   (a folder that is empty or does not exist)
const { execFileSync } = require('node:child_process');
const { copyFile, mkdir, readdir, rm, writeFile } = require('node:fs/promises');
const path = require('node:path');
const { build } = require('./build');
const { writeRuntimePackage } = require('./prune-service');
const { mainOf, runtimeEnvOf } = require('./service-process');
const { workspaceRoot } = require('./swc-options');

/** What `main.js` holds: one line that loads the service's entry point from dist/. */
function mainFileOf(service) {
  return `require('./${mainOf(service)}');\n`;
}

async function imageFiles(service, folder) {
  const started = Date.now();
  const lap = (step, since) => `${step} ${((Date.now() - since) / 1000).toFixed(1)} s`;
  // Also refuses an unknown service, before anything is written.
  const runtimeEnv = path.join(workspaceRoot, runtimeEnvOf(service));
  await mkdir(folder, { recursive: true });
  if ((await readdir(folder)).length > 0) throw new Error(`${folder} is not empty`);

  let since = Date.now();
  await build(path.join(folder, 'dist'), service);
  const steps = [lap('build', since)];

  since = Date.now();
  await writeRuntimePackage(service, folder);
  execFileSync('npm', ['ci', '--omit=dev', '--omit=optional', '--no-audit', '--no-fund'], {
    cwd: folder,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // npm keeps what it installed in node_modules/.package-lock.json; the image needs neither file.
  await rm(path.join(folder, 'package.json'));
  await rm(path.join(folder, 'package-lock.json'));
  steps.push(lap('dependencies', since));

  await copyFile(runtimeEnv, path.join(folder, 'runtime.env'));
  await writeFile(path.join(folder, 'main.js'), mainFileOf(service));
  console.log(`${service}: image files in ${folder} (${steps.join(', ')}; ${lap('in all', started)})`);
}

if (require.main === module) {
  const [service, folder] = process.argv.slice(2);
  if (!service || !folder) {
    console.error('Usage: node tools/image-files.js <service> <folder>');
    process.exit(2);
  }
  imageFiles(service, path.resolve(folder)).catch((error) => {
    console.error(error.message ?? error);
    process.exit(1);
  });
}

module.exports = { imageFiles, mainFileOf };
