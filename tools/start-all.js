#!/usr/bin/env node
// `npm start`: the three services from dist/, each on its embedded database unless DATABASE_URL
// is given per service (PROFILE_DATABASE_URL, CONFIG_DATABASE_URL, RENDER_DATABASE_URL).
const { spawn } = require('node:child_process');
const path = require('node:path');

const { mintDevelopmentToken, DEVELOPMENT_JWT_SECRET } = require('../dist/libs/auth/src');
const { ALL_ROLES } = require('./mint-token');

const root = path.resolve(__dirname, '..');
const tenant = process.env.TENANT || 'demo';
const services = [
  { name: 'profile-service', key: 'PROFILE', port: 3000, versions: ['v10-0', 'v9-1'] },
  { name: 'config-service', key: 'CONFIG', port: 3001, versions: ['v10-0', 'v9-1'] },
  { name: 'render-service', key: 'RENDER', port: 3002, versions: ['v10-0'] },
];

const children = services.map((service) => {
  const env = { ...process.env, PORT: String(service.port) };
  delete env.DATABASE_URL;
  if (process.env[`${service.key}_DATABASE_URL`])
    env.DATABASE_URL = process.env[`${service.key}_DATABASE_URL`];
  const child = spawn(process.execPath, [path.join(root, 'dist/apps', service.name, 'src/main.js')], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      process.stderr.write(`${service.name} exited (${signal ?? code}); stopping the others.\n`);
      stop(1);
    }
  });
  return child;
});

let stopping = false;
function stop(code) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(
    children.map((child) => (child.exitCode === null ? new Promise((r) => child.on('exit', r)) : null)),
  ).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitReady(service, deadline) {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://localhost:${service.port}/health/ready`);
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
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
    subject: 'developer',
  });
  const lines = ['', 'All three services are ready.', ''];
  for (const service of services) {
    const base = `http://localhost:${service.port}`;
    lines.push(
      `  ${service.name.padEnd(16)} ${service.versions.map((v) => `${base}/${tenant}/${v}`).join('  ')}`,
    );
    lines.push(`  ${''.padEnd(16)} docs: ${base}/docs   health: ${base}/health/ready`);
  }
  lines.push('', 'Development token with every role (12 hours):', '', `  ${token}`, '');
  lines.push(
    `Try: curl -H "Authorization: Bearer $TOKEN" http://localhost:3001/${tenant}/v10-0/ui-templates`,
    '',
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  stop(1);
});
