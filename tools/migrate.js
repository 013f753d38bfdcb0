#!/usr/bin/env node
// Runs the TypeORM migration CLI on a service's own DataSource file (from dist/).
// Usage: node tools/migrate.js <run|revert|show|generate> <profile|config|render> [MigrationName]
// DATABASE_URL selects the database; without it, the service's embedded database is used.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const ACTIONS = {
  run: 'migration:run',
  revert: 'migration:revert',
  show: 'migration:show',
  generate: 'migration:generate',
};

async function main([action, service, name]) {
  const command = ACTIONS[action];
  if (!command || !['profile', 'config', 'render'].includes(service) || (action === 'generate' && !name)) {
    throw new Error(
      'usage: node tools/migrate.js <run|revert|show|generate> <profile|config|render> [MigrationName]',
    );
  }
  const build = spawnSync(process.execPath, [path.join(root, 'tools/build.js')], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);

  const { connectDatabase } = require('../dist/libs/database/src');
  const database = await connectDatabase({
    databaseUrl: process.env.DATABASE_URL,
    embeddedDataDir: process.env.EMBEDDED_DATABASE_DIR || path.join(root, '.data', service),
    databaseName: service,
  });
  const app = `apps/${service}-service`;
  const args = [
    require.resolve('typeorm/cli.js'),
    command,
    '-d',
    path.join(root, 'dist', app, 'src/data-source.js'),
  ];
  if (action === 'generate') args.push(path.join(root, app, 'src/migrations', name), '--pretty');
  const result = spawnSync(process.execPath, args, {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: database.url },
  });
  await database.embedded?.stop();
  process.exit(result.status ?? 1);
}

main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
