module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'problem-details',
  rootDir: __dirname,
};
