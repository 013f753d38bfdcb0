import { queryParameterNames, requestLogLevel } from './request-context';

describe(queryParameterNames.name, () => {
  it('gives the names of the parameters, never their values', () => {
    expect(
      queryParameterNames(
        '/demo/v10-0/profiles?EmailContains=anna%40example.ch&PersonAhvNumber=756.1234.5678.97&Keyword=M%C3%BCller&PageSize=50',
      ),
    ).toEqual(['EmailContains', 'PersonAhvNumber', 'Keyword', 'PageSize']);
  });

  it('names each parameter once, and none for a bare path', () => {
    expect(queryParameterNames('/x?Expand=Person&Expand=Organization&')).toEqual(['Expand']);
    expect(queryParameterNames('/x')).toEqual([]);
    expect(queryParameterNames('/x?')).toEqual([]);
  });

  it('does not repeat a name that looks like data', () => {
    expect(queryParameterNames('/x?anna%40example.ch=1&%E0%A4%A=2&Ok=3')).toEqual(['(unexpected)', 'Ok']);
  });

  it('never repeats a token, a number or a long string misplaced in a name', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    const names = queryParameterNames(
      `/x?${jwt}=1&${jwt.split('.')[0]}=2&eyJhbGciOiJub25lIn0.e30.=3&sk_live_4242424242=4&${'a'.repeat(41)}=5&PageSize=6`,
    );
    expect(names).toEqual(['(unexpected)', 'PageSize']);
    expect(JSON.stringify(names)).not.toContain('eyJ');
  });

  it('lists at most 20 distinct names and counts the rest', () => {
    const query = Array.from(
      { length: 500 },
      (_, index) =>
        `Name${String.fromCharCode(65 + (index % 26))}${String.fromCharCode(65 + Math.floor(index / 26))}=1`,
    );
    const names = queryParameterNames(`/x?${query.join('&')}&${query.join('&')}`);
    expect(names).toHaveLength(21);
    expect(names.at(-1)).toBe('(and 480 more)');
    expect(names.slice(0, 2)).toEqual(['NameAA', 'NameBA']);
  });
});

describe(requestLogLevel.name, () => {
  it('writes the successes of probes and scrapers at debug level, every other request and a failed probe at info', () => {
    expect(requestLogLevel('/health/ready', 200)).toBe('debug');
    expect(requestLogLevel('/health/live', 200)).toBe('debug');
    expect(requestLogLevel('/metrics', 200)).toBe('debug');
    expect(requestLogLevel('/health/ready', 503)).toBe('info');
    expect(requestLogLevel('/demo/v10-0/profiles', 200)).toBe('info');
    expect(requestLogLevel(undefined, 404)).toBe('info');
  });
});
