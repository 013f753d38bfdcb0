import { IsIn, IsOptional, IsString, Matches } from 'class-validator';

import { type CrossFieldChecks, Sensitive } from '@portal/env';

import { LOG_LEVELS } from './service-environment';

/**
 * What `main.js migrate` reads: the database alone. The migration Job holds the schema owner's
 * DATABASE_URL and none of the service's other secrets, so none of them is required here.
 */
export class MigrationEnvironment implements CrossFieldChecks {
  @IsIn(['development', 'production', 'test'])
  readonly NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @IsOptional()
  @Sensitive()
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgres:// URL' })
  readonly DATABASE_URL?: string;

  @IsString()
  readonly EMBEDDED_DATABASE_DIR: string;

  @IsIn(LOG_LEVELS)
  readonly LOG_LEVEL: (typeof LOG_LEVELS)[number] = 'info';

  crossFieldProblems(): string[] {
    return this.NODE_ENV === 'production' && !this.DATABASE_URL
      ? ['DATABASE_URL (unset): required in production; the embedded database is for development']
      : [];
  }
}
