import { flushContractCounts, takeContractMismatches } from '../../libs/testing/src/contract-validation';

/**
 * Every response the test client receives is checked against the service's committed OpenAPI
 * document (libs/testing contract-validation): a mismatch fails the test that received it.
 */
const failOnMismatches = (): void => {
  const mismatches = takeContractMismatches();
  if (mismatches.length > 0)
    throw new Error(
      `${mismatches.length} response(s) do not match the service's OpenAPI document:\n${mismatches.join('\n')}`,
    );
};

afterEach(failOnMismatches);
afterAll(() => {
  flushContractCounts();
  failOnMismatches();
});
