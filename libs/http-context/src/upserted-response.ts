import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  type Type,
  UseInterceptors,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { map, type Observable } from 'rxjs';

/** What an upsert did: the record it wrote, and whether it created it. */
export interface UpsertOutcome<T> {
  readonly record: T;
  readonly created: boolean;
}

/**
 * An upsert handler's answer: the response body, sent with 201 when the upsert created the
 * resource (its `Location` is then the request's URL, registerCreatedLocation) and 200 when it
 * updated it, and any headers of the route's own (`Deprecation`). UpsertStatusInterceptor sends it,
 * so that the handler needs no reply of its own.
 */
export class UpsertedResponse<T> implements UpsertOutcome<T> {
  private constructor(
    readonly record: T,
    readonly created: boolean,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}

  /** The outcome of a service's upsert, its record mapped to the response. */
  static of<R, T>(outcome: UpsertOutcome<R>, toResponse: (record: R) => T): UpsertedResponse<T> {
    return new UpsertedResponse(toResponse(outcome.record), outcome.created);
  }

  /** The same answer with its body mapped (the projection of the caller's level). */
  map<U>(mapper: (record: T) => U): UpsertedResponse<U> {
    return new UpsertedResponse(mapper(this.record), this.created, this.headers);
  }

  withHeaders(headers: Readonly<Record<string, string>>): UpsertedResponse<T> {
    return new UpsertedResponse(this.record, this.created, { ...this.headers, ...headers });
  }
}

/** Sends an UpsertedResponse: its status and headers on the reply, its record as the body. */
@Injectable()
export class UpsertStatusInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((result: unknown) => {
        if (!(result instanceof UpsertedResponse)) return result;
        const upserted = result as UpsertedResponse<unknown>;
        const reply = context.switchToHttp().getResponse<FastifyReply>();
        void reply.status(upserted.created ? 201 : 200).headers(upserted.headers);
        return upserted.record;
      }),
    );
  }
}

/**
 * An upsert route (PUT on a relation): its handler returns an UpsertedResponse of `type`, answered
 * 201 when created and 200 when updated (both documented here). Only upsert routes pay for the
 * interceptor.
 */
export const UpsertRoute = (type: Type): MethodDecorator =>
  applyDecorators(
    UseInterceptors(UpsertStatusInterceptor),
    ApiCreatedResponse({ type, description: 'Created.' }),
    ApiOkResponse({ type, description: 'Already there: updated.' }),
  );
