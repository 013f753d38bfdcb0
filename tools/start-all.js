#!/usr/bin/env node
// `npm start`: the three services from dist/, each on its embedded database unless DATABASE_URL
// is given per service (PROFILE_DATABASE_URL, CONFIG_DATABASE_URL, RENDER_DATABASE_URL).
// Ports: PROFILE_PORT, CONFIG_PORT and RENDER_PORT, else PORT_BASE + 0, 1, 2, else 3000, 3001, 3002.
const { spawn } = require('node:child_process');
const path = require('node:path');

const { mintDevelopmentToken, DEVELOPMENT_JWT_SECRET } = require('../dist/libs/auth/src');
const { ALL_ROLES } = require('./mint-token');
const { requestOnce } = require('./request-once');
const { serviceArgv } = require('./service-process');

const root = path.resolve(__dirname, '..');
const tenant = process.env.TENANT || 'demo';
const services = [
  { name: 'profile-service', key: 'PROFILE', offset: 0, versions: ['v10-0', 'v9-1'] },
  { name: 'config-service', key: 'CONFIG', offset: 1, versions: ['v10-0', 'v9-1'] },
  { name: 'render-service', key: 'RENDER', offset: 2, versions: ['v10-0'] },
];

/** A port from the environment, or a one-line refusal. */
function portOf(variable, value) {
  if (/^\d{1,5}$/.test(value) && Number(value) > 0 && Number(value) < 65536) return Number(value);
  process.stderr.write(`npm start: ${variable}=${value} is not a port (1..65535).\n`);
  process.exit(1);
}

const base = process.env.PORT_BASE === undefined ? 3000 : portOf('PORT_BASE', process.env.PORT_BASE);
for (const service of services) {
  const own = process.env[`${service.key}_PORT`];
  service.port = own === undefined ? base + service.offset : portOf(`${service.key}_PORT`, own);
}
if (process.env.PORT)
  process.stderr.write(
    `npm start: PORT=${process.env.PORT} is not used for three services; set PORT_BASE or PROFILE_PORT, CONFIG_PORT, RENDER_PORT.\n`,
  );

const children = services.map((service) => {
  const env = { ...process.env, PORT: String(service.port) };
  delete env.DATABASE_URL;
  if (process.env[`${service.key}_DATABASE_URL`])
    env.DATABASE_URL = process.env[`${service.key}_DATABASE_URL`];
  // render-service reads the brandings of the config-service started beside it.
  if (service.key === 'RENDER' && !process.env.CONFIG_SERVICE_URL)
    env.CONFIG_SERVICE_URL = `http://127.0.0.1:${services[1].port}`;
  const child = spawn(process.execPath, serviceArgv(service.name, root), {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      // The service has said why on its own line; this says what happens next.
      process.stderr.write(
        `npm start: ${service.name} stopped (${signal ?? `exit ${code}`}); stopping the others.\n`,
      );
      stop(1);
    }
  });
  return child;
});

let stopping = false;
/**
 * Stops the services and exits once all three have: each drains and stops its embedded database
 * (a checkpoint, seconds on a busy disk) before it exits, and none may outlive `npm start`.
 */
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  Promise.all(
    children.map((child) =>
      child.exitCode === null && child.signalCode === null ? new Promise((r) => child.once('exit', r)) : null,
    ),
  ).then(() => process.exit(code));
}
/** A second signal (Ctrl-C again) does not wait: it kills them (the next start reuses an embedded database left running). */
function onSignal() {
  if (!stopping) return stop(0);
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  process.exit(1);
}
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

async function waitReady(service, deadline) {
  while (Date.now() < deadline) {
    const status = await requestOnce(`http://localhost:${service.port}/health/ready`, {
      timeoutMs: 2000,
    }).then(
      (response) => response.status,
      () => 0, // not listening yet
    );
    if (status === 200) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/** As render-service decides (RENDER_PLAYGROUND): on unless production, or unless set to off. */
function playgroundOn() {
  const setting = (process.env.RENDER_PLAYGROUND || '').trim().toLowerCase();
  return setting ? setting === 'on' : process.env.NODE_ENV !== 'production';
}

async function main() {
  const deadline = Date.now() + 120_000;
  const ready = await Promise.all(services.map((service) => waitReady(service, deadline)));
  if (ready.includes(false)) {
    process.stderr.write('Not every service became ready within two minutes.\n');
    return stop(1);
  }
  const token = await mintDevelopmentToken({
    secret: process.env.AUTH_JWT_SECRET || DEVELOPMENT_JWT_SECRET,
    roles: ALL_ROLES,
  });
  const lines = ['', 'All three services are ready.', ''];
  for (const service of services) {
    const base = `http://localhost:${service.port}`;
    lines.push(
      `  ${service.name.padEnd(16)} ${service.versions.map((v) => `${base}/${tenant}/${v}`).join('  ')}`,
    );
    lines.push(`  ${''.padEnd(16)} docs: ${base}/docs   health: ${base}/health/ready`);
    if (service.key === 'RENDER' && playgroundOn())
      lines.push(`  ${''.padEnd(16)} template playground: ${base}/playground (paste the token below)`);
  }
  const config = services.find((service) => service.key === 'CONFIG');
  lines.push('', 'Development token with every role (12 hours); in another shell:', '');
  lines.push(`  export TOKEN=${token}`, '');
  lines.push(
    `Then: curl -H "Authorization: Bearer $TOKEN" http://localhost:${config.port}/${tenant}/v10-0/ui-templates`,
    '   (or mint one for chosen roles: TOKEN=$(npm run -s token -- ConfigApi_Read))',
    '',
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  process.stderr.write(`npm start: ${error.message}\n`);
  stop(1);
});
