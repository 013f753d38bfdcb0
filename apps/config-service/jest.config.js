module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'config-service',
  rootDir: __dirname,
};
