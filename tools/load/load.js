#!/usr/bin/env node
// `npm run load`: a mixed workload against the three services at once, as a portal's traffic is.
// Starts profile-, config- and render-service from dist/ (each on a database of its own, dropped at
// the end), seeds profiles, UI templates and a render template through their APIs, then sends each
// operation at a fixed rate (an open model: requests leave on schedule whether or not the earlier
// ones have been answered) for LOAD_SECONDS, from LOAD_CALLERS token subjects in turn, under the
// services' default rate limits. Prints per operation the rate asked and held, p50/p99 and errors.
// Exit 1 when any request failed (a non-2xx answer, a network error or a timeout).
// Environment: LOAD_SECONDS (default 60); LOAD_SCALE (default 1) multiplies every rate;
//   LOAD_PROFILES (default 300) profiles seeded; LOAD_CALLERS (default 50) subjects;
//   BENCH_DATABASE_ADMIN_URL (default the local PostgreSQL, else the embedded engine).
// Procuration routes that answer 404 (not built yet) are reported as skipped, not as errors.
// The last line of output is one JSON object with the results.
/* global Buffer, performance -- Node 24 has them; the shared lint config lists only a few globals */
require('reflect-metadata');

const { existsSync } = require('node:fs');
const path = require('node:path');

const {
  createBenchDatabase,
  positiveNumber,
  round,
  rssMb,
  runBenchmark,
  startServiceProcess,
  timeoutSignal,
} = require('../bench/bench-support');
const { mainOf } = require('../service-process');

const ROOT = path.resolve(__dirname, '..', '..');
if (!existsSync(path.join(ROOT, mainOf('profile-service')))) {
  console.error('dist/ is missing: run `node tools/build.js` first (npm run load does).');
  process.exit(1);
}
const { mintDevelopmentToken, DEVELOPMENT_JWT_SECRET } = require('../../dist/libs/auth/src');
const { startEmbeddedDatabase, ensureDatabase, isReachable } = require('../../dist/libs/database/src');

const TENANT = 'load';
const API = `/${TENANT}/v10-0`;
const REQUEST_TIMEOUT_MS = 10_000;
const ALL_ROLES = [
  'ProfileApi_Max',
  'ConfigApi_Read',
  'ConfigApi_Write',
  'RenderApi_Render',
  'RenderApi_Templates',
];

/** Requests per second of each operation at LOAD_SCALE=1: what this 2-core machine holds. */
const RATES = {
  'profile read': 10,
  'profile search': 4,
  'profile create': 1,
  'profile update': 2,
  'procuration read': 3,
  'procuration create': 1,
  'config template read': 15,
  'render html': 2,
  'render pdf': 1,
};

const openApiExample = (service, route, name) =>
  require(path.join(ROOT, 'apps', service, 'openapi.json')).paths[route].post.requestBody.content[
    'application/json'
  ].examples[name].value;

/** Latencies and outcomes of one operation. */
class Tally {
  constructor(name, rate) {
    this.name = name;
    this.rate = rate;
    this.sent = 0;
    this.ok = 0;
    this.errors = 0;
    this.latencies = [];
    this.firstErrors = [];
    this.skipped = false;
  }

  record(ms, error) {
    this.latencies.push(ms);
    if (error) {
      this.errors += 1;
      if (this.firstErrors.length < 3) this.firstErrors.push(error);
    } else this.ok += 1;
  }

  percentile(fraction) {
    if (this.latencies.length === 0) return 0;
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
  }
}

async function call(baseUrl, token, method, route, body, contentType = 'application/json') {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': contentType }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: timeoutSignal(REQUEST_TIMEOUT_MS),
  });
  const bytes = await response.arrayBuffer();
  return { status: response.status, bytes };
}

async function expectStatus(promise, statuses, what) {
  const response = await promise;
  if (!statuses.includes(response.status))
    throw new Error(
      `${what}: ${response.status} ${Buffer.from(response.bytes).toString('utf8').slice(0, 300)}`,
    );
  return response.bytes.byteLength > 0 ? JSON.parse(Buffer.from(response.bytes).toString('utf8')) : undefined;
}

let sequence = 0;
const personBody = (label) => {
  sequence += 1;
  const key = `${label}-${process.pid}-${sequence}`;
  const lastnames = ['Muster', 'Keller', 'Meier', 'Rossi', 'Favre', 'Brunner', 'Bernasconi', 'Schmid'];
  return {
    email: `${key}@example.ch`,
    zipCode: String(1000 + (sequence % 8000)),
    city: ['Zürich', 'Bern', 'Lausanne', 'Lugano', 'Luzern'][sequence % 5],
    createdBy: 'load',
    person: {
      firstname: ['Anna', 'Beat', 'Chiara', 'Luca', 'Zoë'][sequence % 5],
      lastname: lastnames[sequence % lastnames.length],
      account: { username: key },
    },
  };
};

async function main(cleanups) {
  const seconds = positiveNumber('LOAD_SECONDS', 60);
  const scale = positiveNumber('LOAD_SCALE', 1);
  const profileCount = positiveNumber('LOAD_PROFILES', 300);
  const callers = positiveNumber('LOAD_CALLERS', 50);

  // 1. The three services, each on a database of its own.
  const services = {};
  for (const [key, service] of [
    ['profile', 'profile-service'],
    ['config', 'config-service'],
    ['render', 'render-service'],
  ]) {
    const database = await createBenchDatabase(`load_${key}`, cleanups, {
      startEmbeddedDatabase,
      ensureDatabase,
      isReachable,
    });
    services[key] = await startServiceProcess(
      service,
      { TENANT, DATABASE_URL: database.url, SEED_DEMO_DATA: key === 'profile' ? 'always' : 'never' },
      cleanups,
    );
    console.log(`${service} on ${services[key].baseUrl} (pid ${services[key].pid})`);
  }
  const tokens = await Promise.all(
    Array.from({ length: callers }, (_, index) =>
      mintDevelopmentToken({
        secret: DEVELOPMENT_JWT_SECRET,
        roles: ALL_ROLES,
        subject: `load-caller-${index}`,
        expiresInSeconds: 3600,
      }),
    ),
  );
  const admin = tokens[0];

  // 2. What the workload reads, written through the APIs.
  const seedStarted = Date.now();
  const profileIds = [];
  for (let index = 0; index < profileCount; index += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, profileCount - index) }, (_, offset) =>
        expectStatus(
          // Spread over the callers, as the workload is: one subject alone would pass its burst limit.
          call(
            services.profile.baseUrl,
            tokens[(index + offset) % callers],
            'POST',
            `${API}/profiles`,
            personBody('seed'),
          ),
          [201],
          'seeding a profile',
        ),
      ),
    );
    profileIds.push(...batch.map((profile) => profile.id));
  }
  const canton = openApiExample('config-service', '/v10-0/ui-templates', 'canton');
  const templateNames = [];
  for (let index = 0; index < 20; index += 1) {
    const name = `load-template-${index}`;
    await expectStatus(
      call(services.config.baseUrl, admin, 'POST', `${API}/ui-templates`, {
        ...canton,
        name,
        senderIdentifiers: [`${name}@portal.example.ch`],
      }),
      [201],
      'seeding a UI template',
    );
    templateNames.push(name);
  }
  const invoice = openApiExample('render-service', '/v10-0/render', 'invoice');
  const letter = openApiExample('render-service', '/v10-0/render', 'letter');
  const [serviceRow] =
    (await expectStatus(
      call(services.profile.baseUrl, admin, 'GET', `${API}/services?PageSize=1`),
      [200],
      'reading a service',
    )) ?? [];
  console.log(
    `Seeded ${profileIds.length} profiles, ${templateNames.length} UI templates in ${Date.now() - seedStarted} ms`,
  );

  // 3. The operations; each picks its caller and record at random.
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  // A procuration per pair: a pair never used before, so that a 400 is an error, not a duplicate.
  const usedPairs = new Set();
  const profilePair = () => {
    for (;;) {
      const principal = pick(profileIds);
      const representative = pick(profileIds);
      if (principal !== representative && !usedPairs.has(`${principal}:${representative}`)) {
        usedPairs.add(`${principal}:${representative}`);
        return [principal, representative];
      }
    }
  };
  const operations = {
    'profile read': (token) =>
      call(
        services.profile.baseUrl,
        token,
        'GET',
        `${API}/profiles/${pick(profileIds)}?Expand=Person_Account`,
      ),
    'profile search': (token) =>
      call(
        services.profile.baseUrl,
        token,
        'GET',
        `${API}/profiles?Keyword=${encodeURIComponent(pick(['muster', 'kel', 'rossi', 'anna', 'zürich', 'seed-']))}&PageSize=20&OrderBy=person.lastname`,
      ),
    'profile create': (token) =>
      call(services.profile.baseUrl, token, 'POST', `${API}/profiles`, personBody('load')).then(
        (response) => {
          if (response.status === 201) profileIds.push(JSON.parse(Buffer.from(response.bytes).toString()).id);
          return response;
        },
      ),
    'profile update': (token) =>
      call(services.profile.baseUrl, token, 'PUT', `${API}/profiles/${pick(profileIds)}`, {
        updatedBy: 'load',
        city: pick(['Basel', 'Genève', 'Chur', 'St. Gallen']),
      }),
    'procuration read': (token) =>
      call(
        services.profile.baseUrl,
        token,
        'GET',
        `${API}/profiles/${pick(profileIds)}/outbound-procurations`,
      ),
    'procuration create': (token) => {
      const [principal, representative] = profilePair();
      return call(
        services.profile.baseUrl,
        token,
        'POST',
        `${API}/profiles/${principal}/outbound-procurations/${representative}`,
        { createdBy: 'load' },
      );
    },
    'config template read': (token) =>
      call(services.config.baseUrl, token, 'GET', `${API}/ui-templates/${pick(templateNames)}`),
    'render html': (token) => call(services.render.baseUrl, token, 'POST', `${API}/render`, letter),
    'render pdf': (token) => call(services.render.baseUrl, token, 'POST', `${API}/render`, invoice),
  };

  // Routes another change has not built yet answer 404 for records that exist: skipped.
  const tallies = Object.entries(RATES).map(([name, rate]) => new Tally(name, rate * scale));
  for (const tally of tallies.filter((entry) => entry.name.startsWith('procuration'))) {
    const probe = await operations[tally.name](admin);
    if (probe.status === 404) tally.skipped = true;
  }
  if (serviceRow === undefined) console.log('(no catalogue service: the demo catalogue was not loaded)');

  // 4. The open-model run: every operation on its own schedule, sent when due.
  const active = tallies.filter((tally) => !tally.skipped);
  const rssBefore = Object.fromEntries(Object.entries(services).map(([key, s]) => [key, rssMb(s.pid)]));
  console.log(
    `Running ${active.length} operations for ${seconds} s (${round(
      active.reduce((sum, tally) => sum + tally.rate, 0),
      1,
    )} req/s in all, ${callers} callers)...`,
  );
  const started = performance.now();
  const endAt = started + seconds * 1000;
  const inFlight = new Set();
  let maxLateMs = 0;
  let callerIndex = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      for (const tally of active) {
        // The k-th request of an operation is due at k / rate seconds.
        while (tally.sent < Math.floor(((Math.min(now, endAt) - started) / 1000) * tally.rate) + 1) {
          const dueAt = started + (tally.sent / tally.rate) * 1000;
          if (dueAt >= endAt) break;
          maxLateMs = Math.max(maxLateMs, now - dueAt);
          tally.sent += 1;
          const token = tokens[callerIndex++ % tokens.length];
          const sentAt = performance.now();
          const request = operations[tally.name](token)
            .then(
              (response) => {
                const failed =
                  response.status < 200 || response.status >= 300
                    ? `${response.status} ${Buffer.from(response.bytes).toString('utf8').slice(0, 200)}`
                    : undefined;
                tally.record(performance.now() - sentAt, failed);
              },
              (error) => tally.record(performance.now() - sentAt, error.message ?? String(error)),
            )
            .finally(() => inFlight.delete(request));
          inFlight.add(request);
        }
      }
      if (now >= endAt) resolve();
      else setTimeout(tick, 2);
    };
    tick();
  });
  const sendingSeconds = (performance.now() - started) / 1000;
  await Promise.all([...inFlight]);
  const drainSeconds = (performance.now() - started) / 1000 - sendingSeconds;
  const rssAfter = Object.fromEntries(Object.entries(services).map(([key, s]) => [key, rssMb(s.pid)]));

  // 5. The report.
  const rows = tallies.map((tally) => {
    const held = tally.skipped ? 0 : tally.ok / seconds;
    return {
      operation: tally.name,
      asked: tally.skipped ? '-' : round(tally.rate, 1),
      held: tally.skipped ? '-' : round(held, 1),
      sent: tally.skipped ? '-' : tally.sent,
      p50: tally.skipped ? '-' : Math.round(tally.percentile(0.5)),
      p99: tally.skipped ? '-' : Math.round(tally.percentile(0.99)),
      errors: tally.skipped ? 'skipped (404)' : tally.errors,
    };
  });
  const header = ['operation', 'asked/s', 'held/s', 'sent', 'p50 ms', 'p99 ms', 'errors'];
  const lines = rows.map((row) =>
    [row.operation, row.asked, row.held, row.sent, row.p50, row.p99, row.errors].map(String),
  );
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
  const errors = active.reduce((sum, tally) => sum + tally.errors, 0);
  const askedTotal = active.reduce((sum, tally) => sum + tally.rate, 0);
  const heldTotal = active.reduce((sum, tally) => sum + tally.ok, 0) / seconds;
  console.log('');
  console.log(
    `In all: ${round(heldTotal, 1)} of ${round(askedTotal, 1)} req/s held, ${errors} errors; ` +
      `sends at most ${Math.round(maxLateMs)} ms behind schedule; last answers ${round(drainSeconds, 1)} s after the last send.`,
  );
  console.log(
    `RSS MiB before/after: ${Object.keys(services)
      .map((key) => `${key} ${rssBefore[key]}/${rssAfter[key]}`)
      .join(', ')}`,
  );
  for (const tally of active.filter((entry) => entry.firstErrors.length > 0))
    console.log(`  ${tally.name}: ${tally.firstErrors.join(' | ')}`);
  console.log('');
  if (errors > 0) throw new Error(`${errors} requests failed`);
  return {
    seconds,
    scale,
    asked_rps: round(askedTotal, 1),
    held_rps: round(heldTotal, 1),
    errors,
    max_send_lag_ms: Math.round(maxLateMs),
    drain_seconds: round(drainSeconds, 1),
    operations: Object.fromEntries(
      tallies.map((tally) => [
        tally.name,
        tally.skipped
          ? 'skipped'
          : {
              asked: round(tally.rate, 1),
              held: round(tally.ok / seconds, 1),
              p50_ms: Math.round(tally.percentile(0.5)),
              p99_ms: Math.round(tally.percentile(0.99)),
              errors: tally.errors,
            },
      ]),
    ),
  };
}

runBenchmark(main, () => (positiveNumber('LOAD_SECONDS', 60) + 600) * 1000);
