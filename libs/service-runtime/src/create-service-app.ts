import type { TLSSocket } from 'node:tls';

import { type DynamicModule } from '@nestjs/common';
import { NestFactory, Reflector } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';

import { relaxProjectedResponses } from '@portal/access-level';
import { AuditInterceptor, auditWriteRoutes } from '@portal/audit';
import { AuthGuard, JwtVerifier } from '@portal/auth';
import { runPendingMigrations } from '@portal/database';
import {
  CORRELATION_HEADER,
  correlationIdOf,
  integerHeader,
  PinoNestLogger,
  registerCreatedLocation,
  registerJsonBodyParser,
  registerRequestContext,
  registerRequestLogging,
  RequestValidationPipe,
  StrictInputGuard,
  stringHeader,
} from '@portal/http-context';
import {
  answerClientError,
  type ErrorTranslator,
  PROBLEM_CONTENT_TYPE,
  ProblemDetailsFilter,
  problemResponse,
  problemSchema,
  ProblemRenderer,
} from '@portal/problem-details';
import { registerTraceContext } from '@portal/tracing';

import { registerBodyBudget } from './body-budget';
import { callerCountStoreOf } from './caller-count-store';
import { CallerLimits, streamsForPool } from './caller-limits';
import { CallerLimitsGuard } from './caller-limits.guard';
import { registerRouteBodyLimits } from './body-limit';
import { JSON_BODY_MEDIA_TYPES, registerBodyMediaTypes } from './body-media-type';
import { corsOriginsOf, enableCors, refuseForeignPreflights } from './cors';
import { MetricsRegistry, registerRequestMetrics } from './metrics';
import { trackRequests } from './graceful-shutdown';
import { DEFAULT_RATE_LIMIT_POLICY, type RateLimitPolicy } from './rate-limit.guard';
import { toOpenApi31 } from './openapi-3-1';
import { rawAnswerSecurityHeaders, registerSecurityHeaders } from './security-headers';
import { applyVersionExamples, type VersionExampleValues } from './version-examples';
import { authOptionsOf, type ServiceEnvironment } from './service-environment';
import { ServiceLifecycle } from './service-lifecycle';
import { trustedProxiesOf } from './trusted-proxies';
import { UNPREFIXED_ROUTES } from './service-runtime.module';

export interface ServiceDescription {
  /** `config-service`: names logs, metrics and the migrations lock. */
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly version: string;
  /** Contract 5: 1 MiB, render 10 MiB. */
  readonly bodyLimitBytes: number;
  /**
   * The most JSON values (array items and object members) a body may hold, past it a 413: what
   * its parsed value may take of the heap (PARSED_BYTES_PER_ELEMENT each) with room for others.
   */
  readonly bodyLimitElements: number;
  /** The OpenAPI tags in the order Swagger UI shows them, each with what sets it apart. */
  readonly tags?: readonly { readonly name: string; readonly description: string }[];
  /**
   * The longest path parameter, in UTF-16 code units after decoding (Fastify's `maxParamLength`,
   * default 100); longer ones are a 414 problem. A name of 100 emoji is 200 code units.
   */
  readonly maxPathParameterLength?: number;
  /** The API versions below the tenant (`v10-0`), newest first: a 404 beside them names them. */
  readonly apiVersions?: readonly string[];
  /**
   * The port the service listens on by default (its PORT default): the document's concrete
   * server, `http://localhost:<port>/<tenant>`, is what a newcomer's `npm start` serves.
   */
  readonly defaultPort: number;
  /** The example values of a version's operations that differ from the shared ones (applyVersionExamples). */
  readonly versionExamples?: VersionExampleValues;
}

/** Fastify's default `maxParamLength`. */
const DEFAULT_MAX_PATH_PARAMETER_LENGTH = 100;

export interface CreateServiceAppOptions {
  readonly service: ServiceDescription;
  readonly module: DynamicModule;
  readonly env: ServiceEnvironment;
  readonly logger: Logger;
  readonly errorTranslators?: readonly ErrorTranslator[];
  /** Media types parsed as JSON bodies; default JSON and merge-patch, each route accepting its own (@BodyMediaType). */
  readonly jsonMediaTypes?: string[];
  /** Rate limit policies besides the default one of RATE_LIMIT_*, by the name routes give @RateLimit. */
  readonly rateLimitPolicies?: Readonly<Record<string, RateLimitPolicy>>;
  /** Extra Fastify set-up. */
  readonly configureFastify?: (fastify: FastifyInstance) => void;
}

/**
 * Builds a service the one way every service is built: Fastify, correlation ids, structured logs,
 * metrics, the auth guard, the validation pipe, pagination, problem details and the docs; then
 * applies pending migrations unless MIGRATIONS_RUN=false. The caller decides where to listen.
 */
export async function createServiceApp(options: CreateServiceAppOptions): Promise<NestFastifyApplication> {
  const { service, env, logger } = options;
  const nestLogger = new PinoNestLogger(logger);
  const answerHeaders = rawAnswerSecurityHeaders(false);
  const tlsAnswerHeaders = rawAnswerSecurityHeaders(true);
  const renderer = new ProblemRenderer(options.errorTranslators ?? [], nestLogger, {
    tenant: env.TENANT,
    versions: service.apiVersions,
  });
  const adapter = new FastifyAdapter({
    bodyLimit: service.bodyLimitBytes,
    keepAliveTimeout: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    // Read: ~2 µs, the id sent checked or a UUID made; every response carries one (contract 4).
    genReqId: correlationIdOf,
    logger: false,
    trustProxy: trustedProxiesOf(env.TRUSTED_PROXIES),
    routerOptions: { maxParamLength: service.maxPathParameterLength ?? DEFAULT_MAX_PATH_PARAMETER_LENGTH },
    // Oversized headers and malformed requests never reach routing: answered as problems too.
    clientErrorHandler: (error, socket) =>
      answerClientError(error, socket, (socket as TLSSocket).encrypted ? tlsAnswerHeaders : answerHeaders),
    // Malformed paths and over-long path parameters are answered before routing, still as problems.
    frameworkErrors: (error: Error, request: FastifyRequest, reply: FastifyReply) => {
      void reply.header(CORRELATION_HEADER, String(request.id));
      renderer.send(error, request, reply);
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(options.module, adapter, {
    logger: nestLogger,
    abortOnError: false,
    // Only the JSON parser of registerJsonBodyParser: other media types are 415 (contract 5).
    bodyParser: false,
  });

  // The boundary, in the order a request meets it. Each hook, pipe, guard and interceptor says what
  // a read pays for it (µs of main-thread CPU per read by name, `npm run profile:config`, README
  // "Benchmarks") and why a read needs it.
  // Read: ~3 µs, an origin check and Vary (a public route: a hook of its own, no Vary); a page on
  // another origin reads only what CORS lets it.
  const corsOrigins = corsOriginsOf(env.CORS_ORIGINS, env.NODE_ENV);
  await enableCors(app, corsOrigins);
  const fastify = app.getHttpAdapter().getInstance();
  // Read: ~10 µs, ten constant headers and a policy by type; no read is sniffed, framed or cached.
  registerSecurityHeaders(fastify);
  // Read: nothing (applied to the routes at start-up).
  registerRouteBodyLimits(fastify);
  // Read: nothing (GET and HEAD routes get no hook).
  registerBodyMediaTypes(fastify);
  // Read: under 1 µs without `traceparent`, a few with it (the read then runs in its trace's context);
  // its calls send its trace on, its span (when exported) is named by its route template.
  registerTraceContext(fastify);
  // Read: ~2 µs, ~17 µs more for AsyncLocalStorage's promise hooks; its logs carry its correlation id
  // and trace id.
  registerRequestContext(fastify);
  // Read: nothing (an OPTIONS with Origin only); a page on an origin not allowed is told so, a 403.
  refuseForeignPreflights(fastify, corsOrigins, renderer);
  // Read: ~2 µs, a map entry, a count on the socket, a close listener and an onSend flag test; a
  // stopping replica lets the read finish and closes its connection after the last answer.
  trackRequests(fastify, app.get(ServiceLifecycle), renderer);
  // Read: under 1 µs, a Content-Length of none; reserves only what a body may take.
  const bodyBudget = registerBodyBudget(fastify, renderer, env.MAX_BODY_BYTES_IN_FLIGHT);
  // Read: nothing (a GET has no body); a write's body is measured (values, depth) and admitted to
  // the budget before JSON.parse builds it.
  registerJsonBodyParser(fastify, {
    mediaTypes: options.jsonMediaTypes ?? JSON_BODY_MEDIA_TYPES,
    maxElements: service.bodyLimitElements,
    admit: bodyBudget.admit,
  });
  // Read: ~40 µs for its JSON line at LOG_LEVEL=info (none at warn); operators follow each request.
  registerRequestLogging(fastify, logger);
  // Read: ~11 µs, a counter and a histogram by route template; the service's rate and latency.
  registerRequestMetrics(fastify, app.get(MetricsRegistry));
  // Read: under 1 µs, a status compared; every 201 names the created resource's URL (Location).
  registerCreatedLocation(fastify);
  options.configureFastify?.(fastify);

  // Read: nothing unless the read fails; every error leaves as a problem (RFC 9457).
  app.useGlobalFilters(new ProblemDetailsFilter(renderer));
  // Read: under 1 µs on a path parameter, returned as it is; a read's query DTO is validated.
  app.useGlobalPipes(new RequestValidationPipe());
  const callerCounts = callerCountStoreOf(service.name, env, logger);
  fastify.addHook('onClose', () => callerCounts.close());
  const callerLimits = new CallerLimits({
    maxRequestsPerCaller: env.MAX_CONCURRENT_PER_CALLER,
    maxStreamsPerCaller: env.MAX_STREAMS_PER_CALLER,
    maxStreams: streamsForPool(env.DATABASE_POOL_SIZE),
  });
  // In this order: the limits count the caller the auth guard has verified.
  app.useGlobalGuards(
    // Read: ~7 µs, a look-up of the token verified before; every route needs a token and a role.
    new AuthGuard(app.get(Reflector), new JwtVerifier(authOptionsOf(env))),
    // Read: ~10 µs, counters per caller, a close listener and seven headers (Redis: one round trip
    // for the rate and the requests in flight the replicas share); one caller cannot take the pool.
    new CallerLimitsGuard(app.get(Reflector), {
      limits: callerLimits,
      store: callerCounts,
      policies: {
        [DEFAULT_RATE_LIMIT_POLICY]: {
          perMinute: env.RATE_LIMIT_PER_MINUTE,
          burstPerSecond: env.RATE_LIMIT_BURST,
        },
        ...options.rateLimitPolicies,
      },
      writeDeadlineMs: env.STREAM_WRITE_DEADLINE_MS,
    }),
    // Read: ~1.5 µs, a set look-up per query parameter; v10-0 refuses what an operation does not know.
    new StrictInputGuard(),
  );
  // Read: nothing, a read runs no interceptor; after the guards, describes each write for its audit.
  auditWriteRoutes(app, new AuditInterceptor(app.get(Reflector), app.get(DataSource)));
  app.setGlobalPrefix(env.TENANT, { exclude: UNPREFIXED_ROUTES });

  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app, service, env.TENANT), {
    jsonDocumentUrl: 'docs-json',
  });

  if (env.MIGRATIONS_RUN)
    await runPendingMigrations(app.get(DataSource), `${service.name}:migrations`, nestLogger);
  return app;
}

/**
 * The service's OpenAPI document. Paths are written from the version segment on (`/v10-0/...`);
 * the tenant segment is the `{tenant}` variable of the one server, `/{tenant}`, whose default is
 * the deployment's TENANT. The server URL is relative, so Swagger UI at `/docs` sends its requests
 * to the service that served it. Published as OpenAPI 3.1 (toOpenApi31), projected responses with
 * only `id` required (relaxProjectedResponses).
 */
export function buildOpenApiDocument(
  app: NestFastifyApplication,
  service: ServiceDescription,
  tenant: string,
): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle(service.title)
    .setDescription(service.description)
    .setVersion(service.version)
    .addServer('/{tenant}', "This service; `tenant` is the deployment's TENANT, any other tenant is a 404.", {
      tenant: { default: tenant, description: 'The tenant path segment (TENANT).' },
    })
    // A concrete URL beside it, for tools that route by a server's full URL (a validating proxy,
    // a mock server, a client generator): the service as `npm start` serves it.
    .addServer(
      `http://localhost:${service.defaultPort}/${tenant}`,
      `This service as \`npm start\` serves it (default PORT ${service.defaultPort}, TENANT ${tenant}).`,
    )
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .addSecurityRequirements('bearer');
  for (const tag of service.tags ?? []) builder.addTag(tag.name, tag.description);
  return toOpenApi31(
    relaxProjectedResponses(
      shareProblemResponses(
        documentCommaArrays(
          addHeadOperations(
            applyVersionExamples(
              SwaggerModule.createDocument(app, builder.build(), { ignoreGlobalPrefix: true }),
              service.versionExamples ?? {},
            ),
          ),
        ),
        service.maxPathParameterLength ?? DEFAULT_MAX_PATH_PARAMETER_LENGTH,
      ),
    ),
  );
}

/**
 * A HEAD operation beside every GET that has none: Fastify answers HEAD on every GET route (the
 * GET's headers, no body), so the document lists it, with the GET's parameters and statuses and
 * no response bodies. An explicit `@Head()` (profiles' count) keeps its own operation.
 */
function addHeadOperations(document: OpenAPIObject): OpenAPIObject {
  for (const [path, item] of Object.entries(document.paths)) {
    const get = item.get;
    if (!get || item.head) continue;
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(get.responses) as [string, object][]) {
      if ('$ref' in response) responses[status] = response;
      else {
        const { content: _content, ...withoutBody } = response as { content?: unknown };
        responses[status] = withoutBody;
      }
    }
    const head = {
      ...get,
      ...(get.operationId ? { operationId: `${get.operationId}_head` } : {}),
      summary: `${get.summary ?? 'Read'}: the headers alone`,
      description: 'The GET of the same path, answered with its status and headers and no body.',
      responses,
    } as typeof get;
    // Right after its GET, so that in document order it reads what the GET read, before any write.
    document.paths[path] = Object.fromEntries(
      Object.entries(item).flatMap(([key, value]) =>
        key === 'get'
          ? [
              [key, value],
              ['head', head],
            ]
          : [[key, value]],
      ),
    );
  }
  return document;
}

/**
 * Every array query parameter (`Expand`, `Select`, `Ids`, ...) is read comma-separated
 * (`Expand=Person,Organization`, QueryArray) as well as repeated: the document gives the comma
 * form (`style: form, explode: false`), which validating proxies and Swagger UI then send and
 * split; the repeated form stays accepted (its description says so).
 */
function documentCommaArrays(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    for (const method of OPERATION_METHODS) {
      for (const parameter of item[method]?.parameters ?? []) {
        if ('$ref' in parameter || parameter.in !== 'query') continue;
        const schema = parameter.schema;
        if (!schema || '$ref' in schema || schema.type !== 'array') continue;
        parameter.style = 'form';
        parameter.explode = false;
        if (!/comma-separated/i.test(parameter.description ?? ''))
          parameter.description =
            `${parameter.description ?? ''} Comma-separated (\`a,b\`) or repeated.`.trim();
      }
    }
  }
  return document;
}

const OPERATION_METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete'] as const;

/** Every 201 carries it (registerCreatedLocation). */
const CREATED_LOCATION_HEADER = stringHeader(
  "The created resource's URL path, tenant and version included (`/demo/v10-0/clients/7`): where to read it.",
);

/**
 * The problem responses of the document, each once under `components/responses` and referred to
 * by the operations: every operation is rate limited and bounded in flight per caller
 * (CallerLimitsGuard), so each gets the shared `TooManyRequests` unless it documents its
 * own 429; each can meet a database or identity-provider outage, a full instance or a stopping
 * replica (the shared `ServiceUnavailable` 503) or a fault of the service (`InternalServerError`,
 * 500); one with a path parameter gets `PathParameterTooLong` (414, Fastify's maxParamLength).
 * A problem response an operation documents as `ApiProblemResponses` writes it
 * (`problemResponse`) becomes a reference to `Problem<status>` (written out in each of some 700
 * operation responses, they made the profile document 2 MB). Every 201 gets the `Location` header.
 */
function shareProblemResponses(document: OpenAPIObject, maxPathParameterLength: number): OpenAPIObject {
  const responses: Record<string, unknown> = {
    ...document.components?.responses,
    TooManyRequests: {
      description:
        "Too Many Requests: the caller's rate limit is spent (RateLimit-* headers), or it has too many requests, or PageSize=-1 lists, in flight at once; retry after Retry-After.",
      headers: {
        'Retry-After': integerHeader('Seconds until the caller may send again.'),
        'RateLimit-Limit': integerHeader('Requests of the window that decides.'),
        'RateLimit-Remaining': integerHeader('Requests left in that window.'),
        'RateLimit-Reset': integerHeader('Seconds until that window starts again.'),
      },
      content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema(429) } },
    },
    PathParameterTooLong: {
      description: `URI Too Long: a path parameter is longer than ${maxPathParameterLength} UTF-16 code units after decoding.`,
      content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema(414) } },
    },
    InternalServerError: {
      description:
        "Internal Server Error: a fault of the service (say, a record that breaks the service's own integrity rules); the problem reveals nothing but its correlation id, to quote to operators.",
      content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema(500) } },
    },
    ServiceUnavailable: {
      description:
        'Service Unavailable: the database or the identity provider is out of reach or too slow, the instance has as many requests or streams as it takes, or the replica is stopping; retry after Retry-After.',
      headers: { 'Retry-After': integerHeader('Seconds until the client may try again.') },
      content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema(503) } },
    },
  };
  // Every operation can answer a validation problem: a malformed path or query (`%zz`), and on
  // v10-0 a query parameter it does not know (strict input, contract 4).
  responses['Problem400'] ??= problemResponse(400);
  // And any request's headers can be too large (contract 5), whatever the operation.
  responses['Problem431'] ??= problemResponse(431);
  for (const path of Object.values(document.paths)) {
    for (const method of OPERATION_METHODS) {
      const operation = path[method];
      if (!operation) continue;
      for (const [status, response] of Object.entries(operation.responses)) {
        const statusCode = Number(status);
        if (!(statusCode >= 400) || JSON.stringify(response) !== JSON.stringify(problemResponse(statusCode)))
          continue;
        responses[`Problem${status}`] = problemResponse(statusCode);
        operation.responses[status] = { $ref: `#/components/responses/Problem${status}` };
      }
      operation.responses['400'] ??= { $ref: '#/components/responses/Problem400' };
      operation.responses['429'] ??= { $ref: '#/components/responses/TooManyRequests' };
      operation.responses['431'] ??= { $ref: '#/components/responses/Problem431' };
      const created = operation.responses['201'] as { headers?: Record<string, unknown> } | undefined;
      if (created) created.headers = { ...created.headers, Location: CREATED_LOCATION_HEADER };
      if (operation.parameters?.some((parameter) => 'in' in parameter && parameter.in === 'path'))
        operation.responses['414'] ??= { $ref: '#/components/responses/PathParameterTooLong' };
      operation.responses['500'] ??= { $ref: '#/components/responses/InternalServerError' };
      operation.responses['503'] ??= { $ref: '#/components/responses/ServiceUnavailable' };
    }
  }
  document.components = { ...document.components, responses: responses as never };
  return document;
}
