#!/usr/bin/env node
// CI's check of the images without Docker: each service runs from exactly the files its image
// holds (tools/image-files.js, which docker/Dockerfile runs), as the image runs them: a read-only
// copy, the image's user (uid 1000), its environment and its command, in production mode against
// a fresh database on the local PostgreSQL and the local Redis. Every package its compiled code
// requires by name must resolve from the pruned node_modules; then, in deploy/'s order, the
// migration Job's command (`main.js migrate`, given only DATABASE_URL) must migrate the database and
// exit 0, and the service, told not to migrate (MIGRATIONS_RUN=false), must report ready, answer one
// real authenticated request and exit 0 on SIGTERM. Runs as root (to start the service as the
// image's user).
// Usage: node tools/image-check.js [service...]            every service unless named
//        node tools/image-check.js <service> --files <dir>  image files made before (docker cp, say),
//                                                            left read-only
// IMAGE_CHECK_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) and
// IMAGE_CHECK_REDIS_URL (default redis://127.0.0.1:6379) name other servers.
/* global clearTimeout -- Node has them; the shared lint config lists only a few globals */
const { execFileSync, spawn, spawnSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } = require('node:fs');
const { isBuiltin } = require('node:module');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { Client } = require('pg');
const { freePort } = require('./bench/bench-support');
const { imageStart } = require('./dockerfile');
const { imageFiles, mainFileOf } = require('./image-files');
const { requestOnce } = require('./request-once');
const { ALL_ROLES } = require('./mint-token');
const { SERVICES, runtimeEnvOf } = require('./service-process');
const { workspaceRoot } = require('./swc-options');

const ADMIN_URL = process.env.IMAGE_CHECK_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.IMAGE_CHECK_REDIS_URL || 'redis://127.0.0.1:6379';
const READY_WITHIN_MS = 60_000;
const MIGRATED_WITHIN_MS = 120_000;
const EXIT_WITHIN_MS = 30_000;
// Keys and paths of this run alone on a Redis that others share: its tenant and token subject.
const RUN = randomBytes(4).toString('hex');
const TENANT = `imagecheck${RUN}`;

/** One real request per service, as a caller with every role sends it; `accept` judges the answer. */
const REQUESTS = {
  'profile-service': {
    method: 'GET',
    path: `/${TENANT}/v10-0/clients`,
    accept: (response) => Array.isArray(JSON.parse(response.body.toString())),
  },
  'config-service': {
    method: 'GET',
    path: `/${TENANT}/v10-0/ui-templates`,
    accept: (response) => Array.isArray(JSON.parse(response.body.toString())),
  },
  'render-service': {
    method: 'POST',
    path: `/${TENANT}/v10-0/render`,
    body: {
      inputFormat: 'txt',
      outputFormat: 'pdf',
      templateData: 'Grüezi {{name}}',
      data: '{"name": "Zoë"}',
    },
    accept: (response) =>
      response.headers['content-type'] === 'application/pdf' &&
      response.body.subarray(0, 5).toString() === '%PDF-',
  },
};

async function withAdmin(work) {
  const client = new Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Waits for the process's exit, or gives up after `ms`: its exit code, its signal, or 'timeout'. */
function exitOf(child, ms) {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve(child.exitCode ?? child.signalCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), ms);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? signal);
    });
  });
}

/** Polls /health/ready until it answers 200; throws if the process exits or the time runs out. */
async function waitReady(child, baseUrl) {
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    }
    try {
      const response = await requestOnce(`${baseUrl}/health/ready`, { timeoutMs: 2000 });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`not ready within ${READY_WITHIN_MS / 1000} s`);
}

/** The real uid and gid of a running process. */
function idsOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return { uid: status.match(/^Uid:\s+(\d+)/m)[1], gid: status.match(/^Gid:\s+(\d+)/m)[1] };
}

/**
 * The packages that the compiled code requires by name and that do not resolve from where it
 * requires them. The service's start finds those it loads at once; this finds those loaded later
 * (jsdom on a render of html, say), which one request per service cannot all reach.
 */
function unresolvedRequires(folder) {
  const dist = path.join(folder, 'dist');
  const missing = new Set();
  for (const file of readdirSync(dist, { recursive: true }).filter((name) => name.endsWith('.js'))) {
    const code = readFileSync(path.join(dist, file), 'utf8');
    for (const [, name] of code.matchAll(/\brequire\(["']([^"'./][^"']*)["']\)/g)) {
      if (isBuiltin(name)) continue;
      try {
        require.resolve(name, { paths: [path.dirname(path.join(dist, file))] });
      } catch {
        missing.add(`${name} (dist/${file})`);
      }
    }
  }
  return [...missing];
}

/** Starts the service from `folder` as its image would, checks it, stops it; returns what it saw. */
async function runAsImage(service, folder) {
  const start = imageStart();
  // The image's own files must be the repository's: its memory budget and its entry point.
  const runtimeEnv = readFileSync(path.join(workspaceRoot, runtimeEnvOf(service)), 'utf8');
  if (readFileSync(path.join(folder, 'runtime.env'), 'utf8') !== runtimeEnv) {
    throw new Error(`runtime.env is not ${runtimeEnvOf(service)}`);
  }
  if (readFileSync(path.join(folder, 'main.js'), 'utf8') !== mainFileOf(service)) {
    throw new Error('main.js does not load the service');
  }
  const missing = unresolvedRequires(folder);
  if (missing.length > 0) throw new Error(`missing from node_modules: ${missing.join(', ')}`);
  const database = `image_check_${service.replace(/-service$/, '')}_${RUN}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`));
  const port = await freePort();
  const secret = randomBytes(24).toString('base64');
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${database}`;
  // The image's environment (ENV); nothing of this process's own.
  const imageEnv = { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', ...start.env };
  const env = {
    // What a Deployment gives it (deploy/base): the migration Job migrates, the service does not.
    ...imageEnv,
    MIGRATIONS_RUN: 'false',
    PORT: String(port),
    HOST: '127.0.0.1',
    TENANT,
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL,
    AUTH_JWT_SECRET: secret,
    ...(service === 'profile-service' ? { SETTINGS_ENCRYPTION_KEY: randomBytes(32).toString('base64') } : {}),
  };
  // The image's command, its paths below WORKDIR (/app) read below the folder.
  const [program, ...args] = start.argv.map((word) => word.replaceAll(`${start.workdir}/`, `${folder}/`));
  if (program !== 'node') throw new Error(`the image starts ${program}, not node`);
  const user = start.user.split(':')[0];
  const asImageUser = [`--reuid=${user}`, `--regid=${user}`, '--clear-groups', process.execPath, ...args];
  const seen = {};
  // The migration Job's command (deploy/base/<service>/migration-job.yaml) with the Job's one variable.
  const migrating = Date.now();
  const migration = spawnSync('setpriv', [...asImageUser, 'migrate'], {
    cwd: folder,
    env: { ...imageEnv, DATABASE_URL: env.DATABASE_URL },
    encoding: 'utf8',
    timeout: MIGRATED_WITHIN_MS,
  });
  if (migration.status !== 0) {
    await withAdmin((client) =>
      client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(database)} WITH (FORCE)`),
    );
    throw new Error(`main.js migrate: exit ${migration.status ?? migration.signal}\n${migration.stderr}`);
  }
  seen.migrate = `migrate exit 0 in ${seconds(migrating)}`;
  const child = spawn('setpriv', asImageUser, { cwd: folder, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => output.push(chunk.toString()));
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    const started = Date.now();
    await waitReady(child, baseUrl);
    seen.ready = seconds(started);
    const ids = idsOf(child.pid);
    if (ids.uid !== user || ids.gid !== user) throw new Error(`runs as uid ${ids.uid}, gid ${ids.gid}`);
    const { mintDevelopmentToken } = require(path.join(folder, 'dist', 'libs', 'auth', 'src'));
    const token = await mintDevelopmentToken({ secret, roles: ALL_ROLES, subject: `image-check-${RUN}` });
    const request = REQUESTS[service];
    const response = await requestOnce(`${baseUrl}${request.path}`, {
      method: request.method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(request.body ? { 'content-type': 'application/json' } : {}),
      },
      body: request.body ? JSON.stringify(request.body) : undefined,
      timeoutMs: 20_000,
    });
    if (response.status !== 200 || !request.accept(response)) {
      throw new Error(`${request.method} ${request.path} answered ${response.status}`);
    }
    seen.request = `${request.method} ${request.path.replace(TENANT, '<tenant>')} 200`;
    const stopping = Date.now();
    child.kill('SIGTERM');
    const exit = await exitOf(child, EXIT_WITHIN_MS);
    if (exit !== 0) throw new Error(`SIGTERM: exit ${exit}`);
    seen.stop = `SIGTERM exit 0 in ${seconds(stopping)}`;
    return seen;
  } catch (error) {
    error.message = `${error.message}\n--- its output:\n${output.join('').split('\n').slice(-40).join('\n')}`;
    throw error;
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exitOf(child, EXIT_WITHIN_MS);
    }
    await withAdmin((client) =>
      client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(database)} WITH (FORCE)`),
    );
  }
}

async function check(service, madeBefore) {
  const started = Date.now();
  let folder = madeBefore;
  if (folder === undefined) {
    folder = mkdtempSync(path.join(tmpdir(), `image-check-${service}-`));
    // mkdtemp makes it private to root; the image's user must reach its files, as in /app.
    chmodSync(folder, 0o755);
  }
  try {
    if (madeBefore === undefined) await imageFiles(service, folder);
    const made = seconds(started);
    execFileSync('chmod', ['-R', 'a-w', folder]);
    const seen = await runAsImage(service, folder);
    console.log(
      `image-check ${service}: ${madeBefore === undefined ? `files ${made}, ` : ''}${seen.migrate}, ready in ${seen.ready}, ` +
        `${seen.request}, ${seen.stop}; ${seconds(started)} in all`,
    );
  } finally {
    if (madeBefore === undefined) {
      execFileSync('chmod', ['-R', 'u+w', folder]);
      rmSync(folder, { recursive: true, force: true });
    }
  }
}

async function main(argv) {
  if (process.getuid() !== 0) throw new Error('run it as root: it starts each service as the image user');
  const filesIndex = argv.indexOf('--files');
  const madeBefore = filesIndex >= 0 ? path.resolve(argv[filesIndex + 1] ?? '') : undefined;
  const services = argv.filter(
    (argument, index) => !argument.startsWith('--') && (filesIndex < 0 || index !== filesIndex + 1),
  );
  if (madeBefore !== undefined && services.length !== 1) throw new Error('--files checks one named service');
  const chosen = services.length > 0 ? services : SERVICES;
  for (const service of chosen) {
    if (!SERVICES.includes(service)) throw new Error(`${service} is not a service (${SERVICES.join(', ')})`);
  }
  // Each check has its own folder, port, database and tenant: they run side by side.
  const failures = (await Promise.allSettled(chosen.map((service) => check(service, madeBefore))))
    .map(
      (result, index) =>
        result.status === 'rejected' && `${chosen[index]}: ${result.reason?.message ?? result.reason}`,
    )
    .filter(Boolean);
  if (failures.length > 0) throw new Error(failures.join('\n'));
}

main(process.argv.slice(2)).catch((error) => {
  console.error(`image-check: ${error.message ?? error}`);
  process.exit(1);
});
