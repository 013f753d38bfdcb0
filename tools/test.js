#!/usr/bin/env node
// `npm test`: the client types generated, then the type check and the lint side by side (each
// builds its own TypeScript program, on a core of its own), then every Jest suite in the lanes of
// tools/jest/lanes.js. Arguments are passed on to Jest (`npm test -- apps/config-service`).
const { Buffer } = require('node:buffer');
const { spawn, spawnSync } = require('node:child_process');
const path = require('node:path');
const { performance } = require('node:perf_hooks');

const { runInLanes } = require('./jest/lanes');

const root = path.resolve(__dirname, '..');

/** Runs a command with its output kept apart; resolves with its status, seconds and output. */
function captured(command, args) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) =>
      resolve({
        status,
        seconds: Math.round((performance.now() - started) / 1000),
        output: Buffer.concat(output),
      }),
    );
  });
}

async function main() {
  const clients = spawnSync(process.execPath, [path.join(__dirname, 'api-clients.js')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (clients.status !== 0) return clients.status ?? 1;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const checks = {
    typecheck: [npm, ['exec', '--', 'tsc', '-p', 'tsconfig.json']],
    lint: [npm, ['run', '-s', 'lint']],
  };
  const outcomes = await Promise.all(Object.values(checks).map(([command, args]) => captured(command, args)));
  let failed = false;
  Object.keys(checks).forEach((name, index) => {
    const { status, seconds, output } = outcomes[index];
    process.stdout.write(output);
    process.stdout.write(`${name}: ${status === 0 ? 'passed' : `failed (exit ${status})`} in ${seconds} s\n`);
    failed ||= status !== 0;
  });
  if (failed) return 1;
  return runInLanes(process.argv.slice(2));
}

main().then((status) => process.exit(status));
