module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'http-context',
  rootDir: __dirname,
};
