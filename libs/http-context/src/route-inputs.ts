import type { Type } from '@nestjs/common';
import { PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DECORATORS } from '@nestjs/swagger';

import { isModelClass } from './input-shape';

/** What an operation takes and answers, as its decorators declare it. */
export interface RouteInputs {
  /** The controller's paths (`v10-0/ui-templates`). */
  readonly controllerPaths: readonly string[];
  /** The class of `@Body()`, if the operation takes a body as a DTO. */
  readonly bodyType: Type | undefined;
  /** The class of `@Query()`, if the operation takes its query as a DTO. */
  readonly queryType: Type | undefined;
  /** Query parameters declared one by one: `@Query('name')` and `@ApiQuery` (Limited, Select). */
  readonly queryNames: readonly string[];
  /** The classes of its 2xx responses (`@ApiOkResponse({ type })` and the like). */
  readonly responseTypes: readonly Type[];
}

interface RouteArgument {
  readonly index: number;
  readonly data?: unknown;
}

/**
 * Reads an operation's inputs from Nest's and Swagger's metadata: the same metadata that feeds
 * the validation pipe and the OpenAPI document, so that what is checked is what is documented.
 * Inherited handlers (one class per version) are read through the versioned class.
 */
export function routeInputsOf(controller: Type, handler: (...args: never[]) => unknown): RouteInputs {
  const name = handler.name;
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<
    string,
    RouteArgument
  >;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype as object, name) ??
    []) as unknown[];
  let bodyType: Type | undefined;
  let queryType: Type | undefined;
  const queryNames: string[] = [];
  for (const [key, argument] of Object.entries(args)) {
    const type = types[argument.index];
    if (key.startsWith(`${RouteParamtypes.BODY}:`) && argument.data === undefined && isModelClass(type))
      bodyType = type;
    if (key.startsWith(`${RouteParamtypes.QUERY}:`)) {
      if (typeof argument.data === 'string') queryNames.push(argument.data);
      else if (isModelClass(type)) queryType = type;
    }
  }
  const parameters = (Reflect.getMetadata(DECORATORS.API_PARAMETERS, handler) ?? []) as {
    in?: string;
    name?: string;
  }[];
  for (const parameter of parameters) {
    if (parameter.in === 'query' && typeof parameter.name === 'string') queryNames.push(parameter.name);
  }
  const responses = (Reflect.getMetadata(DECORATORS.API_RESPONSE, handler) ?? {}) as Record<
    string,
    { type?: unknown }
  >;
  const responseTypes: Type[] = [];
  for (const [status, response] of Object.entries(responses)) {
    const type = Array.isArray(response.type) ? (response.type[0] as unknown) : response.type;
    if (/^2\d\d$/.test(status) && isModelClass(type)) responseTypes.push(type);
  }
  const path = Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined;
  const controllerPaths = path === undefined ? [] : Array.isArray(path) ? path : [path];
  return { controllerPaths, bodyType, queryType, queryNames, responseTypes };
}
