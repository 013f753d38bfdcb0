import {
  IsIn,
  IsOptional,
  IsString,
  Length,
  registerDecorator,
  type ValidationArguments,
} from 'class-validator';

import { ServiceEnvironment } from '@portal/service-runtime';

import {
  DEFAULT_INACTIVITY_DAYS,
  type InactivityThresholds,
  parseInactivityDays,
} from './profiles/inactivity';

/** A valid INACTIVITY_DAYS value (contract 6), with the parser's reason as the message. */
const IsInactivityDays = (): PropertyDecorator => (target, property) =>
  registerDecorator({
    name: 'isInactivityDays',
    target: target.constructor,
    propertyName: String(property),
    validator: {
      validate: (value: unknown) => typeof value === 'string' && reasonAgainst(value) === undefined,
      defaultMessage: (args?: ValidationArguments) =>
        `must be like ${DEFAULT_INACTIVITY_DAYS}: ${reasonAgainst(String(args?.value)) ?? ''}`,
    },
  });

function reasonAgainst(value: string): string | undefined {
  try {
    parseInactivityDays(value);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

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

  /**
   * Days since the last login (or since creation, for a profile that never logged in) after
   * which a profile is to move to each inactive state (contract 6).
   */
  @IsInactivityDays()
  readonly INACTIVITY_DAYS: string = DEFAULT_INACTIVITY_DAYS;

  get inactivityThresholds(): InactivityThresholds {
    return parseInactivityDays(this.INACTIVITY_DAYS);
  }

  get demoDataMode(): 'auto' | 'always' | 'never' {
    return this.SEED_DEMO_DATA ?? (this.NODE_ENV === 'production' ? 'never' : 'auto');
  }
}

export const PROFILE_ENV_DEFAULTS = { PORT: '3000', EMBEDDED_DATABASE_DIR: '.data/profile' };
