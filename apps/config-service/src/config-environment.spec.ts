import { InvalidEnvironmentError, loadEnv } from '@portal/env';

import { CONFIG_ENV_DEFAULTS, ConfigEnvironment } from './config-environment';

describe(ConfigEnvironment.name, () => {
  const load = (env: Record<string, string>): ConfigEnvironment =>
    loadEnv(ConfigEnvironment, env, CONFIG_ENV_DEFAULTS);

  it('warns about palettes below AA by default, and enforces AA when asked', () => {
    expect(load({}).CONFIG_CONTRAST_POLICY).toBe('warn');
    // An empty value is an unset one, as for every variable (libs/env).
    expect(load({ CONFIG_CONTRAST_POLICY: '' }).CONFIG_CONTRAST_POLICY).toBe('warn');
    expect(load({ CONFIG_CONTRAST_POLICY: 'enforce' }).CONFIG_CONTRAST_POLICY).toBe('enforce');
  });

  it.each(['ENFORCE', 'strict', 'off'])(
    'stops at start-up on CONFIG_CONTRAST_POLICY=%p, saying what is accepted',
    (value) => {
      expect(() => load({ CONFIG_CONTRAST_POLICY: value })).toThrow(InvalidEnvironmentError);
      expect(() => load({ CONFIG_CONTRAST_POLICY: value })).toThrow(
        /CONFIG_CONTRAST_POLICY must be warn or enforce/,
      );
    },
  );
});
