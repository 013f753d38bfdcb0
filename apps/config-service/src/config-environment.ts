import { ServiceEnvironment } from '@portal/service-runtime';

/** config-service reads only the common variables (contract 1, 2). */
export class ConfigEnvironment extends ServiceEnvironment {}

export const CONFIG_ENV_DEFAULTS = { PORT: '3001', EMBEDDED_DATABASE_DIR: '.data/config' };
