#!/usr/bin/env node
// Mints a development token (HS256, AUTH_JWT_SECRET or the development secret) for the given roles.
// Usage: npm run token -- ConfigApi_Read ConfigApi_Write [--subject alice] [--hours 12]
const { mintDevelopmentToken, DEVELOPMENT_JWT_SECRET } = require('../dist/libs/auth/src');

const ALL_ROLES = [
  'ProfileApi_Low',
  'ProfileApi_Medium',
  'ProfileApi_Max',
  'ConfigApi_Read',
  'ConfigApi_Write',
  'RenderApi_Render',
  'RenderApi_Templates',
];

async function main(argv) {
  const roles = [];
  let subject = 'developer';
  let hours = 12;
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--subject') subject = argv[++i];
    else if (argv[i] === '--hours') hours = Number(argv[++i]);
    else if (argv[i] === '--all') roles.push(...ALL_ROLES);
    else roles.push(...argv[i].split(','));
  }
  if (roles.length === 0) roles.push(...ALL_ROLES);
  if (!Number.isFinite(hours) || hours <= 0) throw new Error('--hours takes a positive number');
  const token = await mintDevelopmentToken({
    secret: process.env.AUTH_JWT_SECRET || DEVELOPMENT_JWT_SECRET,
    roles,
    subject,
    expiresInSeconds: Math.round(hours * 3600),
  });
  process.stdout.write(`${token}\n`);
}

module.exports = { ALL_ROLES };

if (require.main === module) {
  main(process.argv.slice(2)).catch((error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  });
}
