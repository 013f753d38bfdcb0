import { DemoDataEnvironment } from '@portal/service-runtime';

/** config-service reads the common variables (contract 1, 2) and SEED_DEMO_DATA (its demo UI template). */
export class ConfigEnvironment extends DemoDataEnvironment {}

export const CONFIG_ENV_DEFAULTS = { PORT: '3001', EMBEDDED_DATABASE_DIR: '.data/config' };
