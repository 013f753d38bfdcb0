module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'render-service',
  rootDir: __dirname,
};
