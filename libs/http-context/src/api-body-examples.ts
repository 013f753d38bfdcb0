import { applyDecorators, type Type } from '@nestjs/common';
import { ApiBody, ApiExtraModels, getSchemaPath } from '@nestjs/swagger';

/** One example body of an operation, as Swagger UI offers it under "Try it out". */
export interface BodyExample {
  /** A short label, shown in Swagger UI's example list. */
  readonly summary: string;
  readonly description?: string;
  /** The body as a client sends it; the service accepts it as it is (apps' openapi-examples tests). */
  readonly value: unknown;
}

/**
 * The request body of an operation: the schema of its DTO class and realistic examples, by key.
 * Swagger UI fills "Try it out" with the first; every example must be accepted by the service as
 * it is, with the path parameters' examples (each service's openapi-examples e2e test sends them).
 */
export const ApiBodyExamples = (
  type: Type,
  examples: Readonly<Record<string, BodyExample>>,
): MethodDecorator =>
  applyDecorators(
    ApiExtraModels(type),
    ApiBody({ required: true, schema: { $ref: getSchemaPath(type) }, examples: { ...examples } }),
  );
