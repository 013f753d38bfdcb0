#!/usr/bin/env node
// Loads a realistic data set of profiles into profile-service's database (tools/seed/profile-seed.js).
// Usage: npm run seed:profiles -- --count 1000000 [--database-url postgres://...] [--replace]
// Without --database-url: DATABASE_URL, else the service's embedded database (.data/profile).
// The database is migrated and given the demo catalogue first (as profile-service's start does).
require('reflect-metadata');

const { existsSync } = require('node:fs');
const path = require('node:path');

const { Client } = require('pg');

const { seedProfiles } = require('./seed/profile-seed');

const root = path.resolve(__dirname, '..');
const DIST = path.join(root, 'dist');

function parseArguments(argv) {
  const options = { count: 1_000_000, databaseUrl: process.env.DATABASE_URL || undefined, replace: false };
  for (let index = 0; index < argv.length; index += 1) {
    const [name, inline] = argv[index].split('=', 2);
    const value = () => (inline !== undefined ? inline : argv[++index]);
    if (name === '--count') options.count = Number(value());
    else if (name === '--database-url') options.databaseUrl = value();
    else if (name === '--replace') options.replace = true;
    else throw new Error(`unknown argument ${argv[index]}: --count N, --database-url URL, --replace`);
  }
  if (!Number.isInteger(options.count) || options.count < 10)
    throw new Error('--count must be an integer of at least 10');
  return options;
}

/** Migrations and the demo catalogue, by starting the app once on the database (then closing it). */
async function prepareDatabase(databaseUrl) {
  const { createProfileApp } = require(path.join(DIST, 'apps/profile-service/src/profile-app'));
  const { ProfileEnvironment, PROFILE_ENV_DEFAULTS } = require(
    path.join(DIST, 'apps/profile-service/src/profile-environment'),
  );
  const { loadEnv } = require(path.join(DIST, 'libs/env/src'));
  const { createLogger } = require(path.join(DIST, 'libs/http-context/src'));
  const env = loadEnv(
    ProfileEnvironment,
    {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'always',
      // The seed writes its own profiles.
      SEED_DEMO_PROFILES: 'never',
      DATABASE_URL: databaseUrl,
    },
    PROFILE_ENV_DEFAULTS,
  );
  const app = await createProfileApp({ env, databaseUrl, logger: createLogger('seed-profiles', 'warn') });
  await app.close();
  return env;
}

/** Seeds a database given by URL; used by the command line and by the profile benchmark. */
async function seedDatabase(databaseUrl, { count, replace = false, log = console.log }) {
  if (!existsSync(path.join(DIST, 'apps/profile-service/src/profile-app.js')))
    throw new Error('dist/ is missing: run `node tools/build.js` first (npm run seed:profiles does).');
  const env = await prepareDatabase(databaseUrl);
  const { PASSWORD_HASH_OPTIONS } = require(
    path.join(DIST, 'apps/profile-service/src/profiles/password-hasher'),
  );
  const client = new Client({ connectionString: databaseUrl, application_name: 'seed-profiles' });
  await client.connect();
  try {
    return await seedProfiles(client, {
      count,
      replace,
      hashOptions: PASSWORD_HASH_OPTIONS,
      citizenRoleName: env.CITIZEN_ROLE_NAME,
      log,
    });
  } finally {
    await client.end();
  }
}

async function main() {
  const options = parseArguments(process.argv.slice(2));
  const { connectDatabase } = require(path.join(DIST, 'libs/database/src'));
  const database = await connectDatabase({
    databaseUrl: options.databaseUrl,
    embeddedDataDir: process.env.EMBEDDED_DATABASE_DIR || path.join(root, '.data', 'profile'),
    databaseName: 'profile',
  });
  try {
    const result = await seedDatabase(database.url, options);
    console.log(`Seeded ${result.count} profiles in ${result.seconds.toFixed(1)} s`);
  } finally {
    await database.embedded?.stop();
  }
}

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`seed-profiles: ${error.message}\n`);
    process.exit(1);
  });
}

module.exports = { seedDatabase };
