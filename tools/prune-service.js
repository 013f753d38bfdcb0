#!/usr/bin/env node
// Writes the package.json and package-lock.json of one service's runtime dependencies into a
// folder, for `npm ci --omit=dev --omit=optional` there: the npm packages its app and libs
// import (tools/service-graph.js), their peers, and the repository's lock file pruned to them,
// both as @nx/js makes them for a project's container. No list by hand: an import added to a
// service's code adds its package to that service's image, and only to it.
// Usage: node tools/prune-service.js <service> <folder>
const { readFileSync } = require('node:fs');
const { mkdir, writeFile } = require('node:fs/promises');
const path = require('node:path');
const { createLockFile, createPackageJson } = require('@nx/js');
const { serviceGraph } = require('./service-graph');
const { workspaceRoot } = require('./swc-options');

/** The service's pruned package.json (as an object) and package-lock.json (as text). */
async function runtimePackage(service) {
  const { graph, fileMap } = await serviceGraph(service);
  const packageJson = createPackageJson(service, graph, { target: 'build', isProduction: true }, fileMap);
  // npm's install-script approvals (allowScripts) stay the repository's.
  const { allowScripts } = JSON.parse(readFileSync(path.join(workspaceRoot, 'package.json'), 'utf8'));
  packageJson.allowScripts = allowScripts;
  return { packageJson, lockFile: createLockFile(packageJson, graph, 'npm') };
}

async function writeRuntimePackage(service, folder) {
  const { packageJson, lockFile } = await runtimePackage(service);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'package.json'), `${JSON.stringify(packageJson, null, 2)}\n`);
  await writeFile(path.join(folder, 'package-lock.json'), lockFile);
  return packageJson;
}

if (require.main === module) {
  const [service, folder] = process.argv.slice(2);
  if (!service || !folder) {
    console.error('Usage: node tools/prune-service.js <service> <folder>');
    process.exit(2);
  }
  writeRuntimePackage(service, path.resolve(folder)).then(
    (packageJson) =>
      console.log(`${service}: ${Object.keys(packageJson.dependencies ?? {}).length} runtime dependencies`),
    (error) => {
      console.error(error.message ?? error);
      process.exit(1);
    },
  );
}

module.exports = { runtimePackage, writeRuntimePackage };
