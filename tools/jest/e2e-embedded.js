#!/usr/bin/env node
// `npm run test:e2e:embedded`: CI's second pass of the end-to-end suites, on the embedded
// PostgreSQL 18 that `npm start` users run (`npm test` runs every suite on the machine's server,
// PostgreSQL 15 on CI). Every suite whose subject reaches the database's SQL runs on both engines;
// the suites below test what no engine takes part in, and run once, in `npm test`, as do the
// browser blocks of the suites this pass runs (describeInBrowser skips them here).
// Arguments are passed on to Jest (`-- --listTests` names the suites of this pass). Its suites run
// in the lanes of lanes.js, as `npm test`'s do.
const { runInLanes } = require('./lanes');

/** Suites the engine takes no part in, by their path in the repository, and why. */
const ONCE = [
  {
    suites: 'apps/[^/]+/test/(rollout|replicas|render-jobs-replicas)\\.e2e-spec\\.ts$',
    why: 'several processes behind a proxy, with Redis: how the platform runs them, on its own PostgreSQL server',
  },
  {
    suites: 'apps/[^/]+/test/amplification\\.e2e-spec\\.ts$',
    why: "the service process's memory and liveness under the largest inputs",
  },
  {
    suites:
      'apps/render-service/test/(visual|pdf-output|qr-bill|formatting|fonts-and-demos|output-limit|safety|body-budget|shutdown)\\.e2e-spec\\.ts$',
    why: "documents and the render workers' bounds: the database holds only the templates (templates.e2e-spec runs on both)",
  },
  {
    suites: 'apps/(render-service/test/playground|config-service/test/browser-cors)\\.e2e-spec\\.ts$',
    why: "the browser's side (Chromium): pages, CORS headers",
  },
  {
    suites: 'apps/render-service/test/(traces|rate-limit)\\.e2e-spec\\.ts$',
    why: 'trace export and propagation, and the per-caller limits kept in Redis',
  },
];

process.exit(
  runInLanes(
    [
      '--testPathPatterns',
      '\\.e2e-spec\\.ts$',
      '--testPathIgnorePatterns',
      ...ONCE.map(({ suites }) => suites),
      '/node_modules/',
      ...process.argv.slice(2),
    ],
    { ...process.env, TEST_DATABASE: 'embedded' },
  ),
);
