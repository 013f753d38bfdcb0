// Prints the run's outcome as one plain closing line (`tests: N passed, N failed`), which CI reads,
// and before it the slowest suites with their time, so that a run that grew slow says where.
const SLOWEST = 12;

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const root = `${process.cwd()}/`;
    const slowest = results.testResults
      .map((suite) => ({
        path: suite.testFilePath.replace(root, ''),
        ms: suite.perfStats.end - suite.perfStats.start,
      }))
      .filter((suite) => Number.isFinite(suite.ms) && suite.ms > 0)
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST);
    if (slowest.length > 1)
      process.stdout.write(
        `\nslowest suites: ${slowest.map((suite) => `${suite.path} ${(suite.ms / 1000).toFixed(1)} s`).join(', ')}\n`,
      );
    process.stdout.write(
      `\ntests: ${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
    );
  }
}

module.exports = SummaryReporter;
