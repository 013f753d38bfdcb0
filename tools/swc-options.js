// One swc configuration for the build and for Jest, so tests run the code the build emits.
const { readFileSync } = require('node:fs');
const path = require('node:path');

const workspaceRoot = path.resolve(__dirname, '..');

function swcOptions() {
  const swcrc = JSON.parse(readFileSync(path.join(workspaceRoot, '.swcrc'), 'utf8'));
  const { compilerOptions } = JSON.parse(
    readFileSync(path.join(workspaceRoot, 'tsconfig.base.json'), 'utf8'),
  );
  delete swcrc.$schema;
  swcrc.swcrc = false;
  // swc rewrites the workspace aliases to relative paths, so the built output runs on plain Node.
  swcrc.jsc.baseUrl = workspaceRoot;
  swcrc.jsc.paths = compilerOptions.paths;
  return swcrc;
}

module.exports = { swcOptions, workspaceRoot };
