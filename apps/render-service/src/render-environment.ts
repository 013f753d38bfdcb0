import { ServiceEnvironment } from '@portal/service-runtime';

export class RenderEnvironment extends ServiceEnvironment {}

export const RENDER_ENV_DEFAULTS = { PORT: '3002', EMBEDDED_DATABASE_DIR: '.data/render' };
