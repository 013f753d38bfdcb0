// How a service's Node process starts, wherever one is started: `npm start` (start-all.js), the
// `start:*` scripts, the benchmarks and load runs (bench/bench-support.js) and the images
// (docker/*.Dockerfile); tools/deploy-manifests.spec.ts holds the scripts and images to it.
//
// Each process gets an explicit heap budget, at most half its container's memory limit
// (deploy/base/<service>/deployment.yaml). Without one, Node sizes the heap from the memory of the
// machine it finds: a quarter of it, up to 4 GiB on a workstation or an unlimited node. V8 then
// lets the old generation grow to about four times its live size between full collections, where
// under a budget of a few hundred MiB it collects at about 1.3 times: profile-service in
// `npm run bench:profiles`, with some 45 MiB live, grew from 140 to 360 MiB resident without a
// budget and stayed under 225 MiB with one, every latency target still met. The same budget
// everywhere means a benchmark here measures the process that runs in the cluster.
const path = require('node:path');

const HEAP_BUDGET_MB = {
  'profile-service': 256,
  'config-service': 256,
  // For the main thread (HTTP) alone. V8 applies heap options to every thread of the process, over
  // the limits each render worker is given (RENDER_WORKER_HEAP_MB, which stops a runaway document
  // in its worker); the render pool clears them before it starts its workers (worker-heap-flags.ts).
  'render-service': 256,
};

/** V8 options beyond the heap budget. */
const V8_OPTIONS = {
  'render-service': [
    // The main thread's nursery: a request's garbage is small, and V8's default of 16 MiB per
    // semi-space held 24 MiB more resident memory for nothing (cleared for the workers, as above).
    '--max-semi-space-size=4',
    // The render workers keep every core busy (RENDER_WORKERS, one per core of the container):
    // V8's parallel GC helper threads only competed with them. Collecting on the thread that
    // allocated gave some 15 % more renders per second in `npm run bench:render`, and less memory.
    '--single-threaded-gc',
  ],
};

/** The service's entry point, relative to the repository root. */
function mainOf(service) {
  return `dist/apps/${service}/src/main.js`;
}

/** Node's options for the service's process, before the entry point. */
function nodeArgsOf(service) {
  if (!(service in HEAP_BUDGET_MB)) throw new Error(`${service} is not in tools/service-process.js`);
  return [`--max-old-space-size=${HEAP_BUDGET_MB[service]}`, ...(V8_OPTIONS[service] ?? [])];
}

/** `node` arguments that start the service: its options, then its entry point under `root`. */
function serviceArgv(service, root = path.resolve(__dirname, '..')) {
  return [...nodeArgsOf(service), path.join(root, mainOf(service))];
}

module.exports = { HEAP_BUDGET_MB, mainOf, nodeArgsOf, serviceArgv };
