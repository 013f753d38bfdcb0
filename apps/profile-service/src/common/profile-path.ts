import { Param } from '@nestjs/common';

import { ParseInt32Pipe } from '@portal/http-context';
import type { ExampleByVersion } from '@portal/service-runtime';

import { IdParam } from './operation-docs';

/** `{profileId}` of the routes of a profile and of its parts: an int32, else a 400 on the path parameter. */
export const ProfileId = (): ParameterDecorator => Param('profileId', ParseInt32Pipe);

/**
 * `{profileId}` in the OpenAPI document, with a demo profile of a fresh `npm start` as example:
 * Marco Rossi (1) by default; one per version where an example deletes what the other's reads
 * (DEMO_SECOND_PROFILE).
 */
export const ProfileIdParam = (example: number | ExampleByVersion<number> = 1): MethodDecorator =>
  IdParam('profileId', example);

/**
 * Marco Rossi (1) under v10-0 and Laura Meier (3) under v9-1, for the parts of a profile an example
 * deletes (its picture, a setting value): each version's reads find the part the other's delete
 * left alone. The demo data gives both the same picture and setting value.
 */
export const DEMO_SECOND_PROFILE: ExampleByVersion<number> = { 'v10-0': 1, 'v9-1': 3 };
