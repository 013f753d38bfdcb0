import { createHash } from 'node:crypto';

import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  registerDecorator,
  type ValidationArguments,
} from 'class-validator';

import { DEMO_DATA_MODES, type DemoDataMode } from '@portal/database';
import { EnvInt, Sensitive } from '@portal/env';
import { DemoDataEnvironment } from '@portal/service-runtime';

import { DEFAULT_INACTIVITY_DAYS, type InactivityThresholds, parseInactivityDays } from './common/inactivity';

/** PROCURATION_VALIDITY_DAYS and PROCURATION_RENEWAL_NOTICE_DAYS (contract 6). */
export interface ValidityPeriod {
  readonly validityDays: number;
  readonly renewalNoticeDays: number;
}

export const DEFAULT_VALIDITY_PERIOD: ValidityPeriod = { validityDays: 365, renewalNoticeDays: 30 };

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

/** 32 bytes in base64 (`openssl rand -base64 32`): 43 characters and one `=`. */
const BASE64_KEY = '[A-Za-z0-9+/]{43}=';
const KEY_MESSAGE = 'must be 32 random bytes in base64, as `openssl rand -base64 32` prints them';

/**
 * The key secure setting values are encrypted with when none is configured outside production.
 * It is public (derived from this text): never for production, where the service refuses it.
 */
export const DEVELOPMENT_SETTINGS_ENCRYPTION_KEY = createHash('sha256')
  .update('citizen-portal development key for secure service settings; public, never for production')
  .digest('base64');

/** The common variables (contract 1, 2) and profile-service's own. */
export class ProfileEnvironment extends DemoDataEnvironment {
  /**
   * Demo profiles at start-up (demo-data/demo-profiles.seeder.ts), on top of the demo catalogue:
   * `auto`, `always` or `never` as SEED_DEMO_DATA. Unset: `auto` in development (when the catalogue
   * is seeded), else `never`, so tests count their own profiles; refused in production.
   */
  @IsOptional()
  @IsIn(DEMO_DATA_MODES, { message: 'SEED_DEMO_PROFILES must be auto, always or never' })
  readonly SEED_DEMO_PROFILES?: DemoDataMode;

  get demoProfilesMode(): DemoDataMode {
    if (this.SEED_DEMO_PROFILES !== undefined) return this.SEED_DEMO_PROFILES;
    return this.NODE_ENV === 'development' && this.demoDataMode !== 'never' ? 'auto' : 'never';
  }

  /** The role every new person profile receives (contract 6); the first migration creates `Citizen`. */
  @IsString()
  @Length(1, 100)
  readonly CITIZEN_ROLE_NAME: string = 'Citizen';

  /** A level table replacing the default one (contract 3; the format of libs/access-level/src/access-levels.json). */
  @IsOptional()
  @IsString()
  readonly ACCESS_LEVELS_FILE?: string;

  /**
   * Days since the last login (or since creation, for a profile that never logged in) after
   * which a profile is to move to each inactive state (contract 6).
   */
  @IsInactivityDays()
  readonly INACTIVITY_DAYS: string = DEFAULT_INACTIVITY_DAYS;

  /** Days a procuration is valid from its start, and by how much a renewal extends it (contract 6). */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(36500)
  readonly PROCURATION_VALIDITY_DAYS: number = DEFAULT_VALIDITY_PERIOD.validityDays;

  /** Days before its end from which a procuration is renewable (contract 6). */
  @EnvInt()
  @IsInt()
  @Min(0)
  @Max(36500)
  readonly PROCURATION_RENEWAL_NOTICE_DAYS: number = DEFAULT_VALIDITY_PERIOD.renewalNoticeDays;

  /**
   * Milliseconds between two reconciliations of roles whose start was reached (contract 9: at
   * least once a minute, once across replicas: the replica that takes the interval's RoundLease).
   * Tests shorten it.
   */
  @EnvInt()
  @IsInt()
  @Min(100)
  @Max(60_000)
  readonly REACH_RECONCILE_INTERVAL_MS: number = 60_000;

  get procurationValidity(): ValidityPeriod {
    return {
      validityDays: this.PROCURATION_VALIDITY_DAYS,
      renewalNoticeDays: this.PROCURATION_RENEWAL_NOTICE_DAYS,
    };
  }

  get inactivityThresholds(): InactivityThresholds {
    return parseInactivityDays(this.INACTIVITY_DAYS);
  }

  /**
   * AES-256-GCM key of the values of secure service settings (32 bytes, base64). Required in
   * production; elsewhere the public development key stands in.
   */
  @IsOptional()
  @Sensitive()
  @Matches(new RegExp(`^${BASE64_KEY}$`), { message: `SETTINGS_ENCRYPTION_KEY ${KEY_MESSAGE}` })
  readonly SETTINGS_ENCRYPTION_KEY?: string;

  /** Earlier keys, comma-separated: values they encrypted are still read, and rewritten with the current key. */
  @IsOptional()
  @Sensitive()
  @Matches(new RegExp(`^\\s*${BASE64_KEY}(\\s*,\\s*${BASE64_KEY})*\\s*$`), {
    message: `SETTINGS_ENCRYPTION_PREVIOUS_KEYS must be comma-separated keys; each ${KEY_MESSAGE}`,
  })
  readonly SETTINGS_ENCRYPTION_PREVIOUS_KEYS?: string;

  /** The keys of secure setting values: the one to write with, and the earlier ones still read. */
  get settingsEncryptionKeys(): { current: Buffer; previous: Buffer[] } {
    return {
      current: Buffer.from(this.SETTINGS_ENCRYPTION_KEY ?? DEVELOPMENT_SETTINGS_ENCRYPTION_KEY, 'base64'),
      previous: (this.SETTINGS_ENCRYPTION_PREVIOUS_KEYS ?? '')
        .split(',')
        .map((key) => key.trim())
        .filter((key) => key !== '')
        .map((key) => Buffer.from(key, 'base64')),
    };
  }

  override crossFieldProblems(): string[] {
    const problems = super.crossFieldProblems();
    if (this.NODE_ENV === 'production') {
      // Demo persons and an open invite have no place among real citizens.
      if (this.SEED_DEMO_PROFILES !== undefined && this.SEED_DEMO_PROFILES !== 'never')
        problems.push(
          `SEED_DEMO_PROFILES (${this.SEED_DEMO_PROFILES}): demo profiles are never loaded in production`,
        );
      if (!this.SETTINGS_ENCRYPTION_KEY) {
        problems.push(
          'SETTINGS_ENCRYPTION_KEY (unset): required in production; secure setting values are encrypted with it',
        );
      } else if (this.SETTINGS_ENCRYPTION_KEY === DEVELOPMENT_SETTINGS_ENCRYPTION_KEY) {
        problems.push(
          'SETTINGS_ENCRYPTION_KEY (hidden): the public development key must not be used in production',
        );
      }
    }
    return problems;
  }
}

export const PROFILE_ENV_DEFAULTS = { PORT: '3000', EMBEDDED_DATABASE_DIR: '.data/profile' };
