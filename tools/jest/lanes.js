// How `npm test` and CI's embedded pass share the machine: most suites run side by side (a Jest
// worker per core: one suite alone leaves a core idle a third of the time, waiting on PostgreSQL,
// sockets and child processes), then the suites that measure how long something takes or how much a
// process holds, one at a time with nothing else running (a neighbour's load would be in their
// figures). Each lane ends with its own summary; the last line counts both.
const { spawnSync } = require('node:child_process');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { availableParallelism, tmpdir } = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');

const { extract, parseWithComments } = require('jest-docblock');

/**
 * Whether a suite runs alone: its leading docblock says `@lane alone` (the suites that time work at
 * two sizes, measure a process's liveness or memory, count what a rolling restart loses, or run
 * replicas on a shared Redis; each says why above the pragma).
 */
function runsAlone(suite) {
  const { pragmas } = parseWithComments(extract(readFileSync(suite, 'utf8')));
  return pragmas.lane === 'alone';
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
 * Runs the suites that `selection` (Jest's arguments) chooses in two lanes: side by side, then the
 * suites that run alone in band. Both lanes run even when the first fails, so that a run reports every failure;
 * answers 0 only when both passed. Other Jest options (`--listTests`, say) run Jest as they are.
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
  const alone = suites.filter(runsAlone);
  const sideBySide = suites.filter((suite) => !alone.includes(suite));
  const workers = String(Math.max(2, availableParallelism()));
  const lanes = [];
  if (sideBySide.length > 0) lanes.push(runLane('side by side', sideBySide, ['--maxWorkers', workers], env));
  if (alone.length > 0) lanes.push(runLane('alone', alone, ['--runInBand'], env));
  const total = (key) => lanes.reduce((sum, lane) => sum + lane[key], 0);
  const skipped = total('skipped');
  process.stdout.write(
    `\ntests: ${total('passed')} passed, ${total('failed')} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
  );
  return lanes.some((lane) => lane.status !== 0) || suites.length === 0 ? 1 : 0;
}

module.exports = { runInLanes, runsAlone };
