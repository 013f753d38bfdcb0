import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DataSource } from 'typeorm';

import { Public } from '@portal/auth';
import { ServiceUnavailableError } from '@portal/problem-details';

import { SHUTDOWN_RETRY_AFTER_SECONDS } from './graceful-shutdown';
import { MetricsRegistry } from './metrics';
import { SkipRateLimit } from './rate-limit.guard';
import { ServiceLifecycle } from './service-lifecycle';

const READINESS_TIMEOUT_MS = 2000;

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

  @Get('health/ready')
  async ready(): Promise<{ status: 'ok'; checks: { database: 'up' } }> {
    // A stopping pod leaves the Service's endpoints at once; it still serves what reaches it.
    if (this.lifecycle.stopping)
      throw new ServiceUnavailableError(
        'This instance is stopping.',
        'SERVICE.STOPPING',
        SHUTDOWN_RETRY_AFTER_SECONDS,
        false,
      );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), READINESS_TIMEOUT_MS);
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
