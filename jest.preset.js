// Shared by every project's jest.config.js: swc with the build's own options, plain Node.
const { swcOptions } = require('./tools/swc-options');

// Dependencies that ship ES modules only. Node 24 requires them natively, Jest's module loader
// does not, so Jest compiles them to CommonJS.
const ESM_ONLY_DEPENDENCIES = ['content-disposition', '@faker-js/faker'];

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest', swcOptions()],
    '/node_modules/.+\\.m?js$': [
      '@swc/jest',
      {
        swcrc: false,
        jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY_DEPENDENCIES.join('|')})/)`],
  moduleFileExtensions: ['ts', 'js', 'json'],
  testMatch: ['<rootDir>/**/*.spec.ts', '<rootDir>/**/*.e2e-spec.ts'],
  setupFiles: ['reflect-metadata'],
  // Checks every response of the test client against the service's OpenAPI document.
  setupFilesAfterEnv: [require.resolve('./tools/jest/contract-setup.ts')],
  clearMocks: true,
};
