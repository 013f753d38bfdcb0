import {
  BadRequestException,
  InternalServerErrorException,
  type LoggerService,
  NotFoundException,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

import {
  type DomainError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthenticatedError,
  UnprocessableError,
  UnsupportedMediaTypeError,
  ValidationProblemError,
} from './domain-error';
import { PROBLEM_CONTENT_TYPE, PROBLEM_STATUSES } from './problem';
import { type ErrorTranslator, ProblemRenderer } from './problem-renderer';

const request = { id: 'corr-1', url: '/demo/v10-0/x?a=1', routeOptions: {} } as FastifyRequest;
/** A request no route matched (Nest's 404 handler): Fastify gives it no route URL. */
const unrouted = (url: string): FastifyRequest => ({ id: 'corr-2', url, routeOptions: {} }) as FastifyRequest;
const routed = (url: string): FastifyRequest =>
  ({ id: 'corr-3', url, routeOptions: { url: '/:tenant/v10-0/x' } }) as unknown as FastifyRequest;

const fastifyError = (message: string, statusCode: number, code?: string): Error =>
  Object.assign(new Error(message), { statusCode, code });

class DriverError extends Error {}

describe(ProblemRenderer.name, () => {
  const error = jest.fn();
  const warn = jest.fn();
  const logger: LoggerService = { log: jest.fn(), error, warn };
  const sut = new ProblemRenderer([], logger);

  describe('domain errors', () => {
    it('renders a validation problem as 400 with its errors', () => {
      const problem = new ValidationProblemError({ 'person.lastname': ['lastname is required'] });

      const { status, body, headers } = sut.render(problem, request);

      expect(status).toBe(400);
      expect(body).toEqual({
        type: PROBLEM_STATUSES[400].type,
        title: PROBLEM_STATUSES[400].title,
        status: 400,
        detail: 'The request is invalid; see errors.',
        instance: '/demo/v10-0/x',
        correlationId: 'corr-1',
        errors: { 'person.lastname': ['lastname is required'] },
      });
      expect(headers).toEqual({});
    });

    it('renders a not-found error as 404 with its message', () => {
      const { status, body } = sut.render(new NotFoundError('Profile 7 does not exist.'), request);

      expect(status).toBe(404);
      expect(body).toMatchObject({
        type: PROBLEM_STATUSES[404].type,
        title: 'Not Found',
        status: 404,
        detail: 'Profile 7 does not exist.',
        correlationId: 'corr-1',
      });
      expect(body).not.toHaveProperty('errors');
    });

    it('renders an unauthenticated error as 401 with a WWW-Authenticate challenge', () => {
      const { status, body, headers } = sut.render(
        new UnauthenticatedError('The token has expired.'),
        request,
      );

      expect(status).toBe(401);
      expect(body).toMatchObject({ status: 401, title: 'Unauthorized', detail: 'The token has expired.' });
      expect(headers).toEqual({ 'www-authenticate': 'Bearer' });
    });

    it('renders a service unavailable as 503, with Retry-After where it says when, and warns the operator', () => {
      const cause = new ServiceUnavailableError('The database is not available.', 'DATABASE.UNAVAILABLE', 2);
      const { status, body, headers } = sut.render(cause, request);

      expect(status).toBe(503);
      expect(body).toMatchObject({ status: 503, detail: 'The database is not available.' });
      expect(headers).toEqual({ 'retry-after': '2' });
      expect(warn).toHaveBeenCalledWith(
        { msg: 'The database is not available.', code: 'DATABASE.UNAVAILABLE', cause: undefined },
        'ProblemRenderer',
      );
      expect(sut.render(new ServiceUnavailableError('Stopping.'), request).headers).toEqual({});
    });

    it('renders too many requests as 429 with Retry-After', () => {
      const { status, body, headers } = sut.render(new TooManyRequestsError(30), request);

      expect(status).toBe(429);
      expect(body).toMatchObject({ status: 429, title: 'Too Many Requests' });
      expect(headers).toEqual({ 'retry-after': '30' });
    });

    it.each<[DomainError, number]>([
      [new ForbiddenError(), 403],
      [new PayloadTooLargeError(), 413],
      [new UnsupportedMediaTypeError(), 415],
      [new UnprocessableError('Cannot render.'), 422],
      [new ServiceUnavailableError('Database down.'), 503],
    ])('renders %p with status %i and the title of its status', (domainError, expected) => {
      const { status, body, headers } = sut.render(domainError, request);

      expect(status).toBe(expected);
      expect(body).toMatchObject({
        ...PROBLEM_STATUSES[expected],
        status: expected,
        detail: domainError.message,
        instance: '/demo/v10-0/x',
        correlationId: 'corr-1',
      });
      expect(headers).toEqual({});
    });

    it('adds the extensions of a domain error to the body', () => {
      const { body } = sut.render(
        new UnprocessableError('Missing fields.', 'RENDER.MISSING', { missing: ['a'] }),
        request,
      );

      expect(body['missing']).toEqual(['a']);
    });

    it('does not log client errors as errors', () => {
      sut.render(new NotFoundError('gone'), request);

      expect(error).not.toHaveBeenCalled();
    });
  });

  describe('errors of Fastify and Nest', () => {
    it('renders malformed JSON as 400 with errors under $', () => {
      const syntaxError = Object.assign(new SyntaxError('Unexpected token } in JSON at position 9'), {
        statusCode: 400,
      });

      const { status, body } = sut.render(syntaxError, request);

      expect(status).toBe(400);
      expect(body).toMatchObject({
        ...PROBLEM_STATUSES[400],
        status: 400,
        detail: 'The body is not valid JSON.',
        errors: { $: ['The body is not valid JSON.'] },
        instance: '/demo/v10-0/x',
        correlationId: 'corr-1',
      });
    });

    it('renders an empty JSON body as 400 with errors under $', () => {
      const empty = fastifyError(
        "Body cannot be empty when content-type is set to 'application/json'",
        400,
        'FST_ERR_CTP_EMPTY_JSON_BODY',
      );

      const { status, body } = sut.render(empty, request);

      expect(status).toBe(400);
      expect(body.errors).toEqual({ $: ['The JSON body is empty.'] });
    });

    it('renders a body over the size limit as 413', () => {
      const { status, body } = sut.render(
        fastifyError('Request body is too large', 413, 'FST_ERR_CTP_BODY_TOO_LARGE'),
        request,
      );

      expect(status).toBe(413);
      expect(body).toMatchObject({
        ...PROBLEM_STATUSES[413],
        status: 413,
        detail: 'The request body exceeds the size limit.',
        correlationId: 'corr-1',
      });
      expect(body).not.toHaveProperty('errors');
    });

    it('renders an unsupported media type as 415', () => {
      const { status, body } = sut.render(
        fastifyError('Unsupported Media Type: text/plain', 415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE'),
        request,
      );

      expect(status).toBe(415);
      expect(body).toMatchObject({
        ...PROBLEM_STATUSES[415],
        status: 415,
        detail: 'The request body has an unsupported media type.',
      });
    });

    it("renders Nest's NotFoundException as 404", () => {
      const { status, body } = sut.render(new NotFoundException('Cannot GET /demo/v10-0/x'), request);

      expect(status).toBe(404);
      expect(body).toMatchObject({
        ...PROBLEM_STATUSES[404],
        status: 404,
        detail: 'Cannot GET /demo/v10-0/x',
        instance: '/demo/v10-0/x',
        correlationId: 'corr-1',
      });
    });

    it('names the tenant this deployment serves when no route matched a path for another one', () => {
      const withTenant = new ProblemRenderer([], logger, { tenant: 'demo' });
      const { status, body } = withTenant.render(
        new NotFoundException('Cannot GET /ge/v10-0/profiles'),
        unrouted('/ge/v10-0/profiles?PageSize=5'),
      );
      expect(status).toBe(404);
      expect(body).toMatchObject({
        ...PROBLEM_STATUSES[404],
        detail:
          "This deployment serves the tenant 'demo' only: its paths start with /demo/v10-0, not /ge/v10-0.",
        instance: '/ge/v10-0/profiles',
      });
      // Its own tenant, paths without a version, and a 404 a route raised keep Nest's message.
      for (const [url, matched] of [
        ['/demo/v10-0/nowhere', unrouted('/demo/v10-0/nowhere')],
        ['/nowhere/else', unrouted('/nowhere/else')],
        ['/ge/v10-0/x', routed('/ge/v10-0/x')],
      ] as const) {
        const detail = withTenant.render(new NotFoundException(`Cannot GET ${url}`), matched).body.detail;
        expect(detail).toBe(`Cannot GET ${url}`);
      }
      const long = withTenant.render(
        new NotFoundException('Cannot GET'),
        unrouted(`/${'t'.repeat(500)}/v9-1`),
      );
      expect(long.body.detail?.length).toBeLessThan(250);
    });

    it('names the base path when no route matched a path without the tenant or with a version not written as one', () => {
      const withVersions = new ProblemRenderer([], logger, { tenant: 'demo', versions: ['v10-0', 'v9-1'] });
      const detailOf = (url: string): string | undefined =>
        withVersions.render(new NotFoundException(`Cannot GET ${url}`), unrouted(url)).body.detail;

      expect(detailOf('/v10-0/profiles')).toBe(
        'Paths start with the tenant and the version (/demo/v10-0 or /demo/v9-1), not /v10-0.',
      );
      expect(detailOf('/v10/profiles?PageSize=1')).toBe(
        'Paths start with the tenant and the version (/demo/v10-0 or /demo/v9-1), not /v10.',
      );
      expect(detailOf('/demo/v10/profiles')).toBe(
        "This service's paths start with /demo/v10-0 or /demo/v9-1, not /demo/v10.",
      );
      expect(detailOf('/demo/v8-0/profiles')).toBe(
        "This service's paths start with /demo/v10-0 or /demo/v9-1, not /demo/v8-0.",
      );
      expect(detailOf('/demo/V10-0')).toBe(
        "This service's paths start with /demo/v10-0 or /demo/v9-1, not /demo/V10-0.",
      );
      // A path below a version it serves, or one that is not meant for the API, keeps Nest's message.
      expect(detailOf('/demo/v9-1/nowhere')).toBe('Cannot GET /demo/v9-1/nowhere');
      expect(detailOf('/demo/playground')).toBe('Cannot GET /demo/playground');
      expect(detailOf('/favicon.ico')).toBe('Cannot GET /favicon.ico');
    });

    it("caps the problem's instance like its detail: at most 200 characters of the path", () => {
      const path = `/demo/v10-0/${'x'.repeat(15_000)}`;
      const cases: [unknown, FastifyRequest][] = [
        [new NotFoundException('Cannot GET'), unrouted(`${path}?a=1`)],
        [new NotFoundError('Not here.'), routed(path)],
        [new ValidationProblemError({ $: ['no'] }), routed(path)],
      ];
      for (const [thrown, at] of cases) {
        const { body } = sut.render(thrown, at);
        expect(body.instance).toBe(`${path.slice(0, 200)}… (the first 200 of 15012 characters)`);
      }
      expect(sut.render(new NotFoundError('Not here.'), routed('/demo/v10-0/x?y=1')).body.instance).toBe(
        '/demo/v10-0/x',
      );
    });

    it('shows at most 200 characters of the request that a message of Nest or Fastify repeats', () => {
      const path = `/demo/v10-0/${'x'.repeat(16_000)}`;
      const notFound = sut.render(new NotFoundException(`Cannot GET ${path}`), request).body;
      expect(notFound.detail).toBe(`Cannot GET ${path.slice(0, 189)}… (the first 200 of 16023 characters)`);
      const badUrl = fastifyError(
        `'${'%E0'.repeat(5000)}' is not a valid url component`,
        400,
        'FST_ERR_BAD_URL',
      );
      const { status, body } = sut.render(badUrl, request);
      expect(status).toBe(400);
      expect(body.detail?.length).toBeLessThan(250);
      expect(body.errors).toEqual({ $: [body.detail] });
    });

    it("renders Nest's BadRequestException as 400 with an errors member", () => {
      const { status, body } = sut.render(new BadRequestException('Bad'), request);

      expect(status).toBe(400);
      expect(body.errors).toEqual({});
    });
  });

  describe('translators', () => {
    const translator: jest.MockedFunction<ErrorTranslator> = jest.fn((thrown: unknown) =>
      thrown instanceof DriverError
        ? ValidationProblemError.of('name', 'The value is already used.')
        : undefined,
    );
    const withTranslator = new ProblemRenderer([translator], logger);

    it('renders what a translator makes of an unknown error', () => {
      const { status, body } = withTranslator.render(new DriverError('duplicate key uq_name'), request);

      expect(status).toBe(400);
      expect(body.errors).toEqual({ name: ['The value is already used.'] });
      expect(JSON.stringify(body)).not.toContain('uq_name');
    });

    it('uses the first translator that recognises the error', () => {
      const second = jest.fn(() => new NotFoundError('second'));
      const sutWithTwo = new ProblemRenderer([translator, second], logger);

      expect(sutWithTwo.render(new DriverError('x'), request).status).toBe(400);
      expect(second).not.toHaveBeenCalled();
      expect(sutWithTwo.render(new Error('y'), request).status).toBe(404);
    });

    it('does not ask translators about domain errors', () => {
      withTranslator.render(new NotFoundError('gone'), request);

      expect(translator).not.toHaveBeenCalled();
    });

    it('renders a bare 500 when no translator recognises the error', () => {
      expect(withTranslator.render(new Error('other'), request).status).toBe(500);
    });
  });

  describe('unknown errors', () => {
    const secret = 'relation "profile_secret" does not exist at /srv/app/db.ts:42';

    it('renders a bare 500 with nothing but type, title, status and correlation id', () => {
      const { status, body, headers } = sut.render(new Error(secret), request);

      expect(status).toBe(500);
      expect(body).toEqual({
        type: PROBLEM_STATUSES[500].type,
        title: PROBLEM_STATUSES[500].title,
        status: 500,
        correlationId: 'corr-1',
      });
      expect(headers).toEqual({});
      expect(JSON.stringify(body)).not.toContain('profile_secret');
      expect(JSON.stringify(body)).not.toContain('db.ts');
    });

    it('logs the error with its message and stack', () => {
      const thrown = new Error(secret);

      sut.render(thrown, request);

      expect(error).toHaveBeenCalledTimes(1);
      expect(error).toHaveBeenCalledWith(
        expect.objectContaining({ err: { message: secret, stack: thrown.stack } }),
        'ProblemRenderer',
      );
    });

    it.each([
      ['a thrown string', secret],
      ['a thrown object', { message: secret }],
      ['null', null],
      ['an error with statusCode 500', fastifyError(secret, 500)],
      ['an error with statusCode 302', fastifyError(secret, 302)],
      ['a Nest 5xx exception', new InternalServerErrorException(secret)],
    ])('renders %s as a bare 500', (_case, thrown) => {
      const { status, body } = sut.render(thrown, request);

      expect(status).toBe(500);
      expect(Object.keys(body).sort()).toEqual(['correlationId', 'status', 'title', 'type']);
      expect(JSON.stringify(body)).not.toContain('profile_secret');
    });
  });

  describe('send', () => {
    it('sends the problem as application/problem+json with its status and headers', () => {
      const reply = {
        status: jest.fn().mockReturnThis(),
        headers: jest.fn().mockReturnThis(),
        type: jest.fn().mockReturnThis(),
        send: jest.fn().mockReturnThis(),
      };

      sut.send(new TooManyRequestsError(5), request, reply as unknown as FastifyReply);

      expect(reply.status).toHaveBeenCalledWith(429);
      expect(reply.headers).toHaveBeenCalledWith({ 'retry-after': '5' });
      expect(reply.type).toHaveBeenCalledWith(PROBLEM_CONTENT_TYPE);
      expect(reply.send).toHaveBeenCalledWith(
        expect.objectContaining({ status: 429, correlationId: 'corr-1' }),
      );
    });
  });
});
