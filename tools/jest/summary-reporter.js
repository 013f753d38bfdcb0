// Prints the run's outcome as one plain closing line (`tests: N passed, N failed`), which CI reads.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    process.stdout.write(
      `\ntests: ${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
    );
  }
}

module.exports = SummaryReporter;
