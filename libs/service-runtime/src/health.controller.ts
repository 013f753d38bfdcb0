import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DataSource } from 'typeorm';

import { Public } from '@portal/auth';
import { ServiceUnavailableError } from '@portal/problem-details';

import { SHUTDOWN_RETRY_AFTER_SECONDS } from './graceful-shutdown';
import { MetricsRegistry } from './metrics';
import { SkipRateLimit } from './rate-limit.guard';
import { ServiceLifecycle } from './service-lifecycle';

const DATABASE_CHECK_TIMEOUT_MS = 2000;

@ApiExcludeController()
@Public()
@SkipRateLimit()
@Controller()
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(MetricsRegistry) private readonly metrics: MetricsRegistry,
    @Inject(ServiceLifecycle) private readonly lifecycle: ServiceLifecycle,
  ) {}

  @Get('health/live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /**
   * The pod's own state, not its dependencies': ready once started (the server listens only after
   * start-up), not ready once stopping. A database outage leaves every pod in the Service, so that
   * clients get the service's own 503 problem with Retry-After rather than an ingress error.
   */
  @Get('health/ready')
  ready(): { status: 'ok' } {
    // A stopping pod leaves the Service's endpoints at once; it still serves what reaches it.
    if (this.lifecycle.stopping)
      throw new ServiceUnavailableError(
        'This instance is stopping.',
        'SERVICE.STOPPING',
        SHUTDOWN_RETRY_AFTER_SECONDS,
        false,
      );
    return { status: 'ok' };
  }

  /** The details for monitoring, never a probe: whether the service reaches its database. */
  @Get('health')
  async details(): Promise<{ status: 'ok'; checks: { database: 'up' } }> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), DATABASE_CHECK_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.dataSource.query('SELECT 1'), timeout]);
    } catch {
      throw new ServiceUnavailableError('The database is not reachable.', 'HEALTH.DATABASE_DOWN');
    } finally {
      clearTimeout(timer);
    }
    return { status: 'ok', checks: { database: 'up' } };
  }

  @Get('metrics')
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  metricsText(): Promise<string> {
    return this.metrics.metrics();
  }
}
