module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'access-level',
  rootDir: __dirname,
};
