import { ServiceEnvironment } from '@portal/service-runtime';

export class ProfileEnvironment extends ServiceEnvironment {}

export const PROFILE_ENV_DEFAULTS = { PORT: '3000', EMBEDDED_DATABASE_DIR: '.data/profile' };
