import type { INestApplication } from '@nestjs/common';
import { IsIn, IsOptional } from 'class-validator';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';

import {
  DEMO_DATA_MODES,
  type DemoDataMode,
  type DemoDataResult,
  type DemoDataSet,
  defaultDemoDataMode,
  describeDemoDataResult,
  seedDemoData,
} from '@portal/database';

import { ServiceEnvironment } from './service-environment';

/** The common variables and `SEED_DEMO_DATA`, for services that load demo data at start-up. */
export class DemoDataEnvironment extends ServiceEnvironment {
  /**
   * Demo data at start-up: `auto` loads it into empty tables only, `always` adds what is missing
   * (idempotent), `never` does not. Unset: `auto`, but `never` in production.
   */
  @IsOptional()
  @IsIn(DEMO_DATA_MODES, { message: 'SEED_DEMO_DATA must be auto, always or never' })
  readonly SEED_DEMO_DATA?: DemoDataMode;

  get demoDataMode(): DemoDataMode {
    return this.SEED_DEMO_DATA ?? defaultDemoDataMode(this.NODE_ENV);
  }
}

/** Seeds a service's demo data after its migrations, and logs one line saying what was inserted. */
export async function seedDemoDataAtStart(
  app: INestApplication,
  data: DemoDataSet,
  mode: DemoDataMode,
  logger: Pick<Logger, 'info'>,
): Promise<DemoDataResult> {
  const result = await seedDemoData(app.get(DataSource), data, mode);
  const setting = data.setting ?? 'SEED_DEMO_DATA';
  logger.info({
    msg: describeDemoDataResult(data.label, result, setting),
    [setting]: mode,
    inserted: result.inserted,
  });
  return result;
}
