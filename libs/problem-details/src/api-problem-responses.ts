import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';

import { MAX_VALIDATION_MESSAGES } from './domain-error';
import { describeStatus, PROBLEM_CONTENT_TYPE } from './problem';

/** The OpenAPI schema of a problem body of `status`. */
export const problemSchema = (status: number) => ({
  type: 'object',
  required: ['type', 'title', 'status'],
  properties: {
    type: { type: 'string', example: describeStatus(status).type },
    title: { type: 'string', example: describeStatus(status).title },
    status: { type: 'integer', example: status },
    detail: { type: 'string' },
    instance: { type: 'string' },
    correlationId: { type: 'string' },
    ...(status === 400
      ? {
          errors: {
            type: 'object',
            description: "Messages keyed by the property's JSON path as sent, or the query parameter's name.",
            additionalProperties: { type: 'array', items: { type: 'string' } },
          },
          omittedErrors: {
            type: 'integer',
            minimum: 1,
            description: `Present when more than ${MAX_VALIDATION_MESSAGES} messages were found: how many \`errors\` leaves out.`,
          },
        }
      : {}),
  },
});

/** The OpenAPI response of a problem of `status`, as every operation that can give it documents it. */
export const problemResponse = (status: number) => ({
  description: describeStatus(status).title,
  content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema(status) } },
});

/** Documents the problem responses (contract 5) an operation can give. */
export const ApiProblemResponses = (...statuses: number[]): MethodDecorator & ClassDecorator =>
  applyDecorators(...statuses.map((status) => ApiResponse({ status, ...problemResponse(status) })));
