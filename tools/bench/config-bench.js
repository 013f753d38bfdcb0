#!/usr/bin/env node
// Benchmarks config-service reads beside a bare Fastify + pg route doing the same single-row query,
// all in this one process, on loopback, on a database of its own that is dropped at the end.
// Usage: npm run bench:config   (builds dist/ first)
// Environment: BENCH_ROUNDS (default 3) interleaved rounds; BENCH_SECONDS (default 5) per measured run, each after a discarded 2 s warm-up;
//   BENCH_DATABASE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres, else the
//   embedded engine in a temporary folder); BENCH_WORKERS (default 1): worker threads autocannon
//   sends from, so the load generator does not share the servers' event loop (0: same thread);
//   BENCH_LOG_LEVEL (default warn, so the request lines are not written; `info` writes them, as in
//   production, to /dev/null); REDIS_URL: the per-caller counts in Redis, as replicas keep them.
//   OTEL_EXPORTER_OTLP_ENDPOINT: spans exported there, as a service exports them (a local receiver:
//   node tools/bench/otlp-sink.js); BENCH_TRACES=none: no tracing at all (neither traceparent nor
//   spans), to measure what tracing costs. Tracing covers the bare route as well: it runs in the
//   same process, so the ratio holds tracing's cost on both sides; read_rps and read_cpu_us tell it.
// `npm run profile:config` shows where a read's CPU goes. The last line of output is one JSON object with the results.
const traces = process.env.BENCH_TRACES === 'none' ? 'none' : startTracing();
const { cpus } = require('node:os');

const { measure, positiveNumber, printTable, round, runBenchmark, workerCount } = require('./bench-support');
const { expectOk, startBareServer, startSeededConfigService } = require('./config-setup');

const WARMUP_SECONDS = 2;
const CONNECTIONS = [1, 16];
/** Issue 18: read-by-name at least 0.6 of the bare route's req/s at 16 connections; the goal 0.8. */
const TARGET_RATIO = 0.6;
const GOAL_RATIO = 0.8;

async function main(cleanups) {
  const seconds = positiveNumber('BENCH_SECONDS', 5);
  const rounds = positiveNumber('BENCH_ROUNDS', 3);
  const workers = workerCount();

  // 1. config-service in this process on a database of its own, migrated at creation, then seeded
  // through its own API; 2. the bare baseline: plain Fastify, one pg.Pool of the service's pool
  // size, the same row.
  const service = await startSeededConfigService('bench_config', cleanups);
  const { env, names, prefix, serviceUrl, token } = service;
  const bare = await startBareServer(service.database.url, env.DATABASE_POOL_SIZE, cleanups);

  const auth = { authorization: `Bearer ${token}` };
  const listPath = `${prefix}?PageNumber=2&PageSize=20`;
  await expectOk(
    'service read',
    `${serviceUrl}${prefix}/${names[7]}`,
    auth,
    (body) => body.name === names[7],
  );
  await expectOk(
    'service list',
    `${serviceUrl}${listPath}`,
    auth,
    (body) => Array.isArray(body) && body.length === 20,
  );
  await expectOk('bare read', `${bare.baseUrl}/bare/${names[7]}`, {}, (body) => body.name === names[7]);

  const scenarios = [
    {
      key: 'read',
      label: 'service GET ui-templates/:name',
      baseUrl: serviceUrl,
      headers: auth,
      requests: names.map((name) => ({ method: 'GET', path: `${prefix}/${encodeURIComponent(name)}` })),
    },
    {
      key: 'list',
      label: 'service GET ui-templates?PageNumber=2&PageSize=20',
      baseUrl: serviceUrl,
      headers: auth,
      requests: [{ method: 'GET', path: listPath }],
    },
    {
      key: 'bare',
      label: 'bare GET /bare/:name',
      baseUrl: bare.baseUrl,
      headers: {},
      requests: names.map((name) => ({ method: 'GET', path: `/bare/${encodeURIComponent(name)}` })),
    },
  ];

  // 4. Measure: rounds of every scenario at each concurrency, interleaved so that the machine's
  // drift touches service and baseline alike; each figure is the median over the rounds.
  console.log(
    `Measuring ${rounds} rounds of ${scenarios.length * CONNECTIONS.length} runs of ${seconds} s ` +
      `(+${WARMUP_SECONDS} s warm-up each), load from ` +
      `${workers === 0 ? 'the main thread' : `${workers} worker thread(s)`}, ${cpus().length} CPUs`,
  );
  const runs = [];
  for (let round = 1; round <= rounds; round += 1) {
    for (const scenario of scenarios) {
      for (const connections of CONNECTIONS) {
        const run = await measure(scenario, connections, seconds, workers, WARMUP_SECONDS);
        const cpu = run.cpuUsPerRequest === undefined ? '' : `, ${run.cpuUsPerRequest.toFixed(0)} µs CPU/req`;
        console.log(
          `  round ${round} ${scenario.key} c${connections}: ${run.rps.toFixed(1)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms${cpu}`,
        );
        runs.push({ ...run, round });
      }
    }
  }
  const rows = scenarios.flatMap((scenario) =>
    CONNECTIONS.map((connections) => {
      const mine = runs.filter((run) => run.scenario === scenario.key && run.connections === connections);
      const sum = (field) => mine.reduce((total, run) => total + run[field], 0);
      return {
        ...mine[0],
        rps: median(mine.map((run) => run.rps)),
        p50: median(mine.map((run) => run.p50)),
        p99: median(mine.map((run) => run.p99)),
        cpuUsPerRequest:
          mine[0].cpuUsPerRequest === undefined ? undefined : median(mine.map((run) => run.cpuUsPerRequest)),
        total: sum('total'),
        non2xx: sum('non2xx'),
        errors: sum('errors'),
        timeouts: sum('timeouts'),
      };
    }),
  );

  // 5. Report.
  printTable(rows);
  const find = (key, connections) =>
    rows.find((row) => row.scenario === key && row.connections === connections);
  const ratio = find('read', 16).rps / find('bare', 16).rps;
  const roundRatios = Array.from({ length: rounds }, (_, index) => {
    const inRound = (key) =>
      runs.find((run) => run.round === index + 1 && run.scenario === key && run.connections === 16);
    return round(inRound('read').rps / inRound('bare').rps, 3);
  });
  const met = ratio >= TARGET_RATIO;
  console.log(
    `read_rps_c16 / bare_rps_c16 = ${ratio.toFixed(3)} (medians of ${rounds} rounds; per round ${roundRatios.join(', ')}): ` +
      `target >= ${TARGET_RATIO} ${met ? 'MET' : 'NOT MET'}, goal ${GOAL_RATIO} ${ratio >= GOAL_RATIO ? 'MET' : 'not met'}`,
  );
  // The same comparison in the main thread's CPU per response, which a busy machine moves less.
  const readCpu = find('read', 16).cpuUsPerRequest;
  const bareCpu = find('bare', 16).cpuUsPerRequest;
  const cpuRatio = readCpu === undefined || bareCpu === undefined ? undefined : bareCpu / readCpu;
  if (cpuRatio !== undefined) {
    console.log(
      `main-thread CPU per response at 16 connections: read ${readCpu.toFixed(0)} µs, bare ${bareCpu.toFixed(0)} µs; ` +
        `bare / read = ${cpuRatio.toFixed(3)} (npm run profile:config shows where a read's goes)`,
    );
  }

  const summary = {};
  for (const row of rows) {
    const suffix = `c${row.connections}`;
    summary[`${row.scenario}_rps_${suffix}`] = round(row.rps, 1);
    summary[`${row.scenario}_p50_ms_${suffix}`] = row.p50;
    summary[`${row.scenario}_p99_ms_${suffix}`] = row.p99;
    if (row.cpuUsPerRequest !== undefined)
      summary[`${row.scenario}_cpu_us_${suffix}`] = round(row.cpuUsPerRequest, 1);
    const failures = row.non2xx + row.errors + row.timeouts;
    if (failures > 0) {
      summary[`${row.scenario}_non2xx_${suffix}`] = row.non2xx;
      summary[`${row.scenario}_errors_${suffix}`] = row.errors + row.timeouts;
    }
  }
  Object.assign(summary, {
    read_to_bare_ratio_c16: round(ratio, 3),
    read_to_bare_ratio_c16_per_round: roundRatios,
    ...(cpuRatio === undefined ? {} : { read_to_bare_cpu_ratio_c16: round(cpuRatio, 3) }),
    rounds,
    target_ratio: TARGET_RATIO,
    target_met: met,
    goal_ratio: GOAL_RATIO,
    goal_met: ratio >= GOAL_RATIO,
    non2xx_total: rows.reduce((sum, row) => sum + row.non2xx, 0),
    seconds,
    warmup_seconds: WARMUP_SECONDS,
    templates: names.length,
    load_workers: workers,
    cpus: cpus().length,
    database: service.database.source,
    redis: service.env.REDIS_URL !== undefined,
    log_level: service.env.LOG_LEVEL,
    traces,
    node: process.version,
  });
  return summary;
}

/**
 * Tracing as config-service's main.ts starts it, before anything it traces is loaded: traceparent
 * taken in and sent on, and spans exported when OTEL_EXPORTER_OTLP_ENDPOINT is set.
 */
function startTracing() {
  const tracing = require('../../dist/libs/tracing/src');
  tracing.startTracing('config-service');
  return tracing.exportsTraces(process.env) ? 'exported' : 'propagated';
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

runBenchmark(main, () => {
  // Bounded: give up (and still clean up) if the whole run takes far longer than planned.
  const plannedRuns = positiveNumber('BENCH_ROUNDS', 3) * 3 * CONNECTIONS.length;
  return (plannedRuns * (positiveNumber('BENCH_SECONDS', 5) + WARMUP_SECONDS + 10) + 180) * 1000;
});
