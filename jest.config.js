// `npm test`: every project's unit tests (*.spec.ts beside the source) and end-to-end tests
// (test/*.e2e-spec.ts: the Nest app on a real PostgreSQL database, spoken to over HTTP).
const { swcOptions } = require('./tools/swc-options');

// Dates in tests must not depend on the machine's time zone.
process.env.TZ = 'UTC';

module.exports = {
  projects: [
    '<rootDir>/apps/*/jest.config.js',
    '<rootDir>/libs/*/jest.config.js',
    '<rootDir>/tools/jest.config.js',
  ],
  transform: { '^.+\\.ts$': ['@swc/jest', swcOptions()] },
  globalSetup: '<rootDir>/tools/jest/global-setup.ts',
  globalTeardown: '<rootDir>/tools/jest/global-teardown.ts',
  reporters: ['default', '<rootDir>/tools/jest/summary-reporter.js'],
  testTimeout: 30000,
};
