import { IsIn } from 'class-validator';

import { DemoDataEnvironment } from '@portal/service-runtime';

/** What a save does with a palette below WCAG 2.2 AA: saves it and says so, or refuses it (400). */
export const CONTRAST_POLICIES = ['warn', 'enforce'] as const;
export type ContrastPolicy = (typeof CONTRAST_POLICIES)[number];

/**
 * config-service reads the common variables (contract 1, 2), SEED_DEMO_DATA (its demo UI
 * template) and CONFIG_CONTRAST_POLICY (contract 9, "Accessible palettes").
 */
export class ConfigEnvironment extends DemoDataEnvironment {
  @IsIn(CONTRAST_POLICIES, { message: 'CONFIG_CONTRAST_POLICY must be warn or enforce' })
  readonly CONFIG_CONTRAST_POLICY: ContrastPolicy = 'warn';
}

export const CONFIG_ENV_DEFAULTS = { PORT: '3001', EMBEDDED_DATABASE_DIR: '.data/config' };
