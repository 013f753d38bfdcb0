import { applyDecorators } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import type { Type } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

/** What an upsert did (contract 6: 201 when created, 200 when updated). */
export interface Upserted<T> {
  readonly record: T;
  readonly created: boolean;
}

/** Sets the upsert's status on the reply and returns the record. */
export function upsertStatus<T>(reply: FastifyReply, upserted: Upserted<T>): T {
  void reply.status(upserted.created ? 201 : 200);
  return upserted.record;
}

export const ApiUpsertResponses = (type: Type): MethodDecorator =>
  applyDecorators(
    ApiCreatedResponse({ type, description: 'Created.' }),
    ApiOkResponse({ type, description: 'Already there: updated.' }),
  );
