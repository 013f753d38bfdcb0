import { setTimeout as sleep } from 'node:timers/promises';

import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';

import { DEVELOPMENT_SUBJECT } from '@portal/auth';
import { isUniqueViolation } from '@portal/database';
import { NotFoundError } from '@portal/problem-details';

import {
  DEMO_RENDER_JOB,
  EXAMPLE_DELETED_RENDER_JOB_ID,
  EXAMPLE_RENDER_JOB_ID,
} from '../templates/openapi-examples';
import { RenderEnvironment } from '../render-environment';
import { CreateRenderJobDto } from './dto/create-render-job.dto';
import { RenderJobsService } from './render-jobs.service';

/** How long start-up waits for the demo job to finish, so that its result's example answers at once. */
const DEMO_JOB_WAIT_MS = 30_000;

/**
 * Creates the jobs whose ids the OpenAPI examples name (the reads' one and the delete's own), for
 * the development subject (the token `npm start` prints), where they are missing: with the demo
 * templates (RENDER_DEMO_TEMPLATES), which their template is one of and which are saved before
 * (their module bootstraps first).
 */
@Injectable()
export class DemoJobLoader implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemoJobLoader.name);

  constructor(
    private readonly env: RenderEnvironment,
    private readonly jobs: RenderJobsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.env.demoTemplatesEnabled) return;
    for (const id of [EXAMPLE_RENDER_JOB_ID, EXAMPLE_DELETED_RENDER_JOB_ID]) await this.createDemoJob(id);
  }

  private async createDemoJob(id: string): Promise<void> {
    if (await this.exists(id)) return;
    try {
      const body = plainToInstance(CreateRenderJobDto, DEMO_RENDER_JOB);
      await this.jobs.create(body, { caller: DEVELOPMENT_SUBJECT }, id);
    } catch (error) {
      // Another replica starting at the same moment created it.
      if (!isUniqueViolation(error)) throw error;
    }
    const deadline = Date.now() + DEMO_JOB_WAIT_MS;
    while (Date.now() < deadline) {
      const job = await this.jobs.get(id, DEVELOPMENT_SUBJECT);
      if (job.finishedAt !== null) {
        this.logger.log({ msg: 'Demo render job ready', job: job.id, state: job.state });
        return;
      }
      await sleep(100);
    }
    this.logger.warn({ msg: 'Demo render job still running', job: id });
  }

  private async exists(id: string): Promise<boolean> {
    try {
      await this.jobs.get(id, DEVELOPMENT_SUBJECT);
      return true;
    } catch (error) {
      if (error instanceof NotFoundError) return false;
      throw error;
    }
  }
}
