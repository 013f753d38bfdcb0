import { type DynamicModule, Module } from '@nestjs/common';

import { HealthController } from './health.controller';
import { MetricsRegistry } from './metrics';
import { ServiceLifecycle } from './service-lifecycle';

/**
 * Health and metrics routes, outside the tenant prefix and without authentication (contract 1),
 * and the app's lifecycle, which any module's background work may join. Global: a service's own
 * components register their metrics on its MetricsRegistry.
 */
@Module({})
export class ServiceRuntimeModule {
  static forRoot(service: string): DynamicModule {
    return {
      module: ServiceRuntimeModule,
      global: true,
      controllers: [HealthController],
      providers: [
        { provide: MetricsRegistry, useFactory: () => new MetricsRegistry(service) },
        { provide: ServiceLifecycle, useFactory: () => new ServiceLifecycle() },
      ],
      exports: [MetricsRegistry, ServiceLifecycle],
    };
  }
}

/** Routes the tenant prefix does not apply to. */
export const UNPREFIXED_ROUTES = ['health', 'health/live', 'health/ready', 'metrics'];
