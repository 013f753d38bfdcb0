import { applyDecorators } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiConsumes } from '@nestjs/swagger';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { echoInput, UnsupportedMediaTypeError } from '@portal/problem-details';

/** The media types parsed as JSON (json-body); each route accepts the one it declares. */
export const JSON_MEDIA_TYPE = 'application/json';
export const MERGE_PATCH_MEDIA_TYPE = 'application/merge-patch+json';
export const JSON_BODY_MEDIA_TYPES = [JSON_MEDIA_TYPE, MERGE_PATCH_MEDIA_TYPE];

interface BodyMediaTypeConfig {
  readonly bodyMediaType?: string;
}

/**
 * The one media type a route's body may have (contract 5; RFC 7386 merge-patch for the PATCH
 * operations); any other is a 415 problem. Routes without it take `application/json` only.
 */
export const BodyMediaType = (mediaType: string): MethodDecorator =>
  applyDecorators(
    RouteConfig({ bodyMediaType: mediaType } satisfies BodyMediaTypeConfig),
    ApiConsumes(mediaType),
  );

/** Fastify reads no body for these methods (`request.body` stays undefined): nothing to check. */
const BODYLESS_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'TRACE']);

const mediaTypeOf = (request: FastifyRequest): string | undefined =>
  request.headers['content-type']?.split(';')[0].trim().toLowerCase();

/** Whether the request carries bytes (Fastify's handleRequest asks the same). */
const hasBytes = (request: FastifyRequest): boolean =>
  request.headers['transfer-encoding'] !== undefined ||
  (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0');

/**
 * The 415 a newcomer can act on: the media type the route takes, and what was sent instead
 * (`undefined`: bytes without a Content-Type).
 */
const unsupportedMediaType = (accepted: string, sent: string | undefined): UnsupportedMediaTypeError =>
  new UnsupportedMediaTypeError(
    `The request body must be ${accepted} (Content-Type: ${accepted}), not ${
      sent === undefined
        ? 'a body without a Content-Type'
        : sent === ''
          ? 'an empty Content-Type'
          : echoInput(sent)
    }.`,
  );

/**
 * Enforces @BodyMediaType (and `application/json` elsewhere) on every route with a body; before
 * the body is parsed, so that a media type no parser takes (`text/plain`) is answered naming the
 * one the route takes, not Fastify's bare 415. Routes of bodyless methods get no hook: a read does
 * not pay for it.
 */
export function registerBodyMediaTypes(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => BODYLESS_METHODS.has(method))) return;
    const config: BodyMediaTypeConfig | undefined = route.config;
    const accepted = config?.bodyMediaType ?? JSON_MEDIA_TYPE;
    const check = (
      request: FastifyRequest,
      _reply: unknown,
      _payload: unknown,
      done: (error?: Error) => void,
    ): void => {
      // Fastify parses the body of any other method whenever a Content-Type is sent, bytes or
      // none (a DELETE too), and bytes without one as media type '' (its bare 415).
      if (BODYLESS_METHODS.has(request.method)) return done();
      const mediaType = mediaTypeOf(request);
      if (mediaType === undefined ? hasBytes(request) : mediaType !== accepted) {
        done(unsupportedMediaType(accepted, mediaType));
        return;
      }
      done();
    };
    const existing = route.preParsing;
    route.preParsing =
      existing === undefined ? [check] : [...(Array.isArray(existing) ? existing : [existing]), check];
  });
}
