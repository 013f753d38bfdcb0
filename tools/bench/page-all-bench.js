#!/usr/bin/env node
// Shows that `GET /profiles?PageSize=-1` over a large table is served without holding the result:
// profile-service runs as a process of its own (node dist/apps/profile-service/src/main.js) and its
// resident memory is sampled while every profile is downloaded, then compared with before.
// Usage: npm run bench:page-all   (builds dist/ first)
// Environment: BENCH_PROFILES_DATABASE_URL: a profile database already seeded (`npm run
//   seed:profiles`, 1,000,000 profiles), used as it is and left alone; else a database of the
//   benchmark's own (BENCH_DATABASE_ADMIN_URL, default the local PostgreSQL, else the embedded
//   engine) seeded with BENCH_PAGE_ALL_PROFILES (default 100000) person profiles by SQL, dropped
//   at the end. BENCH_PAGE_ALL_QUERY (default `Expand=Person_Account`) is added to the list query.
// The last line of output is one JSON object with the results.
/* global Buffer -- Node 24 has it; the shared lint config lists only a few globals */
require('reflect-metadata');

const { existsSync } = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const { Client } = require('pg');

const {
  createBenchDatabase,
  positiveNumber,
  redact,
  round,
  rssMb,
  rssSampler,
  runBenchmark,
  startServiceProcess,
  UNLIMITED_RATES,
} = require('./bench-support');
const { mainOf } = require('../service-process');

const ROOT = path.resolve(__dirname, '..', '..');
if (!existsSync(path.join(ROOT, mainOf('profile-service')))) {
  console.error('dist/ is missing: run `node tools/build.js` first (npm run bench:page-all does).');
  process.exit(1);
}
const { mintDevelopmentToken, DEVELOPMENT_JWT_SECRET } = require('../../dist/libs/auth/src');
const { startEmbeddedDatabase, ensureDatabase, isReachable } = require('../../dist/libs/database/src');

const TENANT = 'bench';
const SEED_CHUNK = 20_000;
/**
 * What the service may grow by while streaming, whatever the number of profiles: V8 lets garbage
 * of the batches pile up to about this before collecting it (100,000 and 300,000 profiles both
 * peak about 130-150 MiB above the start), while the body is hundreds of MiB.
 */
const TARGET_GROWTH_MB = 200;

/** Person profiles with their accounts, `count` from `first` on, in one statement. */
const SEED_PERSONS = `
WITH n AS (SELECT g FROM generate_series($1::int, $2::int) AS g),
accounts AS (
  INSERT INTO account (username, created_by, create_stamp, updated_by, update_stamp)
  SELECT 'bench-' || g, 'bench', now(), 'bench', now() FROM n
  RETURNING id, username),
persons AS (
  INSERT INTO person (account_id, firstname, lastname, gender, created_by, create_stamp, updated_by, update_stamp)
  SELECT id, 'Anna', 'Muster ' || username, 'Female', 'bench', now(), 'bench', now() FROM accounts
  RETURNING id, account_id)
INSERT INTO profile (person_id, email, zip_code, city, created_by, create_stamp, updated_by, update_stamp)
SELECT persons.id, accounts.username || '@example.ch', '8001', 'Zürich', 'bench', now(), 'bench', now()
  FROM persons JOIN accounts ON accounts.id = persons.account_id ORDER BY persons.id`;

async function withClient(url, work) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function profileCount(url) {
  return withClient(url, async (client) => {
    const exists = await client.query(`SELECT to_regclass('public.profile') IS NOT NULL AS present`);
    if (!exists.rows[0].present) return 0;
    return (await client.query('SELECT count(*)::int AS count FROM profile')).rows[0].count;
  });
}

async function seed(url, count) {
  const started = Date.now();
  await withClient(url, async (client) => {
    for (let first = 1; first <= count; first += SEED_CHUNK) {
      await client.query(SEED_PERSONS, [first, Math.min(count, first + SEED_CHUNK - 1)]);
    }
    await client.query('ANALYZE');
  });
  console.log(`Seeded ${count} person profiles in ${round((Date.now() - started) / 1000, 1)} s`);
}

/**
 * Downloads the list and counts its top-level items as the text arrives (nothing is kept), while
 * sampling the service's resident memory every 100 ms.
 */
function download(url, token, pid) {
  return new Promise((resolve, reject) => {
    const rss = rssSampler(pid, 100);
    const started = Date.now();
    let bytes = 0;
    let items = 0;
    let depth = 0;
    let inString = false;
    let escaped = false;
    let firstByteMs;
    const request = http.get(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
      if (response.statusCode !== 200) {
        rss.stop();
        reject(new Error(`GET ${url}: ${response.statusCode}`));
        response.resume();
        return;
      }
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        firstByteMs ??= Date.now() - started;
        bytes += Buffer.byteLength(chunk);
        for (let index = 0; index < chunk.length; index += 1) {
          const char = chunk[index];
          if (inString) {
            if (escaped) escaped = false;
            else if (char === '\\') escaped = true;
            else if (char === '"') inString = false;
          } else if (char === '"') inString = true;
          else if (char === '{' || char === '[') {
            if (char === '{' && depth === 1) items += 1;
            depth += 1;
          } else if (char === '}' || char === ']') depth -= 1;
        }
      });
      response.on('end', () => {
        rss.stop();
        resolve({
          items,
          bytes,
          seconds: (Date.now() - started) / 1000,
          firstByteMs,
          peak: rss.max(),
          totalCount: Number(response.headers['x-pagination-total-count']),
          balanced: depth === 0,
        });
      });
      response.on('error', reject);
    });
    request.on('error', (error) => {
      rss.stop();
      reject(error);
    });
  });
}

async function main(cleanups) {
  // 1. The database: the seeded one given, else one of our own seeded here.
  let databaseUrl = process.env.BENCH_PROFILES_DATABASE_URL;
  let source;
  if (databaseUrl && (await profileCount(databaseUrl)) > 0) {
    source = `BENCH_PROFILES_DATABASE_URL (${redact(databaseUrl)})`;
  } else {
    if (databaseUrl)
      console.log('BENCH_PROFILES_DATABASE_URL holds no profiles: seeding a database of our own');
    const database = await createBenchDatabase('bench_page_all', cleanups, {
      startEmbeddedDatabase,
      ensureDatabase,
      isReachable,
    });
    databaseUrl = database.url;
    source = `seeded here (${database.source})`;
  }

  // 2. profile-service from dist/, which applies its migrations at start.
  const env = {
    TENANT,
    DATABASE_URL: databaseUrl,
    SEED_DEMO_DATA: 'never',
    ...UNLIMITED_RATES,
  };
  const service = await startServiceProcess('profile-service', env, cleanups);
  if (!source.startsWith('BENCH_PROFILES')) {
    await seed(databaseUrl, positiveNumber('BENCH_PAGE_ALL_PROFILES', 100_000));
  }
  const profiles = await profileCount(databaseUrl);
  const token = await mintDevelopmentToken({
    secret: DEVELOPMENT_JWT_SECRET,
    roles: ['ProfileApi_Max'],
    subject: 'bench',
    expiresInSeconds: 3600,
  });
  console.log(`profile-service on ${service.baseUrl} (pid ${service.pid}), ${profiles} profiles, ${source}`);

  // 3. A page of 50 to warm up, then every profile at once.
  const query = process.env.BENCH_PAGE_ALL_QUERY ?? 'Expand=Person_Account';
  const listUrl = `${service.baseUrl}/${TENANT}/v10-0/profiles?${query}`;
  await download(`${listUrl}&PageSize=50`, token, service.pid);
  const before = rssMb(service.pid);
  const result = await download(`${listUrl}&PageSize=-1`, token, service.pid);
  const after = rssMb(service.pid);

  console.log('');
  console.log(`GET /profiles?${query}&PageSize=-1`);
  console.log(`  profiles received     ${result.items} (X-Pagination-Total-Count ${result.totalCount})`);
  console.log(
    `  body                  ${round(result.bytes / 1024 / 1024, 1)} MiB in ${round(result.seconds, 1)} s`,
  );
  console.log(`  first byte after      ${result.firstByteMs} ms`);
  console.log(`  service RSS before    ${before} MiB`);
  console.log(`  service RSS peak      ${result.peak} MiB`);
  console.log(`  service RSS after     ${after} MiB`);
  console.log('');

  const complete = result.items === profiles && result.totalCount === profiles && result.balanced;
  const growth = round(result.peak - before, 1);
  if (!complete) throw new Error(`${result.items} profiles received of ${profiles}`);
  if (growth > TARGET_GROWTH_MB)
    console.error(`FAIL: the service grew by ${growth} MiB (target at most ${TARGET_GROWTH_MB} MiB)`);
  return {
    profiles,
    received: result.items,
    body_mib: round(result.bytes / 1024 / 1024, 1),
    seconds: round(result.seconds, 2),
    first_byte_ms: result.firstByteMs,
    rss_before_mb: before,
    rss_peak_mb: result.peak,
    rss_after_mb: after,
    rss_growth_mb: growth,
    complete,
    growth_under_target: growth <= TARGET_GROWTH_MB,
  };
}

runBenchmark(main, () => 30 * 60 * 1000);
