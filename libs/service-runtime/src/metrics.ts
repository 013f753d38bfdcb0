import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** One Prometheus registry per application instance (tests run several in one process). */
export class MetricsRegistry extends Registry {
  readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this],
  });

  readonly durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this],
  });

  constructor(service: string) {
    super();
    this.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this });
  }
}

/** Counts and times every response by its route template (never the raw URL: bounded labels). */
export function registerRequestMetrics(fastify: FastifyInstance, metrics: MetricsRegistry): void {
  fastify.addHook('onResponse', function countRequestOnResponse(request, reply, done) {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    metrics.requests.inc(labels);
    metrics.durations.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
