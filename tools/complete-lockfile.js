#!/usr/bin/env node
// The registry this project installs from does not serve every platform build of packages such
// as @swc/core, so `npm install` leaves them out of package-lock.json and `npm ci` then refuses the
// lock file as out of sync. This adds those optional platform packages back as entries whose
// os/cpu/libc never match here: `npm ci` accepts the lock file and skips them without a download.
// Run after any `npm install` that changes package-lock.json: `npm run lockfile:complete`.
const { readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const lockFile = path.resolve(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(lockFile, 'utf8'));

const OS = [
  'darwin',
  'linux',
  'win32',
  'android',
  'freebsd',
  'openharmony',
  'sunos',
  'aix',
  'netbsd',
  'openbsd',
];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.find((part) => CPU.includes(part));
  if (!os || !cpu) return undefined;
  const libc = parts.some((part) => part.startsWith('musl'))
    ? 'musl'
    : parts.includes('gnu') || parts.includes('gnueabihf')
      ? 'glibc'
      : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform) {
      process.stderr.write(`left out: ${name} (${range}) is missing and is no platform build\n`);
      continue;
    }
    lock.packages[`node_modules/${name}`] = {
      version: String(range).replace(/^[\^~=]/, ''),
      cpu: [platform.cpu],
      ...(platform.libc ? { libc: [platform.libc] } : {}),
      optional: true,
      os: [platform.os],
    };
    added += 1;
  }
}

const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(lockFile, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
process.stdout.write(`package-lock.json: ${added} platform entries added\n`);
