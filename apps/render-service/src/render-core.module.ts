import { type DynamicModule, Global, Module } from '@nestjs/common';

import { RenderEnvironment } from './render-environment';
import { RenderPool } from './rendering/render-pool';
import {
  LocalTemplateInvalidation,
  RedisTemplateInvalidation,
  TEMPLATE_INVALIDATION,
  type TemplateInvalidation,
} from './templates/template-invalidation';

/** What the feature modules share: the environment, the worker pool, the invalidation channel. */
@Global()
@Module({})
export class RenderCoreModule {
  static forRoot(env: RenderEnvironment): DynamicModule {
    return {
      module: RenderCoreModule,
      providers: [
        { provide: RenderEnvironment, useValue: env },
        {
          provide: RenderPool,
          useFactory: () =>
            new RenderPool({
              workers: env.RENDER_WORKERS,
              queueLimit: env.RENDER_QUEUE_LIMIT,
              timeoutMs: env.RENDER_TIMEOUT_MS,
              workerHeapMb: env.RENDER_WORKER_HEAP_MB,
              workerYoungGenerationMb: env.RENDER_WORKER_YOUNG_GENERATION_MB,
              fontsDir: env.FONTS_DIR,
              outputLimits: { textBytes: env.RENDER_MAX_OUTPUT_BYTES, pdfBytes: env.RENDER_MAX_PDF_BYTES },
            }),
        },
        {
          provide: TEMPLATE_INVALIDATION,
          useFactory: (): TemplateInvalidation => {
            const channel = `render-service:${env.TENANT}:template-invalidated`;
            return env.REDIS_URL
              ? new RedisTemplateInvalidation(env.REDIS_URL, channel)
              : new LocalTemplateInvalidation(channel);
          },
        },
      ],
      exports: [RenderEnvironment, RenderPool, TEMPLATE_INVALIDATION],
    };
  }
}
