import { IsOptional, IsString, Length } from 'class-validator';

import { DemoDataEnvironment } from '@portal/service-runtime';

/** The common variables (contract 1, 2), SEED_DEMO_DATA (the demo catalogue) and profile-service's own. */
export class ProfileEnvironment extends DemoDataEnvironment {
  /** The role every new person profile receives (contract 6); the first migration creates `Citizen`. */
  @IsString()
  @Length(1, 100)
  readonly CITIZEN_ROLE_NAME: string = 'Citizen';

  /** A level table replacing the default one (contract 3; the format of libs/access-level/src/access-levels.json). */
  @IsOptional()
  @IsString()
  readonly ACCESS_LEVELS_FILE?: string;
}

export const PROFILE_ENV_DEFAULTS = { PORT: '3000', EMBEDDED_DATABASE_DIR: '.data/profile' };
