import type { IncomingMessage } from 'node:http';

import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { getRPCMetadata, RPCType, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { type Instrumentation, registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME, ATTR_URL_QUERY } from '@opentelemetry/semantic-conventions';
import type { FastifyInstance } from 'fastify';

/** Routes a probe or a scraper calls every few seconds: no span, nothing to follow there. */
const UNTRACED_PATHS = new Set(['/health/live', '/health/ready', '/metrics']);

/** How long a stop waits for the last spans to leave (OTLP's own timeout is 10 s). */
export const TRACE_FLUSH_MS = 2000;

/** The variables that decide where spans go; set, spans are exported, unset, nothing is. */
const ENDPOINT_VARIABLES = ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'] as const;

/** OTEL_TRACES_SAMPLER's values, as the OpenTelemetry specification names them. */
const SAMPLERS: Record<string, (ratio: number) => Sampler> = {
  always_on: () => new AlwaysOnSampler(),
  always_off: () => new AlwaysOffSampler(),
  traceidratio: (ratio) => new TraceIdRatioBasedSampler(ratio),
  parentbased_always_on: () => new ParentBasedSampler({ root: new AlwaysOnSampler() }),
  parentbased_always_off: () => new ParentBasedSampler({ root: new AlwaysOffSampler() }),
  parentbased_traceidratio: (ratio) => new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) }),
};

/** An OTEL_* variable the service cannot follow; it refuses to start, as for its own variables. */
export class InvalidTracingEnvironmentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidTracingEnvironmentError';
  }
}

/** Whether spans are exported: an OTLP endpoint is set. */
export function exportsTraces(env: NodeJS.ProcessEnv): boolean {
  return ENDPOINT_VARIABLES.some((name) => (env[name] ?? '').trim() !== '');
}

/**
 * OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG as the specification reads them; unset, the
 * SDK's default, `parentbased_always_on`: a caller's sampling decision is followed.
 */
export function samplerOf(env: NodeJS.ProcessEnv): Sampler {
  const name = (env['OTEL_TRACES_SAMPLER'] ?? '').trim() || 'parentbased_always_on';
  const sampler = SAMPLERS[name];
  if (!sampler)
    throw new InvalidTracingEnvironmentError(
      `OTEL_TRACES_SAMPLER=${name} is not one of ${Object.keys(SAMPLERS).join(', ')}.`,
    );
  const argument = (env['OTEL_TRACES_SAMPLER_ARG'] ?? '').trim();
  const ratio = argument === '' ? 1 : Number(argument);
  if (!(ratio >= 0 && ratio <= 1))
    throw new InvalidTracingEnvironmentError(
      `OTEL_TRACES_SAMPLER_ARG=${argument} is not a ratio from 0 to 1.`,
    );
  return sampler(ratio);
}

/**
 * A query's values never leave in a span (a citizen portal's searches carry e-mail addresses and
 * AHV numbers): `EmailContains=REDACTED&PageSize=REDACTED`, as the logs give names only.
 */
export function redactedQuery(url: string | undefined): string | undefined {
  const start = url?.indexOf('?') ?? -1;
  if (url === undefined || start < 0) return undefined;
  const names = new Set<string>();
  for (const [name] of new URLSearchParams(url.slice(start + 1))) names.add(encodeURIComponent(name));
  return [...names].map((name) => `${name}=REDACTED`).join('&');
}

/** Spans of the requests served, the calls made, the queries and the Redis commands. */
function exportingInstrumentations(): Instrumentation[] {
  return [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (request: IncomingMessage) =>
        UNTRACED_PATHS.has((request.url ?? '').split('?', 1)[0]),
      startIncomingSpanHook: (request: IncomingMessage) => {
        const query = redactedQuery(request.url);
        return query === undefined ? {} : { [ATTR_URL_QUERY]: query };
      },
    }),
    // fetch() (Node's undici): the branding read of render-service from config-service.
    new UndiciInstrumentation(),
    // Queries and Redis commands of a request; a background round's own are not followed.
    new PgInstrumentation({ requireParentSpan: true }),
    // The command's name only: keys and arguments name callers (rate limit keys, job ids).
    new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
  ];
}

/**
 * Calls made (http, https, fetch) without a tracer provider: their spans record nothing, but
 * they send on the `traceparent` of the request that makes them. registerTraceContext takes it in:
 * the HTTP server instrumentation, which does it too, cost a read some 70 µs of CPU (bench:config).
 */
function propagatingInstrumentations(): Instrumentation[] {
  return [
    new HttpInstrumentation({ disableIncomingRequestInstrumentation: true }),
    new UndiciInstrumentation(),
  ];
}

let provider: TracerProvider | undefined;

/**
 * Traces for the service, called before anything it traces is loaded (instrumentations patch
 * modules as they are required): W3C `traceparent` and `tracestate` are always taken in and sent
 * on; spans are exported over OTLP/HTTP only when OTEL_EXPORTER_OTLP_ENDPOINT (or the traces'
 * own endpoint) is set. OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES name the service when set.
 */
export function startTracing(serviceName: string, env: NodeJS.ProcessEnv = process.env): void {
  let sampler: Sampler;
  try {
    sampler = samplerOf(env);
  } catch (error) {
    if (!(error instanceof InvalidTracingEnvironmentError)) throw error;
    process.stderr.write(`${serviceName}: ${error.message}\n`);
    process.exit(1);
  }
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  if (!exportsTraces(env)) {
    registerInstrumentations({ instrumentations: propagatingInstrumentations() });
    return;
  }
  provider = new TracerProvider({
    resource: defaultResource()
      .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }))
      .merge(detectResources({ detectors: [envDetector] })),
    sampler,
    // The exporter reads OTEL_EXPORTER_OTLP_* itself (endpoint, headers, timeout, compression).
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  trace.setGlobalTracerProvider(provider);
  registerInstrumentations({ tracerProvider: provider, instrumentations: exportingInstrumentations() });
}

/** Sends the spans still held and stops exporting (a stop's last step); at most TRACE_FLUSH_MS. */
export async function stopTracing(): Promise<void> {
  if (!provider) return;
  const stopping = provider.shutdown();
  provider = undefined;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, TRACE_FLUSH_MS)));
  await Promise.race([stopping.catch(() => undefined), late]);
  clearTimeout(timer);
}

/**
 * Each request's trace context, an `onRequest` hook before those that read it. Exporting, the HTTP
 * instrumentation has begun the request's span from its `traceparent`: the span is named by its
 * route template (`GET /demo/v10-0/ui-templates/:uiTemplateName/branding`, `http.route`), as the
 * metrics and logs name it. Not exporting, the request's `traceparent` and `tracestate` become
 * the context the rest of the request runs in, so that its calls send them on and its logs carry
 * the trace id.
 */
export function registerTraceContext(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', function traceContextOnRequest(request, _reply, done) {
    if (provider !== undefined) {
      const metadata = getRPCMetadata(context.active());
      const route = request.routeOptions.url;
      if (metadata?.type === RPCType.HTTP && route !== undefined) metadata.route = route;
      done();
    } else if (request.headers.traceparent !== undefined) {
      context.with(propagation.extract(context.active(), request.headers), done);
    } else {
      done();
    }
  });
}
