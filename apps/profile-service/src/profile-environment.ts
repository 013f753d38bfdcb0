import { IsIn, IsOptional, IsString, Length } from 'class-validator';

import { ServiceEnvironment } from '@portal/service-runtime';

/** The common variables (contract 1, 2) and profile-service's own. */
export class ProfileEnvironment extends ServiceEnvironment {
  /** The role every new person profile receives (contract 6); the first migration creates `Citizen`. */
  @IsString()
  @Length(1, 100)
  readonly CITIZEN_ROLE_NAME: string = 'Citizen';

  /** A level table replacing the default one (contract 3; the format of libs/access-level/src/access-levels.json). */
  @IsOptional()
  @IsString()
  readonly ACCESS_LEVELS_FILE?: string;

  /**
   * Demo catalogue at start-up: `auto` loads it into an empty catalogue only, `always` adds what
   * is missing (idempotent), `never` does not. Unset: `auto`, but `never` in production.
   */
  @IsOptional()
  @IsIn(['auto', 'always', 'never'], { message: 'SEED_DEMO_DATA must be auto, always or never' })
  readonly SEED_DEMO_DATA?: 'auto' | 'always' | 'never';

  get demoDataMode(): 'auto' | 'always' | 'never' {
    return this.SEED_DEMO_DATA ?? (this.NODE_ENV === 'production' ? 'never' : 'auto');
  }
}

export const PROFILE_ENV_DEFAULTS = { PORT: '3000', EMBEDDED_DATABASE_DIR: '.data/profile' };
