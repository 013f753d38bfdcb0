import { queryParameterNames } from './request-context';

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
});
