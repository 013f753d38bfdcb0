// What the config benchmark and the read-path profile share: config-service in this process on a
// database of its own, seeded with 200 templates through its own API, and the bare Fastify + pg
// route that reads the same row.
/* global AbortSignal -- Node 24 has it; the shared lint config lists only a few globals */
require('reflect-metadata');

const { closeSync, existsSync, openSync } = require('node:fs');
const path = require('node:path');

const Fastify = require('fastify');
const { Pool } = require('pg');
const pino = require('pino');

const { createBenchDatabase, UNLIMITED_RATES } = require('./bench-support');

const DIST = path.resolve(__dirname, '..', '..', 'dist');
if (!existsSync(path.join(DIST, 'apps', 'config-service', 'src', 'config-app.js'))) {
  console.error('dist/ is missing: run `node tools/build.js` first (the npm scripts do).');
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

/**
 * A fresh database (dropped by the clean-ups), config-service on it in this process, seeded
 * through its API; resolves to what a scenario needs. It logs at BENCH_LOG_LEVEL (default
 * `defaultLogLevel`); below `warn` its lines (one per request at `info`) are formatted and written
 * as in production, to /dev/null.
 */
async function startSeededConfigService(prefix, cleanups, defaultLogLevel = 'warn') {
  const logLevel = process.env.BENCH_LOG_LEVEL || defaultLogLevel;
  const database = await createBenchDatabase(prefix, cleanups, {
    startEmbeddedDatabase,
    ensureDatabase,
    isReachable,
  });
  // With REDIS_URL a read's per-caller counts (rate, requests in flight) go to Redis, one round trip,
  // as replicas count them; under a TENANT of the run's own, so that runs sharing a Redis never
  // share a caller's count.
  const redis = process.env.REDIS_URL
    ? { REDIS_URL: process.env.REDIS_URL, TENANT: `bench_${process.pid}` }
    : {};
  const env = loadEnv(
    ConfigEnvironment,
    { NODE_ENV: 'test', LOG_LEVEL: logLevel, SEED_DEMO_DATA: 'never', ...UNLIMITED_RATES, ...redis },
    CONFIG_ENV_DEFAULTS,
  );
  let destination;
  if (pino.levels.values[env.LOG_LEVEL] <= pino.levels.values.info) {
    const devNull = openSync('/dev/null', 'w');
    cleanups.push(() => closeSync(devNull));
    destination = pino.destination({ fd: devNull, sync: false });
  }
  const app = await createConfigApp({
    env,
    databaseUrl: database.url,
    logger: createLogger('config-service-bench', env.LOG_LEVEL, destination),
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
  return { env, app, database, serviceUrl, token, names, prefix: `/${env.TENANT}/v10-0/ui-templates` };
}

/** Plain Fastify and one pg.Pool of the service's pool size, reading the same row. */
async function startBareServer(databaseUrl, poolSize, cleanups) {
  const pool = new Pool({ connectionString: databaseUrl, max: poolSize, application_name: 'bench-bare' });
  // An idle client losing its connection (the database is dropped at the end) must not end the run.
  pool.on('error', (error) => console.warn(`bare pool: ${error.message}`));
  const fastify = Fastify({ logger: false });
  fastify.get('/bare/:name', async (request, reply) => {
    const { rows } = await pool.query('SELECT * FROM ui_template WHERE name = $1', [request.params.name]);
    if (rows.length === 0) return reply.code(404).send({ title: 'Not Found' });
    return rows[0];
  });
  const baseUrl = await fastify.listen({ host: '127.0.0.1', port: 0 });
  cleanups.push(() => pool.end());
  cleanups.push(() => fastify.close());
  console.log(`bare Fastify+pg on ${baseUrl} (pool of ${poolSize})`);
  return { baseUrl };
}

/** One request through a route before measuring, so a broken route fails loudly, not as non-2xx. */
async function expectOk(label, url, headers, check) {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${label}: GET ${url} answered ${response.status}:\n${text}`);
  const body = JSON.parse(text);
  if (!check(body))
    throw new Error(`${label}: GET ${url} answered an unexpected body:\n${text.slice(0, 500)}`);
}

module.exports = { expectOk, startBareServer, startSeededConfigService };
