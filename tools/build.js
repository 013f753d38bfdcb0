#!/usr/bin/env node
// Compiles the apps and libs to dist/ with swc (type checking is `npm run typecheck`).
// Usage: node tools/build.js [--out <folder below the repository>] [--project <app>]
//   --out      default dist/; below the repository, so that the built code finds node_modules
//   --project  only that app and the libs it imports (tools/service-graph.js), as its image holds them
const { transformFile } = require('@swc/core');
const { mkdir, readdir, writeFile, copyFile, rm } = require('node:fs/promises');
const path = require('node:path');
const { swcOptions, workspaceRoot } = require('./swc-options');

// Specs and the fakes beside them (a `testing/` folder inside a source tree) are the tests' only.
const isTestOnly = (file) => file.endsWith('.spec.ts') || /\/src\/(.+\/)?testing\//.test(file);
const isSource = (file) => file.endsWith('.ts') && !isTestOnly(file) && !file.endsWith('.d.ts');
// Copied as they are: data files, and the files a service serves to browsers (the render playground).
const isAsset = (file) => /\.(json|html|css|js)$/.test(file);

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

async function compileTree(srcDir, outRoot, options) {
  let count = 0;
  for await (const file of walk(srcDir)) {
    const target = path.join(outRoot, path.relative(workspaceRoot, file));
    if (isSource(file) || isAsset(file)) await mkdir(path.dirname(target), { recursive: true });
    if (isSource(file)) {
      const { code, map } = await transformFile(file, { ...options, filename: file, sourceFileName: file });
      const jsFile = target.replace(/\.ts$/, '.js');
      await writeFile(jsFile, `${code}\n//# sourceMappingURL=${path.basename(jsFile)}.map\n`);
      if (map) await writeFile(`${jsFile}.map`, map);
      count += 1;
    } else if (isAsset(file)) {
      await copyFile(file, target);
    }
  }
  return count;
}

/** The folders (relative to the repository) of the projects to build: every one, or an app's. */
async function projectRoots(project) {
  if (project === undefined) {
    const roots = [];
    for (const group of ['libs', 'apps']) {
      for (const name of await readdir(path.join(workspaceRoot, group))) roots.push(`${group}/${name}`);
    }
    return roots;
  }
  // Loaded only here: the Nx graph takes a few seconds, which a full build does not need.
  const { projectsOf, serviceGraph } = require('./service-graph');
  return projectsOf(project, await serviceGraph(project)).map((node) => node.data.root);
}

/** Compiles into `outRoot` (emptied first) every project, or `project` and the libs it imports. */
async function build(outRoot, project) {
  const started = Date.now();
  const options = swcOptions();
  const roots = await projectRoots(project);
  await rm(outRoot, { recursive: true, force: true });
  let total = 0;
  for (const root of roots)
    total += await compileTree(path.join(workspaceRoot, root, 'src'), outRoot, options);
  const built = project === undefined ? '' : ` of ${roots.join(', ')}`;
  console.log(`built ${total} files${built} into ${outRoot} in ${Date.now() - started} ms`);
}

function optionValue(name) {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
}

if (require.main === module) {
  const outRoot = path.resolve(workspaceRoot, optionValue('--out') ?? 'dist');
  if (!outRoot.startsWith(`${workspaceRoot}${path.sep}`)) {
    console.error(`--out must name a folder below ${workspaceRoot}`);
    process.exit(1);
  }
  build(outRoot, optionValue('--project')).catch((error) => {
    console.error(error.message ?? error);
    process.exit(1);
  });
}

module.exports = { build };
