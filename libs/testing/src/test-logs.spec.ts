import { NEVER_LOGGED, personalDataIn } from './test-logs';

describe(personalDataIn.name, () => {
  it.each([
    ['an e-mail address', '{"msg":"x","value":"anna.muster@example.ch"}'],
    ['an e-mail address', '{"msg":"x","url":"/p?EmailContains=anna.muster%40example.ch"}'],
    ['an AHV number', '{"msg":"x","ahv":"756.1234.5678.97"}'],
    ['an AHV number', '{"msg":"x","ahv":"7561234567897"}'],
    ['a token', '{"msg":"x","t":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.sig"}'],
    ['an Authorization header', '{"headers":{"authorization":"x"}}'],
    ['a password', '{"person":{"account":{"password":"x"}}}'],
    ['a value marked never to be logged', `{"value":"${NEVER_LOGGED}-1"}`],
  ])('finds %s', (what, line) => {
    expect(personalDataIn(`{"msg":"fine"}\n${line}\n`)).toEqual([{ what, line }]);
  });

  it('passes the lines a request leaves: route, parameter names, status', () => {
    const line = JSON.stringify({
      msg: 'request completed',
      route: '/demo/v10-0/profiles',
      query: ['EmailContains', 'PersonAhvNumber', 'Keyword'],
      status: 200,
      durationMs: 3.2,
      correlationId: '9f1c2b4e-7a61-4c3e-9d2a-0b8e5f6a7c1d',
    });
    expect(personalDataIn(line)).toEqual([]);
  });
});
