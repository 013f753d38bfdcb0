import { applyDecorators, type Type } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, type ApiOperationOptions, ApiParam } from '@nestjs/swagger';

import { AccessLevelTable } from '@portal/access-level';
import { ApiBodyExamples, type BodyExample } from '@portal/http-context';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@portal/pagination';
import { ApiProblemResponses } from '@portal/problem-details';
import { type ExampleByVersion, parameterExamplesByVersion } from '@portal/service-runtime';

/**
 * The sentences the profile operations' OpenAPI descriptions share (contract 3, 4, 6), so that
 * each operation states its rules the same way.
 */

/** The level table the service starts with unless ACCESS_LEVELS_FILE replaces it. */
const DEFAULT_LEVELS = AccessLevelTable.fromFile();

export const withArticle = (noun: string): string => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/** A read: projected at the caller's level, lowered by `Limited`, narrowed by `Select`. */
export const readProjection = (entityKey: string): string =>
  `Projected at the caller's access level by entity key \`${entityKey}\` (default level table: ` +
  `${DEFAULT_LEVELS.describeEntity(entityKey)}). \`Limited\` lowers the level, \`Select\` keeps the named ` +
  'properties and `id`.';

/** A write's response: projected at the writer's level, without `Limited` or `Select`. */
export const writeProjection = (entityKey: string): string =>
  `The response is projected at the caller's level by entity key \`${entityKey}\`; \`Limited\` and \`Select\` do not apply.`;

export const PAGING =
  `Paged: \`PageNumber\` (from 1), \`PageSize\` (default ${DEFAULT_PAGE_SIZE}, 1..${MAX_PAGE_SIZE}, -1 for all), ` +
  'with the `X-Pagination-*` headers; HEAD gives the headers alone.';

/** OrderBy over the response's own properties (`orderByWhitelistOf`). */
export const ORDER_BY =
  '`OrderBy` over any property of the response itself, e.g. `OrderBy=name desc,id` (default `id`; every order ' +
  'ends with `id`); another property is a 400.';

/** 201 when the upsert created the link, 200 when it was there (contract 6). */
export const UPSERT =
  'An upsert: 201 when it creates the link, 200 when it was already there (then updated).';

export const NOT_FOUND = 'A 404 names the record of the path that does not exist.';

/**
 * A path parameter that holds an int32 id, with the id of a record of the demo data as example: one
 * for every version, or one per version where an example changes or removes the record (each
 * version's delete removes a record of its own, so that the examples of both run in any order).
 */
export const IdParam = (
  name: string,
  example: number | ExampleByVersion<number>,
  description = 'int32 identifier.',
): MethodDecorator =>
  applyDecorators(
    ApiParam({
      name,
      type: 'integer',
      format: 'int32',
      description,
      ...(typeof example === 'number' ? { example } : { examples: parameterExamplesByVersion(example) }),
    }),
  );

// A controller's tag with its 401 and 403 (`ResourceDocs`), and a read of one record (`ReadDocs`):
// the shapes every service's `<stem>.openapi.ts` shares, from @portal/http-context.
export { ReadDocs, ResourceDocs } from '@portal/http-context';

/*
 * The shapes most operations share, each with its words and the path parameters' examples
 * (`IdParam`, `ProfileIdParam`): what they answer and which problems they document.
 */

/** A list under a record of the path (the paging headers are `PaginatedList`'s): 400, 404. */
export const ListDocs = (words: ApiOperationOptions, ...params: MethodDecorator[]): MethodDecorator =>
  applyDecorators(ApiOperation(words), ...params, ApiProblemResponses(400, 404));

/**
 * A write of a body to a record of the path, with its examples: 400, 404, 413 and 415. An upsert's
 * 201 and 200 are documented by `UpsertRoute`, which answers them; another write adds its own.
 */
export const WriteDocs = (
  words: ApiOperationOptions,
  body: Type,
  examples: Readonly<Record<string, BodyExample>>,
  ...params: MethodDecorator[]
): MethodDecorator =>
  applyDecorators(
    ApiOperation(words),
    ...params,
    ApiBodyExamples(body, examples),
    ApiProblemResponses(400, 404, 413, 415),
  );

/** A delete: 204; 400 on a path id, 404. */
export const DeleteDocs = (words: ApiOperationOptions, ...params: MethodDecorator[]): MethodDecorator =>
  applyDecorators(
    ApiOperation(words),
    ...params,
    ApiNoContentResponse({ description: 'Deleted.' }),
    ApiProblemResponses(400, 404),
  );

/** Joins description sentences, skipping the empty ones. */
export const sentences = (...parts: (string | undefined | false)[]): string =>
  parts.filter((part): part is string => !!part && part.trim() !== '').join(' ');
