// What the benchmarks share: environment numbers, a database of their own, autocannon runs with a
// discarded warm-up, the result table, and clean-up that also runs on Ctrl-C or a hang.
/* global AbortSignal, setInterval, clearInterval -- Node 24 has them; the shared lint config lists only a few globals */
const { execFileSync, spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { createServer } = require('node:net');
const { tmpdir } = require('node:os');
const path = require('node:path');

const autocannon = require('autocannon');
const { Client } = require('pg');
const { serviceArgv } = require('../service-process');

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

function positiveNumber(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got '${raw}'`);
  return value;
}

function workerCount() {
  const raw = process.env.BENCH_WORKERS;
  if (raw === undefined || raw === '') return 1;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`BENCH_WORKERS must be 0 or more, got '${raw}'`);
  return value;
}

const redact = (url) => url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');

async function withAdmin(adminUrl, work) {
  const client = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database on BENCH_DATABASE_ADMIN_URL, else the local server, else the embedded engine
 * in a temporary folder; dropped (and the engine stopped) by the clean-ups.
 */
async function createBenchDatabase(prefix, cleanups, { startEmbeddedDatabase, ensureDatabase, isReachable }) {
  const candidate = process.env.BENCH_DATABASE_ADMIN_URL || DEFAULT_ADMIN_URL;
  let adminUrl = candidate;
  let source = process.env.BENCH_DATABASE_ADMIN_URL ? 'BENCH_DATABASE_ADMIN_URL' : 'local';
  if (!(await isReachable(candidate))) {
    const folder = mkdtempSync(path.join(tmpdir(), 'portal-bench-pg-'));
    console.log(`No PostgreSQL at ${redact(candidate)}: starting the embedded engine in ${folder}`);
    // As root the engine runs as a `postgres` user, which must reach the data folder inside.
    chmodSync(folder, 0o755);
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    const embedded = await startEmbeddedDatabase(path.join(folder, 'data'));
    cleanups.push(() => embedded.stop());
    adminUrl = embedded.adminUrl;
    source = 'embedded';
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const url = await ensureDatabase(adminUrl, name);
  cleanups.push(() =>
    withAdmin(adminUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
    ),
  );
  console.log(`Database ${name} on ${redact(adminUrl)} (${source})`);
  return { url, name, source };
}

const MAIN_THREAD_STAT = `/proc/self/task/${process.pid}/stat`;
let clockTicksPerSecond;

/**
 * The CPU time this process's main thread has used so far, in µs, where Linux tells it (else
 * undefined): unlike req/s, or a profile's clock, it does not count the time a busy machine kept
 * the thread waiting for a core.
 */
function mainThreadCpuUs() {
  if (!existsSync(MAIN_THREAD_STAT)) return undefined;
  clockTicksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  const stat = readFileSync(MAIN_THREAD_STAT, 'utf8');
  // The fields after the command name (in parentheses, and it may hold spaces): utime and stime
  // are the 14th and 15th fields of the line.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / clockTicksPerSecond;
}

/**
 * One autocannon run after a discarded warm-up; a warning when any response was not 2xx. With the
 * load sent from worker threads, `cpuUsPerRequest` is what the servers in this process spent of
 * the main thread's CPU per response.
 */
async function measure(scenario, connections, seconds, workers, warmupSeconds) {
  const options = {
    url: scenario.baseUrl,
    connections,
    duration: seconds,
    headers: scenario.headers,
    requests: scenario.requests,
    timeout: scenario.timeoutSeconds ?? 10,
    ...(workers > 0 ? { workers } : {}),
  };
  if (warmupSeconds > 0) await autocannon({ ...options, duration: warmupSeconds });
  const cpuBefore = mainThreadCpuUs();
  const result = await autocannon(options);
  const cpuUs = cpuBefore === undefined ? undefined : mainThreadCpuUs() - cpuBefore;
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) {
    console.warn(
      `WARNING ${scenario.key} c${connections}: ${result.non2xx} non-2xx, ${result.errors} errors, ` +
        `${result.timeouts} timeouts out of ${result.requests.total} responses`,
    );
  }
  return {
    scenario: scenario.key,
    label: scenario.label,
    connections,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    cpuUsPerRequest: workers > 0 && cpuUs !== undefined ? cpuUs / result.requests.total : undefined,
  };
}

function printTable(rows, { unit = 'req/s' } = {}) {
  const header = ['scenario', 'connections', `${unit} (avg)`, 'p50 ms', 'p99 ms', 'requests', 'non-2xx'];
  const lines = rows.map((row) => [
    row.label,
    String(row.connections),
    row.rps.toFixed(1),
    String(row.p50),
    String(row.p99),
    String(row.total),
    String(row.non2xx + row.errors + row.timeouts),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column].length)),
  );
  const format = (cells) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ');
  console.log('');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
  console.log(
    '(autocannon records latencies in whole milliseconds; req/s is the mean of per-second samples)',
  );
  console.log('');
}

const round = (value, digits) => Math.round(value * 10 ** digits) / 10 ** digits;

async function runCleanups(cleanups) {
  let failed = false;
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      failed = true;
      console.error(`Cleanup failed: ${error && error.message ? error.message : String(error)}`);
    }
  }
  cleanups.length = 0;
  return failed;
}

/**
 * Runs `main(cleanups)` and prints its summary as the last line of JSON; cleans up on success,
 * failure, Ctrl-C, SIGTERM, or when the run takes longer than `limitMs()` allows.
 */
function runBenchmark(main, limitMs) {
  const cleanups = [];
  let stopping = false;
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ]) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      console.error(`\n${signal}: cleaning up`);
      void runCleanups(cleanups).finally(() => process.exit(code));
    });
  }
  const limit = limitMs();
  setTimeout(() => {
    console.error(`Gave up after ${Math.round(limit / 1000)} s: the benchmark hung.`);
    stopping = true;
    void runCleanups(cleanups).finally(() => process.exit(1));
  }, limit).unref();

  main(cleanups)
    .then(async (summary) => {
      stopping = true;
      const cleanupFailed = await runCleanups(cleanups);
      console.log(JSON.stringify(summary));
      process.exit(cleanupFailed ? 1 : 0);
    })
    .catch(async (error) => {
      stopping = true;
      console.error(error && error.stack ? error.stack : error);
      await runCleanups(cleanups);
      process.exit(1);
    });
}

/**
 * A benchmark drives one token far past the per-caller rate limits a deployment keeps (its point is
 * the service's throughput, not the limiter's refusals): the services it starts get these.
 */
const UNLIMITED_RATES = {
  RATE_LIMIT_PER_MINUTE: '100000000',
  RATE_LIMIT_BURST: '100000000',
  RENDER_RATE_LIMIT_PER_MINUTE: '100000000',
  RENDER_RATE_LIMIT_BURST: '100000000',
};

/** A fetch that fails loudly after `ms`. */
const timeoutSignal = (ms) => AbortSignal.timeout(ms);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs a service (`profile-service`) from dist/ as a process of its own, started as every way of
 * starting it does (tools/service-process.js), on a free port, so that its resident memory can be
 * read on its own; resolves once /health/ready answers. Stopped by the clean-ups, or before by its `stop()`.
 */
async function startServiceProcess(name, env, cleanups) {
  const port = await freePort();
  const child = spawn(process.execPath, serviceArgv(name), {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const stop = () =>
    new Promise((resolve) => {
      if (exited) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  cleanups.push(stop);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${name} exited while starting`);
    try {
      const response = await fetch(`${baseUrl}/health/ready`, { signal: timeoutSignal(2000) });
      if (response.ok) return { baseUrl, pid: child.pid, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} did not become ready within two minutes`);
}

/** Resident memory of a process, in MiB, as Linux accounts it (worker threads included). */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  return round(kib / 1024, 1);
}

/** Resident memory of a process in MiB, sampled every `intervalMs` (200); `max()` is the highest seen. */
function rssSampler(pid, intervalMs = 200) {
  let max = 0;
  const sample = () => {
    try {
      max = Math.max(max, rssMb(pid));
    } catch {
      // the process has ended
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    max: () => (sample(), Math.round(max)),
    stop: () => clearInterval(timer),
  };
}

module.exports = {
  createBenchDatabase,
  freePort,
  rssMb,
  rssSampler,
  startServiceProcess,
  mainThreadCpuUs,
  measure,
  positiveNumber,
  printTable,
  redact,
  round,
  runBenchmark,
  timeoutSignal,
  UNLIMITED_RATES,
  workerCount,
};
