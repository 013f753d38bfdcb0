#!/usr/bin/env node
// Compiles every app and lib to dist/ with swc (type checking is `npm run typecheck`).
// Usage: node tools/build.js [--out <folder below the repository>]   (default dist/)
// The folder must lie below the repository, so that the built code finds node_modules.
const { transformFile } = require('@swc/core');
const { mkdir, readdir, writeFile, copyFile, rm } = require('node:fs/promises');
const path = require('node:path');
const { swcOptions, workspaceRoot } = require('./swc-options');

const outIndex = process.argv.indexOf('--out');
const outRoot = path.resolve(workspaceRoot, outIndex > 0 ? process.argv[outIndex + 1] : 'dist');
if (!outRoot.startsWith(`${workspaceRoot}${path.sep}`)) {
  console.error(`--out must name a folder below ${workspaceRoot}`);
  process.exit(1);
}
const isSource = (file) => file.endsWith('.ts') && !file.endsWith('.spec.ts') && !file.endsWith('.d.ts');
// Copied as they are: data files, and the files a service serves to browsers (the render playground).
const isAsset = (file) => /\.(json|html|css|js)$/.test(file);

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

async function compileTree(srcDir, options) {
  let count = 0;
  for await (const file of walk(srcDir)) {
    const target = path.join(outRoot, path.relative(workspaceRoot, file));
    await mkdir(path.dirname(target), { recursive: true });
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

async function main() {
  const started = Date.now();
  const options = swcOptions();
  await rm(outRoot, { recursive: true, force: true });
  let total = 0;
  for (const group of ['libs', 'apps']) {
    for (const project of await readdir(path.join(workspaceRoot, group))) {
      total += await compileTree(path.join(workspaceRoot, group, project, 'src'), options);
    }
  }
  console.log(
    `built ${total} files into ${path.relative(workspaceRoot, outRoot)}/ in ${Date.now() - started} ms`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
