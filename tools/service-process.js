// How a service's Node process starts, wherever one is started: `npm start` (start-all.js), the
// `start:*` scripts, the benchmarks and load runs (bench/bench-support.js), the tests and the image
// (docker/Dockerfile); tools/runtime-budget.spec.ts holds them to it.
//
// Every start reads the service's memory budget, deploy/base/<service>/runtime.env, with Node's
// `--env-file`: its NODE_OPTIONS (the heap budget, at most half the container's memory limit) and,
// for render-service, its worker settings. A variable already set in the environment wins over the
// file, as in the cluster, where the same file reaches the container as a ConfigMap. Without a
// heap budget Node sizes the heap from the memory of the machine it finds: a quarter of it, up to
// 4 GiB on a workstation or an unlimited node. V8 then lets the old generation grow to about four
// times its live size between full collections, where under a budget of a few hundred MiB it
// collects at about 1.3 times: profile-service in `npm run bench:profiles`, with some 45 MiB live,
// grew from 140 to 360 MiB resident without a budget and stayed under 225 MiB with one, every
// latency target still met. The same budget everywhere means a benchmark here measures the
// process that runs in the cluster.
//
// render-service once also started with `--single-threaded-gc` (some 15 % more renders per second
// in `npm run bench:render`: V8's parallel GC helper threads competed with the render workers).
// Node refuses that option in NODE_OPTIONS, and one image recipe cannot vary its command by
// service, so it is gone with the rest of the command-line options.
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { parseEnv } = require('node:util');

const SERVICES = ['profile-service', 'config-service', 'render-service'];

function known(service) {
  if (!SERVICES.includes(service)) throw new Error(`${service} is not a service (${SERVICES.join(', ')})`);
  return service;
}

/** The service's entry point, relative to the repository root. */
function mainOf(service) {
  return `dist/apps/${known(service)}/src/main.js`;
}

/** The service's memory budget file, relative to the repository root. */
function runtimeEnvOf(service) {
  return `deploy/base/${known(service)}/runtime.env`;
}

/** The memory budget's variables, as Node's `--env-file` reads them. */
function readRuntimeEnv(service, root = path.resolve(__dirname, '..')) {
  return parseEnv(readFileSync(path.join(root, runtimeEnvOf(service)), 'utf8'));
}

/** The container's memory limit of the service (runtime.env's MEMORY_LIMIT, `512Mi` or `1.5Gi`), in MiB. */
function memoryLimitMibOf(service, root = path.resolve(__dirname, '..')) {
  const quantity = readRuntimeEnv(service, root).MEMORY_LIMIT ?? '';
  const match = /^(\d+(?:\.\d+)?)(Mi|Gi)$/.exec(quantity);
  if (!match) throw new Error(`${runtimeEnvOf(service)}: MEMORY_LIMIT ${quantity} is not in Mi or Gi`);
  return Number(match[1]) * (match[2] === 'Gi' ? 1024 : 1);
}

/** Node's options for the service's process, before the entry point: its memory budget. */
function nodeArgsOf(service, root = path.resolve(__dirname, '..')) {
  return [`--env-file=${path.join(root, runtimeEnvOf(service))}`];
}

/** `node` arguments that start the service: its options, then its entry point under `root`. */
function serviceArgv(service, root = path.resolve(__dirname, '..')) {
  return [...nodeArgsOf(service, root), path.join(root, mainOf(service))];
}

module.exports = {
  SERVICES,
  mainOf,
  memoryLimitMibOf,
  nodeArgsOf,
  readRuntimeEnv,
  runtimeEnvOf,
  serviceArgv,
};
