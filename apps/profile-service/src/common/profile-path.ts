import { Param } from '@nestjs/common';

import { ParseInt32Pipe } from '@portal/http-context';

import { IdParam } from './operation-docs';

/** `{profileId}` of the routes of a profile and of its parts: an int32, else a 400 on the path parameter. */
export const ProfileId = (): ParameterDecorator => Param('profileId', ParseInt32Pipe);

/** `{profileId}` in the OpenAPI document, with the first profile of a fresh database as example (the examples create it: a person). */
export const ProfileIdParam = (): MethodDecorator => IdParam('profileId', 1);
