#!/usr/bin/env node
// `npm run demo:reset [-- profile config render]`: empties the databases `npm start` uses (all three
// by default), so that the next `npm start` migrates them afresh and loads the demo data again (the
// demo catalogue and profiles, the demo UI template, the demo render templates and jobs): what the
// OpenAPI examples name, as on the first start. Each database is dropped and created empty, on the
// embedded server in `.data/<service>` or at <SERVICE>_DATABASE_URL, as `npm start` chooses.
// Stop `npm start` first: a database still in use is refused, and nothing is dropped.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const { Client } = require('pg');

const root = path.resolve(__dirname, '..');
const SERVICES = {
  profile: { key: 'PROFILE', database: 'profile' },
  config: { key: 'CONFIG', database: 'config' },
  render: { key: 'RENDER', database: 'render' },
};

/** The server's maintenance URL and the database's name, from a database URL. */
function splitUrl(databaseUrl) {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  return { adminUrl: url.toString(), name };
}

/**
 * Drops `name` and creates it empty, unless another session uses it (then throws, naming how many):
 * a running service would otherwise keep serving a database without its tables.
 */
async function emptyDatabase(adminUrl, name) {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT count(*)::int AS sessions FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    if (rows[0].sessions > 0)
      throw new Error(
        `the database ${name} is in use (${rows[0].sessions} sessions): stop npm start (or the service) first`,
      );
    const identifier = client.escapeIdentifier(name);
    await client.query(`DROP DATABASE IF EXISTS ${identifier}`);
    await client.query(`CREATE DATABASE ${identifier}`);
  } finally {
    await client.end();
  }
}

async function resetService(service) {
  const { key, database } = SERVICES[service];
  const given = process.env[`${key}_DATABASE_URL`];
  if (given) {
    const { adminUrl, name } = splitUrl(given);
    await emptyDatabase(adminUrl, name);
    return `${service}: database ${name} emptied`;
  }
  // The embedded server of `npm start`, started here for the drop when it is not running.
  const { startEmbeddedDatabase } = require('../dist/libs/database/src');
  const embedded = await startEmbeddedDatabase(path.join(root, '.data', service));
  try {
    await emptyDatabase(embedded.adminUrl, database);
  } finally {
    await embedded.stop();
  }
  return `${service}: database ${database} emptied (embedded, .data/${service})`;
}

async function main(args) {
  const services = args.length === 0 ? Object.keys(SERVICES) : args;
  const unknown = services.filter((service) => !Object.hasOwn(SERVICES, service));
  if (unknown.length > 0)
    throw new Error(`usage: npm run demo:reset [-- profile config render] (unknown: ${unknown.join(', ')})`);
  if (services.some((service) => !process.env[`${SERVICES[service].key}_DATABASE_URL`])) {
    const build = spawnSync(process.execPath, [path.join(root, 'tools/build.js')], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  for (const service of services) process.stdout.write(`demo:reset: ${await resetService(service)}\n`);
  process.stdout.write('demo:reset: npm start now loads the demo data afresh.\n');
}

main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`demo:reset: ${error.message}\n`);
  process.exit(1);
});
