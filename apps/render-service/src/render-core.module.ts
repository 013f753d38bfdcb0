import { type DynamicModule, Global, Module } from '@nestjs/common';

import { BrandingCache } from './branding/branding-cache';
import {
  BRANDING_STORE,
  type BrandingStore,
  LocalBrandingStore,
  RedisBrandingStore,
} from './branding/branding-store';
import { BrandingService } from './branding/branding.service';
import { type BrandingSource, ConfigBrandingSource } from './branding/config-branding-source';
import { LogoFetcher, type LogoFetcherOptions } from './branding/logo-fetcher';
import type { OutboundTestSeams } from './outbound/public-https';
import { RenderPool } from './pool/render-pool';
import { RenderEnvironment } from './render-environment';
import {
  LocalTemplateInvalidation,
  RedisTemplateInvalidation,
  TEMPLATE_INVALIDATION,
  type TemplateInvalidation,
} from './templates/template-invalidation';

/**
 * What tests change of the service beyond its environment: a logo server of their own (its
 * certificate authority, its loopback address, its names). Never read from the environment.
 */
export interface RenderTestSeams {
  readonly logos?: Pick<LogoFetcherOptions, 'ca' | 'resolve' | 'allowAddress'>;
  /** config-service as a test scripts it, where a test has no config-service to run. */
  readonly brandingSource?: BrandingSource;
  /** The clock of the branding cache, so that a test need not wait 60 s for a revalidation. */
  readonly brandingNow?: () => number;
  /** A callback receiver of the test's own (its certificate authority, its loopback address). */
  readonly callbacks?: OutboundTestSeams;
}

/**
 * What the feature modules share: the environment, the worker pool, the invalidation channel,
 * the brandings read from config-service.
 */
@Global()
@Module({})
export class RenderCoreModule {
  static forRoot(env: RenderEnvironment, seams: RenderTestSeams = {}): DynamicModule {
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
              queueWaitMs: env.RENDER_QUEUE_WAIT_MS,
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
        {
          provide: BRANDING_STORE,
          useFactory: (): BrandingStore =>
            env.REDIS_URL
              ? new RedisBrandingStore(env.REDIS_URL, `render-service:${env.TENANT}:branding:`)
              : new LocalBrandingStore(),
        },
        {
          provide: BrandingCache,
          useFactory: (store: BrandingStore) =>
            new BrandingCache(
              seams.brandingSource ?? new ConfigBrandingSource(env.CONFIG_SERVICE_URL, env.TENANT),
              store,
              seams.brandingNow,
            ),
          inject: [BRANDING_STORE],
        },
        {
          provide: LogoFetcher,
          useFactory: () =>
            new LogoFetcher({ hosts: env.imageHosts, ...seams.logos, now: seams.brandingNow }),
        },
        {
          provide: BrandingService,
          useFactory: (cache: BrandingCache, logos: LogoFetcher, store: BrandingStore) =>
            new BrandingService(cache, logos, store),
          inject: [BrandingCache, LogoFetcher, BRANDING_STORE],
        },
      ],
      exports: [RenderEnvironment, RenderPool, TEMPLATE_INVALIDATION, BrandingService],
    };
  }
}
