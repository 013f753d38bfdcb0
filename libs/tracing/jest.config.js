module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'tracing',
  rootDir: __dirname,
};
