// Shared by every project's jest.config.js: swc with the build's own options, plain Node.
const { swcOptions } = require('./tools/swc-options');

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['@swc/jest', swcOptions()] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testMatch: ['<rootDir>/**/*.spec.ts', '<rootDir>/**/*.e2e-spec.ts'],
  setupFiles: ['reflect-metadata'],
  clearMocks: true,
};
