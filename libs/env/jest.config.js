module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'env',
  rootDir: __dirname,
};
