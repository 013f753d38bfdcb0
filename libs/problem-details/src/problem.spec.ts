import { describeStatus, PROBLEM_STATUSES } from './problem';

describe(describeStatus.name, () => {
  it.each([400, 401, 403, 404, 413, 415, 422, 429, 500, 503])('describes %i from the table', (status) => {
    expect(describeStatus(status)).toBe(PROBLEM_STATUSES[status]);
  });

  it('describes an unlisted server error as a 500', () => {
    expect(describeStatus(502)).toBe(PROBLEM_STATUSES[500]);
  });
});
