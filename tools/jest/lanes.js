// How `npm test` and CI's embedded pass share the machine: most suites run side by side (a Jest
// worker per core: one suite alone leaves a core idle a third of the time, waiting on PostgreSQL,
// sockets and child processes); then the suites that mostly wait (rolling restarts through their
// replicas' preStop hooks and drains, replicas and limits over shared Redis through rounds and
// windows), three at a time with nothing else beside them: they leave the cores about half idle,
// and the first lane's full load once delayed a rollout's client and a Redis answer past what they
// check; then the suites that measure how long something takes or how much a process holds, one
// at a time with nothing else running (a neighbour's load would be in their figures). Each lane
// ends with its own summary; the last line counts them all.
const { spawnSync } = require('node:child_process');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { availableParallelism, tmpdir } = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');

const { extract, parseWithComments } = require('jest-docblock');

/**
 * The lanes, in the order they run: a suite's leading docblock names its lane (`@lane waiting`,
 * `@lane alone`, each with why above the pragma); any other suite runs side by side.
 */
const LANES = [
  { name: 'side by side', options: ['--maxWorkers', String(Math.max(2, availableParallelism()))] },
  // Three at a time: the three rolling restarts side by side, the shorter waiting suites beside them.
  { name: 'waiting', pragma: 'waiting', options: ['--maxWorkers', '3'] },
  { name: 'alone', pragma: 'alone', options: ['--runInBand'] },
];

/** The lane a suite runs in, by the `@lane` pragma of its leading docblock. */
function laneOf(suite) {
  const { pragmas } = parseWithComments(extract(readFileSync(suite, 'utf8')));
  if (pragmas.lane === undefined) return LANES[0];
  const lane = LANES.find((candidate) => candidate.pragma === pragmas.lane);
  if (!lane) {
    const named = LANES.filter((candidate) => candidate.pragma).map((candidate) => candidate.pragma);
    throw new Error(`${suite}: @lane ${pragmas.lane} is not a lane (${named.join(', ')})`);
  }
  return lane;
}

const root = path.resolve(__dirname, '..', '..');
const jestBin = require.resolve('jest/bin/jest');

/** The suites Jest would run for `selection` (its arguments), as absolute paths. */
function suitesOf(selection, env) {
  const listed = spawnSync(process.execPath, [jestBin, '--ci', '--listTests', ...selection], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`jest --listTests failed: ${listed.stderr}`);
  return listed.stdout.split('\n').filter((line) => line.startsWith('/'));
}

/** Runs Jest on exactly `suites`; answers its exit status and its counts of tests. */
function runLane(name, suites, options, env) {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-jest-lane-'));
  const results = path.join(folder, 'results.json');
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    [jestBin, '--ci', ...options, '--json', '--outputFile', results, '--runTestsByPath', ...suites],
    { cwd: root, stdio: 'inherit', env },
  );
  const seconds = Math.round((performance.now() - started) / 1000);
  let counts = { passed: 0, failed: 0, skipped: 0 };
  try {
    const json = JSON.parse(readFileSync(results, 'utf8'));
    counts = {
      passed: json.numPassedTests,
      failed: json.numFailedTests + json.numRuntimeErrorTestSuites,
      skipped: json.numPendingTests + json.numTodoTests,
    };
  } catch {
    counts.failed = 1; // Jest ended without its results: a crash counts as a failure.
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  process.stdout.write(
    `\njest lane "${name}": ${suites.length} suites in ${seconds} s, exit ${run.status ?? run.signal}\n`,
  );
  return { status: run.status ?? 1, ...counts };
}

/**
 * Runs the suites that `selection` (Jest's arguments) chooses in their lanes, one lane after the
 * other. Every lane runs even when one before it failed, so that a run reports every failure;
 * answers 0 only when all passed. Other Jest options (`--listTests`, say) run Jest as they are.
 */
function runInLanes(selection, env = process.env) {
  if (selection.some((argument) => argument === '--listTests' || argument === '--watch')) {
    // A Jest ended by a signal has no status: that is a failure, not a 0.
    return (
      spawnSync(process.execPath, [jestBin, '--ci', ...selection], { cwd: root, stdio: 'inherit', env })
        .status ?? 1
    );
  }
  const suites = suitesOf(selection, env);
  const lanes = suites.map(laneOf);
  const results = [];
  for (const lane of LANES) {
    const chosen = suites.filter((_suite, index) => lanes[index] === lane);
    if (chosen.length > 0) results.push(runLane(lane.name, chosen, lane.options, env));
  }
  const total = (key) => results.reduce((sum, result) => sum + result[key], 0);
  const skipped = total('skipped');
  process.stdout.write(
    `\ntests: ${total('passed')} passed, ${total('failed')} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
  );
  return results.some((result) => result.status !== 0) || suites.length === 0 ? 1 : 0;
}

module.exports = { laneOf, runInLanes };
