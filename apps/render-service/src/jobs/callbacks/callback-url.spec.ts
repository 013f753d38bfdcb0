import { callbackUrlProblem } from './callback-url';

const HOSTS = ['hooks.kanton.ch', 'erp.example.ch:8443'];

describe(callbackUrlProblem.name, () => {
  it.each([
    'https://hooks.kanton.ch/render-jobs/done',
    'https://HOOKS.Kanton.ch/done?job=1#ignored',
    'https://hooks.kanton.ch:443/done',
    'https://erp.example.ch:8443/hooks',
  ])('takes %s', (url) => {
    expect(callbackUrlProblem(url, HOSTS)).toBeUndefined();
  });

  it.each([
    ['a path', '/render-jobs/done', 'must be an absolute https URL'],
    ['no URL at all', 'hooks.kanton.ch', 'must be an absolute https URL'],
    ['http', 'http://hooks.kanton.ch/done', 'must be an https URL, not http'],
    ['another scheme', 'ftp://hooks.kanton.ch/done', 'must be an https URL, not ftp'],
    ['credentials', 'https://render:secret@hooks.kanton.ch/done', 'may not carry credentials'],
    ['a user alone', 'https://render@hooks.kanton.ch/done', 'may not carry credentials'],
    [
      'another host',
      'https://hooks.kanton.ch.evil.example/done',
      'is on hooks.kanton.ch.evil.example, which is not a host callbacks are sent to (RENDER_CALLBACK_HOSTS)',
    ],
    [
      'a listed host on another port',
      'https://hooks.kanton.ch:8443/done',
      'is on hooks.kanton.ch:8443, which is not a host callbacks are sent to (RENDER_CALLBACK_HOSTS)',
    ],
    [
      'a listed host:port on 443',
      'https://erp.example.ch/hooks',
      'is on erp.example.ch, which is not a host callbacks are sent to (RENDER_CALLBACK_HOSTS)',
    ],
    [
      'an address',
      'https://127.0.0.1/done',
      'is on 127.0.0.1, which is not a host callbacks are sent to (RENDER_CALLBACK_HOSTS)',
    ],
  ])('refuses %s', (_case, url, problem) => {
    expect(callbackUrlProblem(url, HOSTS)).toBe(problem);
  });

  it('takes at most 2048 characters', () => {
    const base = 'https://hooks.kanton.ch/done?pad=';
    expect(callbackUrlProblem(base + 'x'.repeat(2048 - base.length), HOSTS)).toBeUndefined();
    expect(callbackUrlProblem(base + 'x'.repeat(2049 - base.length), HOSTS)).toBe(
      'must be at most 2048 characters',
    );
  });

  it('takes none when the deployment lists no host', () => {
    expect(callbackUrlProblem('https://hooks.kanton.ch/done', [])).toBe(
      'is not taken: this deployment sends callbacks to no host (RENDER_CALLBACK_HOSTS)',
    );
  });
});
