import { type DynamicModule, Module } from '@nestjs/common';

import { MetricsRegistry, RoundLease, roundLeaseOf, ServiceLifecycle } from '@portal/service-runtime';

import type { OutboundTestSeams } from '../outbound/public-https';
import { RenderModule } from '../render/render.module';
import { RenderEnvironment } from '../render-environment';
import { DemoJobLoader } from './demo-job.loader';
import { CALLBACK_SEAMS, JobCallbacks } from './job-callbacks';
import { JobCleanup } from './job-cleanup';
import { JobItems } from './job-items';
import { JobQueues } from './job-queues';
import { JobResults } from './job-results';
import { RenderJobsController } from './render-jobs.controller';
import { RenderJobsService } from './render-jobs.service';

/**
 * Render jobs (contract 10): the API, the shared queues, the workers that render items and send
 * callbacks, the results and their cleanup. `databaseUrl`: the service's database, where the
 * queues live when there is no Redis, and whose name keeps deployments' queues apart on one Redis.
 */
@Module({})
export class RenderJobsModule {
  static register(databaseUrl: string, callbackSeams?: OutboundTestSeams): DynamicModule {
    return {
      module: RenderJobsModule,
      imports: [RenderModule],
      controllers: [RenderJobsController],
      providers: [
        {
          provide: JobQueues,
          useFactory: (env: RenderEnvironment, lifecycle: ServiceLifecycle, metrics: MetricsRegistry) => {
            const database = new URL(databaseUrl).pathname.slice(1);
            const queues = new JobQueues(
              {
                redisUrl: env.REDIS_URL,
                databaseUrl,
                prefix: `render-jobs:${env.TENANT}:${database}`,
                lockMs: env.RENDER_JOB_LOCK_MS,
              },
              lifecycle,
            );
            queues.registerMetrics(metrics);
            return queues;
          },
          inject: [RenderEnvironment, ServiceLifecycle, MetricsRegistry],
        },
        {
          provide: RoundLease,
          useFactory: (env: RenderEnvironment) => roundLeaseOf('render-service', env),
          inject: [RenderEnvironment],
        },
        ...(callbackSeams ? [{ provide: CALLBACK_SEAMS, useValue: callbackSeams }] : []),
        RenderJobsService,
        JobItems,
        JobCallbacks,
        JobResults,
        JobCleanup,
        // Last: it needs the workers above started.
        DemoJobLoader,
      ],
    };
  }
}
