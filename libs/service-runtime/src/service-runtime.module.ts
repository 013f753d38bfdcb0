import { type DynamicModule, Module } from '@nestjs/common';

import { HealthController } from './health.controller';
import { MetricsRegistry } from './metrics';

/**
 * Health and metrics routes, outside the tenant prefix and without authentication (contract 1).
 * Global: a service's own components register their metrics on its MetricsRegistry.
 */
@Module({})
export class ServiceRuntimeModule {
  static forRoot(service: string): DynamicModule {
    return {
      module: ServiceRuntimeModule,
      controllers: [HealthController],
      providers: [{ provide: MetricsRegistry, useFactory: () => new MetricsRegistry(service) }],
      exports: [MetricsRegistry],
      global: true,
    };
  }
}

/** Routes the tenant prefix does not apply to. */
export const UNPREFIXED_ROUTES = ['health/live', 'health/ready', 'metrics'];
