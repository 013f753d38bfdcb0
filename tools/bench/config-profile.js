#!/usr/bin/env node
// Where a config-service read by name spends its CPU. Starts the service and the bare Fastify + pg
// route in this process as `npm run bench:config` does, sends a fixed number of reads to each from
// a worker thread (after a warm-up; in interleaved rounds, so that the machine's drift touches
// both), and profiles this thread's CPU meanwhile (V8's sampling profiler, every 100 µs). Each
// sample goes to the step of the read path on its stack (the innermost hook, guard, interceptor,
// pipe or route frame), else to the library it ran in, and gets that share of the CPU time the
// thread used (Linux). It prints each step's CPU per read and its share, and the main thread's
// CPU per read of the service beside the bare route's: their ratio moves less on a busy machine
// than req/s does, and the profiler's overhead touches both.
// Usage: npm run profile:config   (builds dist/ first)
// Environment: PROFILE_REQUESTS (default 20000) reads of each, in PROFILE_ROUNDS (default 4);
//   PROFILE_CONNECTIONS (default 16); PROFILE_OUT (a folder: each run's .cpuprofile is written
//   there, for Chrome DevTools); BENCH_LOG_LEVEL (default info: the request lines are written, to
//   /dev/null, as in production) and BENCH_DATABASE_ADMIN_URL as for bench:config.
// The last line of output is one JSON object with the results.
const { writeFileSync } = require('node:fs');
const { Session } = require('node:inspector/promises');
const path = require('node:path');

const autocannon = require('autocannon');

const { mainThreadCpuUs, positiveNumber, round, runBenchmark } = require('./bench-support');
const { expectOk, startBareServer, startSeededConfigService } = require('./config-setup');

const DIST = `${path.resolve(__dirname, '..', '..', 'dist')}${path.sep}`;
const WARMUP_REQUESTS = 4000;

/**
 * The steps of the read path, each recognised by the files (and, where a file holds more than
 * one step, the functions) its frames run in. The first step that claims a frame, walking from
 * the sample's leaf to its root, is charged for the sample; the walk stops at Fastify's hook
 * runner, since a hook that calls `done()` runs the rest of the request inside its own frame.
 */
const STEPS = [
  [
    'security headers (@fastify/helmet, per request)',
    (f) => /node_modules\/(@fastify\/)?helmet\//.test(f.url),
  ],
  ['security headers (security-headers.ts)', (f) => f.url.includes('service-runtime/src/security-headers')],
  ['CORS', (f) => /node_modules\/@fastify\/cors\/|service-runtime\/src\/cors\./.test(f.url)],
  ['correlation id', (f) => f.url.includes('http-context/src/correlation')],
  [
    'request logging (pino)',
    (f) =>
      /node_modules\/(pino|sonic-boom|thread-stream|fast-redact|quick-format-unescaped)\//.test(f.url) ||
      f.url.includes('http-context/src/logger') ||
      (f.url.includes('http-context/src/request-context') &&
        /logRequest|queryParameterNames/.test(f.functionName)),
  ],
  ['request context (AsyncLocalStorage)', (f) => f.url.includes('http-context/src/request-context')],
  ['request tracking (graceful shutdown)', (f) => f.url.includes('service-runtime/src/graceful-shutdown')],
  ['body budget', (f) => f.url.includes('service-runtime/src/body-budget')],
  ['body media type check', (f) => f.url.includes('service-runtime/src/body-media-type')],
  ['metrics (prom-client)', (f) => /node_modules\/prom-client\/|service-runtime\/src\/metrics/.test(f.url)],
  ['AuthGuard (token cache, roles)', (f) => /libs\/auth\/src\/|node_modules\/jose\//.test(f.url)],
  [
    'CallerLimitsGuard (in flight, two rate windows)',
    (f) => /service-runtime\/src\/(caller-limits|caller-count-store|rate-limit|redis-deadline)/.test(f.url),
  ],
  ['AuditInterceptor', (f) => f.url.includes('libs/audit/src/')],
  [
    'validation pipe',
    (f) => /http-context\/src\/request-validation|node_modules\/class-(validator|transformer)\//.test(f.url),
  ],
  [
    'name pipe (UiTemplateNamePipe)',
    (f) => /ui-template-name\.pipe|ui-template-rules|plain-text/.test(f.url),
  ],
  ['problem filter', (f) => f.url.includes('libs/problem-details/src/')],
  ['route: EntityLookup (pool.query)', (f) => f.url.includes('libs/database/src/entity-lookup')],
  ['route: controller, service, mapper', (f) => f.url.includes('apps/config-service/src/')],
];

/** Where Fastify calls the next hook, or the handler, from the `done` a hook called. */
const HOOK_RUNNER = /node_modules\/fastify\/lib\/hooks\.js$/;

/** Where a sample no step claims ran: the innermost frame with a script, by its package. */
const LIBRARIES = [
  [
    'pg driver (protocol, rows)',
    /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+|buffer-writer|packet-reader)\//,
  ],
  [
    'Nest router and pipeline',
    /node_modules\/@nestjs\/|node_modules\/rxjs\/|node_modules\/reflect-metadata\//,
  ],
  [
    'Fastify (routing, reply, hooks runner)',
    /node_modules\/(fastify|find-my-way|avvio|@fastify\/[a-z-]+|fast-querystring|toad-cache|process-warning|abstract-logging|fast-decode-uri-component|safe-regex2|ret|proxy-addr|forwarded|ipaddr\.js|content-type|secure-json-parse)\//,
  ],
  ['typeorm', /node_modules\/typeorm\//],
  ['Node: AsyncLocalStorage (async_hooks)', /^node:(internal\/)?async_hooks$/],
  ['Node: promise jobs (microtask queue)', /^node:internal\/process\/task_queues$/],
  ['Node: socket writes and reads', /^node:(net|stream|internal\/stream_base_commons|internal\/streams\/)/],
  ['Node: HTTP parser and headers', /^node:_http_/],
  ['Node: events, timers, buffers, other', /^node:|^internal\//],
];

function classify(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const stepOf = new Map();
  const stepOfNode = (id) => {
    if (stepOf.has(id)) return stepOf.get(id);
    const { callFrame: frame } = byId.get(id);
    let step;
    if (frame.functionName === '(idle)') step = null;
    else if (frame.functionName === '(garbage collector)') step = 'garbage collection';
    else if (frame.functionName === '(program)') step = 'V8 and native code outside JS';
    else if (HOOK_RUNNER.test(frame.url)) step = undefined;
    else {
      step = STEPS.find(([, claims]) => claims(frame))?.[0];
      const parent = parentOf.get(id);
      if (!step) step = parent === undefined ? undefined : stepOfNode(parent);
    }
    stepOf.set(id, step);
    return step;
  };
  // Unclaimed samples: the innermost frame that names a script decides.
  const libraryOf = (id) => {
    for (let current = id; current !== undefined; current = parentOf.get(current)) {
      const { url } = byId.get(current).callFrame;
      if (url === '') continue;
      const library = LIBRARIES.find(([, pattern]) => pattern.test(url));
      if (library) return library[0];
      if (url.includes(DIST)) return `other service code (${path.basename(url)})`;
      return `other (${url.replace(/^.*node_modules\//, '').split('/')[0]})`;
    }
    return 'V8 builtins (no script frame)';
  };
  const totals = new Map();
  let busyUs = 0;
  const { samples, timeDeltas } = profile;
  for (let index = 0; index < samples.length; index += 1) {
    const us = timeDeltas[index + 1] ?? 0;
    let step = stepOfNode(samples[index]);
    if (step === null) continue;
    if (step === undefined) step = libraryOf(samples[index]);
    busyUs += us;
    totals.set(step, (totals.get(step) ?? 0) + us);
  }
  return { totals, busyUs };
}

/** One profiled run of `requests` reads, added to the scenario's totals. */
async function profiled(session, scenario, requests, outFile) {
  await session.post('Profiler.start');
  const cpuBefore = mainThreadCpuUs();
  const result = await autocannon({ ...scenario.load, amount: requests });
  const cpuUs = mainThreadCpuUs() - cpuBefore;
  const { profile } = await session.post('Profiler.stop');
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0)
    throw new Error(`${scenario.label}: ${failures} of ${result.requests.total} reads failed`);
  const { totals, busyUs } = classify(profile);
  // Each step's share of the samples, of the CPU time the thread really used.
  for (const [step, us] of totals)
    scenario.totals.set(step, (scenario.totals.get(step) ?? 0) + (us / busyUs) * cpuUs);
  scenario.cpuUs += cpuUs;
  scenario.answered += result.requests.total;
  scenario.perRound.push(cpuUs / result.requests.total);
  if (outFile) writeFileSync(outFile, JSON.stringify(profile));
}

function printSteps(scenario) {
  const rows = [...scenario.totals.entries()].sort((a, b) => b[1] - a[1]);
  const width = Math.max(...rows.map(([step]) => step.length), 4);
  const perRequest = scenario.cpuUs / scenario.answered;
  console.log(
    `\n${scenario.label}: ${scenario.answered} reads, main-thread CPU ${perRequest.toFixed(1)} µs per read ` +
      `(per round ${scenario.perRound.map((us) => us.toFixed(0)).join(', ')})`,
  );
  console.log(`${'step'.padEnd(width)}  µs/read  share`);
  for (const [step, us] of rows) {
    const share = `${((100 * us) / scenario.cpuUs).toFixed(1)}%`;
    console.log(
      `${step.padEnd(width)}  ${(us / scenario.answered).toFixed(1).padStart(7)}  ${share.padStart(5)}`,
    );
  }
}

async function main(cleanups) {
  if (mainThreadCpuUs() === undefined)
    throw new Error('profile:config reads the thread CPU time of Linux (/proc)');
  const requests = positiveNumber('PROFILE_REQUESTS', 20_000);
  const rounds = positiveNumber('PROFILE_ROUNDS', 4);
  const connections = positiveNumber('PROFILE_CONNECTIONS', 16);
  const outFolder = process.env.PROFILE_OUT;
  // At `info`, as in production: the request lines are formatted and written (to /dev/null).
  const service = await startSeededConfigService('bench_config_profile', cleanups, 'info');
  const bare = await startBareServer(service.database.url, service.env.DATABASE_POOL_SIZE, cleanups);
  const auth = { authorization: `Bearer ${service.token}` };
  const { names, prefix } = service;
  await expectOk(
    'service read',
    `${service.serviceUrl}${prefix}/${names[7]}`,
    auth,
    (body) => body.name === names[7],
  );
  await expectOk('bare read', `${bare.baseUrl}/bare/${names[7]}`, {}, (body) => body.name === names[7]);

  const scenario = (key, label, url, headers, pathOf) => ({
    key,
    label,
    load: {
      url,
      connections,
      headers,
      requests: names.map((name) => ({ method: 'GET', path: pathOf(encodeURIComponent(name)) })),
      workers: 1,
    },
    totals: new Map(),
    cpuUs: 0,
    answered: 0,
    perRound: [],
  });
  const scenarios = [
    scenario(
      'read',
      'service GET ui-templates/:name',
      service.serviceUrl,
      auth,
      (name) => `${prefix}/${name}`,
    ),
    scenario('bare', 'bare GET /bare/:name', bare.baseUrl, {}, (name) => `/bare/${name}`),
  ];
  for (const { load } of scenarios) await autocannon({ ...load, amount: WARMUP_REQUESTS });

  const session = new Session();
  session.connect();
  cleanups.push(() => session.disconnect());
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  // Interleaved rounds, so that the machine's drift touches service and baseline alike.
  const perRound = Math.ceil(requests / rounds);
  for (let round = 1; round <= rounds; round += 1) {
    for (const each of scenarios) {
      const outFile = outFolder && path.join(outFolder, `${each.key}-${round}.cpuprofile`);
      await profiled(session, each, perRound, outFile);
    }
  }
  const [read, bareRead] = scenarios;
  printSteps(read);
  printSteps(bareRead);
  if (outFolder) console.log(`\nprofiles of each round in ${outFolder} (open them in Chrome DevTools)`);
  const readUs = read.cpuUs / read.answered;
  const bareUs = bareRead.cpuUs / bareRead.answered;
  console.log(
    `\nmain-thread CPU per read: service ${readUs.toFixed(1)} µs, bare ${bareUs.toFixed(1)} µs ` +
      `(bare / service = ${(bareUs / readUs).toFixed(3)}, the ratio this thread alone allows)`,
  );
  return {
    read_cpu_us: round(readUs, 1),
    bare_cpu_us: round(bareUs, 1),
    cpu_ratio: round(bareUs / readUs, 3),
    read_steps_us: Object.fromEntries(
      [...read.totals.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([step, us]) => [step, round(us / read.answered, 1)]),
    ),
    requests: read.answered,
    rounds,
    connections,
    log_level: service.env.LOG_LEVEL,
  };
}

module.exports = { classify };

if (require.main === module) {
  runBenchmark(main, () => (positiveNumber('PROFILE_REQUESTS', 20_000) / 50 + 300) * 1000);
}
