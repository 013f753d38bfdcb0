import { HttpException, type LoggerService } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

import {
  ConflictError,
  DomainError,
  ServiceUnavailableError,
  TooManyRequestsError,
  ValidationProblemError,
} from './domain-error';
import { echoInput } from './caller-input';
import { describeStatus, PROBLEM_CONTENT_TYPE, type ProblemDocument } from './problem';

/** Turns an error of a lower layer (a database driver, say) into a domain error, or passes. */
export type ErrorTranslator = (error: unknown) => DomainError | undefined;

interface FastifyErrorLike {
  statusCode: number;
  code?: string;
  message: string;
}

/** Client errors Fastify raises itself (their messages are Fastify's own, never the app's). */
function isFastifyClientError(error: unknown): error is FastifyErrorLike {
  const { statusCode, code } = (error ?? {}) as { statusCode?: unknown; code?: unknown };
  const isFastify = (typeof code === 'string' && code.startsWith('FST_')) || error instanceof SyntaxError;
  return (
    isFastify &&
    error instanceof Error &&
    typeof statusCode === 'number' &&
    statusCode >= 400 &&
    statusCode < 500
  );
}

/**
 * Errors raised by Fastify itself before a handler runs: body parsing, size and media type. Its
 * other messages may repeat the request (`'%E0' is not a valid url component`): at most 200
 * characters of it (contract 5).
 */
function fromFastifyError(error: FastifyErrorLike): {
  status: number;
  detail: string;
  errors?: Record<string, string[]>;
} {
  const isJsonError = error instanceof SyntaxError || /JSON/i.test(error.code ?? '');
  if (error.statusCode === 400 && isJsonError) {
    const detail =
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'The JSON body is empty.'
        : 'The body is not valid JSON.';
    return { status: 400, detail, errors: { $: [detail] } };
  }
  switch (error.statusCode) {
    case 413:
      return { status: 413, detail: 'The request body exceeds the size limit.' };
    case 415:
      return { status: 415, detail: 'The request body has an unsupported media type.' };
    case 400: {
      const detail = echoInput(error.message);
      return { status: 400, detail, errors: { $: [detail] } };
    }
    default:
      return { status: error.statusCode, detail: echoInput(error.message) };
  }
}

export interface RenderedProblem {
  status: number;
  body: ProblemDocument;
  headers: Record<string, string>;
}

/** What an operator needs of a translated error's cause: its message, never its stack. */
const causeOf = (error: unknown): string | undefined =>
  error instanceof DomainError ? undefined : error instanceof Error ? error.message : String(error);

/** A path's version segment (`v10-0`): what tells a path meant for some tenant from any other. */
const VERSION_SEGMENT = /^v\d+-\d+$/;
/** A segment that reads as a version but is not written as one: `v10`, `V10-0`, `v10.0`, `10-0`. */
const VERSION_LIKE = /^v?\d+([-._]\d+)?$/i;

/**
 * Why no route matched a path that looks meant for this API but does not start with its base path
 * `/{tenant}/{version}`: another tenant (`/ge/v10-0/profiles` where TENANT is `demo`), no tenant
 * (`/v10-0/profiles`) or a version not written as one (`/demo/v10/profiles`). The detail names the
 * base path a caller can act on instead of Nest's `Cannot GET ...`. Undefined for any other path.
 */
function basePathDetail(path: string, tenant: string, versions: readonly string[]): string | undefined {
  const [, first, second] = path.split('/');
  if (first === undefined || first === '') return undefined;
  const bases = (versions.length > 0 ? versions : ['v10-0']).map((version) => `/${tenant}/${version}`);
  const basesText = bases.length === 1 ? bases[0] : `${bases.slice(0, -1).join(', ')} or ${bases.at(-1)}`;
  if (VERSION_SEGMENT.test(first) || (VERSION_LIKE.test(first) && first !== tenant))
    return `Paths start with the tenant and the version (${basesText}), not /${echoInput(first, 60)}.`;
  if (second === undefined) return undefined;
  if (first === tenant) {
    if (VERSION_SEGMENT.test(second) && (versions.length === 0 || versions.includes(second)))
      return undefined;
    if (!VERSION_SEGMENT.test(second) && !VERSION_LIKE.test(second)) return undefined;
    return `This service's paths start with ${basesText}, not /${tenant}/${echoInput(second, 60)}.`;
  }
  if (!VERSION_SEGMENT.test(second)) return undefined;
  return `This deployment serves the tenant '${tenant}' only: its paths start with /${tenant}/${second}, not /${echoInput(first, 60)}/${second}.`;
}

/** A problem's `instance`: the request's path, at most 200 characters of it like `detail` (contract 5). */
const instanceOf = (url: string): string => echoInput(url.split('?')[0]);

export interface ProblemRendererOptions {
  /** The deployment's tenant (TENANT), named when a path asks for another one. */
  readonly tenant?: string;
  /** The API versions the service answers (`v10-0`), named when a path has none of them. */
  readonly versions?: readonly string[];
}

/** The one mapping from any thrown value to the problem a client receives. */
export class ProblemRenderer {
  constructor(
    private readonly translators: readonly ErrorTranslator[],
    private readonly logger: LoggerService,
    private readonly options: ProblemRendererOptions = {},
  ) {}

  render(error: unknown, request: FastifyRequest): RenderedProblem {
    const correlationId = String(request.id);
    const instance = instanceOf(request.url);
    const base = (status: number, detail: string): ProblemDocument => ({
      ...describeStatus(status),
      status,
      detail,
      instance,
      correlationId,
    });

    const domainError = error instanceof DomainError ? error : this.translate(error);
    if (domainError) {
      const body: ProblemDocument = {
        ...base(domainError.status, domainError.message),
        ...domainError.extensions,
      };
      const headers: Record<string, string> = {};
      if (domainError instanceof ValidationProblemError) body.errors = domainError.errors;
      if (
        (domainError instanceof TooManyRequestsError ||
          domainError instanceof ServiceUnavailableError ||
          domainError instanceof ConflictError) &&
        domainError.retryAfterSeconds !== undefined
      )
        headers['retry-after'] = String(domainError.retryAfterSeconds);
      // The service could not do its part (its database is down, say): the operator's to know.
      if (domainError instanceof ServiceUnavailableError && domainError.concernsOperator)
        this.logger.warn(
          { msg: domainError.message, code: domainError.code, cause: causeOf(error) },
          'ProblemRenderer',
        );
      if (domainError.kind === 'unauthenticated') headers['www-authenticate'] = 'Bearer';
      return { status: domainError.status, body, headers };
    }

    if (error instanceof HttpException && error.getStatus() < 500) {
      // Raised by Nest itself (an unknown route, say); its messages carry nothing internal, but
      // may repeat the request (`Cannot GET /<the path and query>`): at most 200 characters of it.
      const status = error.getStatus();
      // No route matched (Nest's 404 handler): a path beside the base path says which one is served.
      const tenantDetail =
        status === 404 && request.routeOptions.url === undefined && this.options.tenant !== undefined
          ? basePathDetail(request.url.split('?')[0], this.options.tenant, this.options.versions ?? [])
          : undefined;
      const body = base(status, tenantDetail ?? echoInput(error.message));
      if (status === 400) body.errors = {};
      return { status, body, headers: {} };
    }

    if (isFastifyClientError(error)) {
      const { status, detail, errors } = fromFastifyError(error);
      const body = base(status, detail);
      if (errors) body.errors = errors;
      return { status, body, headers: {} };
    }

    this.logger.error(
      {
        msg: 'Unhandled error',
        err: error instanceof Error ? { message: error.message, stack: error.stack } : error,
      },
      'ProblemRenderer',
    );
    // A bare 500: nothing internal, only what lets an operator find the log line.
    return { status: 500, body: { ...describeStatus(500), status: 500, correlationId }, headers: {} };
  }

  send(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
    const { status, body, headers } = this.render(error, request);
    void reply.status(status).headers(headers).type(PROBLEM_CONTENT_TYPE).send(body);
  }

  private translate(error: unknown): DomainError | undefined {
    for (const translator of this.translators) {
      const translated = translator(error);
      if (translated) return translated;
    }
    return undefined;
  }
}
