// docker/Dockerfile read as instructions, for the checks that hold the image to the repository
// (tools/deploy-manifests.spec.ts) and that run a service as its image starts it (tools/image-check.js).
const { readFileSync } = require('node:fs');
const path = require('node:path');

const DOCKERFILE = path.join(__dirname, '..', 'docker', 'Dockerfile');

/** Its instructions, one a line: continuations joined, comments and blank lines dropped. */
function dockerfileLines(file = DOCKERFILE) {
  return readFileSync(file, 'utf8')
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** How the image starts its process: the final stage's WORKDIR, ENV, USER and CMD (exec form). */
function imageStart(file = DOCKERFILE) {
  const lines = dockerfileLines(file);
  const stage = lines.slice(lines.findLastIndex((line) => /^FROM\s/i.test(line)));
  const last = (keyword) =>
    stage
      .filter((line) => new RegExp(`^${keyword}\\s`, 'i').test(line))
      .at(-1)
      ?.replace(/^\S+\s+/, '');
  const env = {};
  for (const line of stage.filter((candidate) => /^ENV\s/i.test(candidate))) {
    for (const [, name, value] of line.matchAll(/(\w+)=(\S+)/g)) env[name] = value;
  }
  const cmd = last('CMD');
  if (!cmd?.startsWith('[')) throw new Error(`${file}: the final stage has no CMD in exec form`);
  return { workdir: last('WORKDIR'), env, user: last('USER'), argv: JSON.parse(cmd) };
}

module.exports = { DOCKERFILE, dockerfileLines, imageStart };
