#!/usr/bin/env node
// Benchmarks config-service reads beside a bare Fastify + pg route doing the same single-row query,
// all in this one process, on loopback, on a database of its own that is dropped at the end.
// Usage: npm run bench:config   (builds dist/ first)
// Environment: BENCH_ROUNDS (default 3) interleaved rounds; BENCH_SECONDS (default 5) per measured run, each after a discarded 2 s warm-up;
//   BENCH_DATABASE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres, else the
//   embedded engine in a temporary folder); BENCH_WORKERS (default 1): worker threads autocannon
//   sends from, so the load generator does not share the servers' event loop (0: same thread).
// The last line of output is one JSON object with the results.
/* global AbortSignal -- Node 20 has it; the shared lint config lists only a few globals */
require('reflect-metadata');

const { existsSync } = require('node:fs');
const { cpus } = require('node:os');
const path = require('node:path');

const Fastify = require('fastify');
const { Pool } = require('pg');

const {
  createBenchDatabase,
  measure,
  positiveNumber,
  printTable,
  round,
  runBenchmark,
  UNLIMITED_RATES,
  workerCount,
} = require('./bench-support');

const DIST = path.resolve(__dirname, '..', '..', 'dist');
if (!existsSync(path.join(DIST, 'apps', 'config-service', 'src', 'config-app.js'))) {
  console.error('dist/ is missing: run `node tools/build.js` first (npm run bench:config does).');
  process.exit(1);
}
const { createConfigApp } = require('../../dist/apps/config-service/src/config-app');
const {
  ConfigEnvironment,
  CONFIG_ENV_DEFAULTS,
} = require('../../dist/apps/config-service/src/config-environment');
const { loadEnv } = require('../../dist/libs/env/src');
const { createLogger } = require('../../dist/libs/http-context/src');
const { mintDevelopmentToken, DEVELOPMENT_JWT_SECRET } = require('../../dist/libs/auth/src');
const { startEmbeddedDatabase, ensureDatabase, isReachable } = require('../../dist/libs/database/src');

const TEMPLATE_COUNT = 200;
const WARMUP_SECONDS = 2;
const CONNECTIONS = [1, 16];
const TARGET_RATIO = 0.5;

function templateBody(index) {
  const name = `bench-template-${String(index).padStart(3, '0')}`;
  const shade = (offset) => `#${((index * 2654435 + offset * 977) & 0xffffff).toString(16).padStart(6, '0')}`;
  const logo = { source: 'https://cdn.example.ch/logo.svg', heightDesktop: 40, heightMobile: 32 };
  return {
    name,
    displayName: `Bench template ${index}`,
    description: 'Seeded by tools/bench/config-bench.js',
    colorPalette: {
      primaryColor: shade(1),
      primaryColorText: '#FFFFFF',
      primaryColorPill: shade(2),
      secondaryColor: shade(3),
      secondaryColorLightOne: shade(4),
      secondaryColorLightTwo: shade(5),
      tertiaryColor: shade(6),
    },
    headerLogo: logo,
    footerLogo: { ...logo },
    links: [
      { name: 'imprint', displayName: 'footer.imprint', redirectUrl: '/imprint', isNewTab: false },
      { name: 'contact', displayName: 'footer.contact', redirectUrl: 'mailto:info@example.ch' },
    ],
    socialNetworks: [
      {
        name: 'linkedin',
        displayName: 'social.linkedin',
        redirectUrl: 'https://www.linkedin.com/company/example',
        icon: 'linkedin',
      },
    ],
    senderIdentifiers: [`sender-${index}`],
    createdBy: 'bench',
  };
}

async function seedTemplates(baseUrl, tenant, token) {
  const names = [];
  const url = `${baseUrl}/${tenant}/v10-0/ui-templates`;
  for (let index = 0; index < TEMPLATE_COUNT; index += 1) {
    const body = templateBody(index);
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    if (response.status !== 201) {
      throw new Error(
        `Seeding ${body.name}: POST ${url} answered ${response.status}, expected 201:\n${text}`,
      );
    }
    names.push(body.name);
  }
  return names;
}

/** One request through each route before measuring, so a broken route fails loudly, not as non-2xx. */
async function expectOk(label, url, headers, check) {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${label}: GET ${url} answered ${response.status}:\n${text}`);
  const body = JSON.parse(text);
  if (!check(body))
    throw new Error(`${label}: GET ${url} answered an unexpected body:\n${text.slice(0, 500)}`);
}

async function startBareServer(databaseUrl, poolSize) {
  const pool = new Pool({ connectionString: databaseUrl, max: poolSize, application_name: 'bench-bare' });
  // An idle client losing its connection (the database is dropped at the end) must not end the run.
  pool.on('error', (error) => console.warn(`bare pool: ${error.message}`));
  const fastify = Fastify({ logger: false });
  fastify.get('/bare/:name', async (request, reply) => {
    const { rows } = await pool.query('SELECT * FROM ui_template WHERE name = $1', [request.params.name]);
    if (rows.length === 0) return reply.code(404).send({ title: 'Not Found' });
    return rows[0];
  });
  const address = await fastify.listen({ host: '127.0.0.1', port: 0 });
  return { fastify, pool, baseUrl: address };
}

async function main(cleanups) {
  const seconds = positiveNumber('BENCH_SECONDS', 5);
  const rounds = positiveNumber('BENCH_ROUNDS', 3);
  const workers = workerCount();

  // 1. A PostgreSQL server and a fresh database of the benchmark's own.
  const database = await createBenchDatabase('bench_config', cleanups, {
    startEmbeddedDatabase,
    ensureDatabase,
    isReachable,
  });
  const databaseUrl = database.url;
  const databaseSource = database.source;

  // 2. config-service in this process, migrated at creation, then seeded through its own API.
  const env = loadEnv(
    ConfigEnvironment,
    { NODE_ENV: 'test', LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'never', ...UNLIMITED_RATES },
    CONFIG_ENV_DEFAULTS,
  );
  const app = await createConfigApp({
    env,
    databaseUrl,
    logger: createLogger('config-service-bench', env.LOG_LEVEL),
  });
  cleanups.push(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.getHttpServer().address();
  const serviceUrl = `http://127.0.0.1:${address.port}`;
  const token = await mintDevelopmentToken({
    secret: env.AUTH_JWT_SECRET ?? DEVELOPMENT_JWT_SECRET,
    roles: ['ConfigApi_Read', 'ConfigApi_Write'],
    subject: 'bench',
    expiresInSeconds: 3600,
  });
  const seedStarted = Date.now();
  const names = await seedTemplates(serviceUrl, env.TENANT, token);
  console.log(
    `config-service on ${serviceUrl}: seeded ${names.length} UI templates in ${Date.now() - seedStarted} ms`,
  );

  // 3. The bare baseline: plain Fastify, one pg.Pool of the service's pool size, the same row.
  const bare = await startBareServer(databaseUrl, env.DATABASE_POOL_SIZE);
  cleanups.push(() => bare.pool.end());
  cleanups.push(() => bare.fastify.close());
  console.log(`bare Fastify+pg on ${bare.baseUrl} (pool of ${env.DATABASE_POOL_SIZE})`);

  const auth = { authorization: `Bearer ${token}` };
  const prefix = `/${env.TENANT}/v10-0/ui-templates`;
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
        console.log(
          `  round ${round} ${scenario.key} c${connections}: ${run.rps.toFixed(1)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms`,
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
      `target >= ${TARGET_RATIO} ${met ? 'MET' : 'NOT MET'}`,
  );

  const summary = {};
  for (const row of rows) {
    const suffix = `c${row.connections}`;
    summary[`${row.scenario}_rps_${suffix}`] = round(row.rps, 1);
    summary[`${row.scenario}_p50_ms_${suffix}`] = row.p50;
    summary[`${row.scenario}_p99_ms_${suffix}`] = row.p99;
    const failures = row.non2xx + row.errors + row.timeouts;
    if (failures > 0) {
      summary[`${row.scenario}_non2xx_${suffix}`] = row.non2xx;
      summary[`${row.scenario}_errors_${suffix}`] = row.errors + row.timeouts;
    }
  }
  Object.assign(summary, {
    read_to_bare_ratio_c16: round(ratio, 3),
    read_to_bare_ratio_c16_per_round: roundRatios,
    rounds,
    target_ratio: TARGET_RATIO,
    target_met: met,
    non2xx_total: rows.reduce((sum, row) => sum + row.non2xx, 0),
    seconds,
    warmup_seconds: WARMUP_SECONDS,
    templates: names.length,
    load_workers: workers,
    cpus: cpus().length,
    database: databaseSource,
    node: process.version,
  });
  return summary;
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
