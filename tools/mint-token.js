#!/usr/bin/env node
// Mints a development token (HS256, AUTH_JWT_SECRET or the development secret) for the given roles.
// Usage: npm run token -- ConfigApi_Read ConfigApi_Write [--subject alice] [--hours 12]; --help.

const ALL_ROLES = [
  'ProfileApi_Low',
  'ProfileApi_Medium',
  'ProfileApi_Max',
  'ConfigApi_Read',
  'ConfigApi_Write',
  'RenderApi_Render',
  'RenderApi_Templates',
];

const HELP = `Mints a development token (HS256, signed with AUTH_JWT_SECRET or the development secret).

Usage: npm run token -- [roles...] [--subject name] [--hours n] [--allow-unknown-roles]

  roles                  space- or comma-separated; none (or --all) means every role
  --subject name         the token's subject, not empty (default: developer)
  --hours n              lifetime in hours (default: 12)
  --allow-unknown-roles  accept roles the services do not know (to test a 403)
  --help                 this text

Roles: ${ALL_ROLES.join(', ')}
Example: TOKEN=$(npm run -s token -- ConfigApi_Read ConfigApi_Write)`;

/** Parses the arguments; throws with a one-line reason. */
function parseArguments(argv) {
  const roles = [];
  let subject = 'developer';
  let hours = 12;
  let allowUnknown = false;
  const valueOf = (index, option) => {
    const value = argv[index];
    if (value === undefined || value.startsWith('--')) throw new Error(`${option} needs a value`);
    return value;
  };
  for (let i = 0; i < argv.length; i += 1) {
    const argument = argv[i];
    if (argument === '--help' || argument === '-h') return { help: true };
    if (argument === '--subject') subject = valueOf(++i, '--subject');
    else if (argument === '--hours') hours = Number(valueOf(++i, '--hours'));
    else if (argument === '--all') roles.push(...ALL_ROLES);
    else if (argument === '--allow-unknown-roles') allowUnknown = true;
    else if (argument.startsWith('-')) throw new Error(`unknown option ${argument} (see --help)`);
    else roles.push(...argument.split(',').filter(Boolean));
  }
  if (roles.length === 0) roles.push(...ALL_ROLES);
  if (!Number.isFinite(hours) || hours <= 0) throw new Error('--hours takes a positive number');
  // The services answer 401 to a token whose subject is empty or white space only.
  if (subject.trim() === '') throw new Error('--subject needs a name, not an empty or blank one');
  const unknown = roles.filter((role) => !ALL_ROLES.includes(role));
  if (unknown.length > 0 && !allowUnknown) {
    const hints = unknown.map((role) => {
      const near = ALL_ROLES.find(
        (known) => known.toLowerCase() === role.toLowerCase() || closeTo(known, role),
      );
      return near ? `${role} (did you mean ${near}?)` : role;
    });
    throw new Error(
      `unknown role ${hints.join(', ')}; known: ${ALL_ROLES.join(', ')} (or --allow-unknown-roles)`,
    );
  }
  return { roles: [...new Set(roles)], subject, hours };
}

/** Within two edits: the usual typo. */
function closeTo(a, b) {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  const previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i += 1) {
    let diagonal = previous[0];
    previous[0] = i;
    for (let j = 1; j <= y.length; j += 1) {
      const above = previous[j];
      previous[j] = Math.min(
        previous[j] + 1,
        previous[j - 1] + 1,
        diagonal + (x[i - 1] === y[j - 1] ? 0 : 1),
      );
      diagonal = above;
    }
  }
  return previous[y.length] <= 2;
}

async function main(argv) {
  const parsed = parseArguments(argv);
  if (parsed.help) {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  const { roles, subject, hours } = parsed;
  // Loaded here, not at the top: `npm run token` builds dist first, while the argument parser is
  // tested on a clean clone where dist does not exist yet.
  const { mintDevelopmentToken, DEVELOPMENT_JWT_SECRET } = require('../dist/libs/auth/src');
  const token = await mintDevelopmentToken({
    secret: process.env.AUTH_JWT_SECRET || DEVELOPMENT_JWT_SECRET,
    roles,
    subject,
    expiresInSeconds: Math.round(hours * 3600),
  });
  process.stdout.write(`${token}\n`);
}

module.exports = { ALL_ROLES, parseArguments };

if (require.main === module) {
  main(process.argv.slice(2)).catch((error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  });
}
