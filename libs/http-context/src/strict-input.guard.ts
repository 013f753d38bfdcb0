import { type CanActivate, type ExecutionContext, Injectable, type Type } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

import {
  MAX_VALIDATION_MESSAGES,
  ValidationProblemError,
  type ValidationErrors,
} from '@portal/problem-details';

import { InputShape, modelPropertyNames, unknownProperties } from './input-shape';
import { unknownNameMessage } from './nearest-name';
import { isKnownStorableBody } from './json-body';
import { perRoute } from './per-route';
import { unstorable, unstorableStrings } from './request-validation.pipe';
import { routeInputsOf } from './route-inputs';

/**
 * The versions whose operations refuse what they do not know (contract 4). `v9-1`, the version of
 * migrating clients, ignores unknown body properties and query parameters.
 */
const STRICT_INPUT_VERSIONS: readonly string[] = ['v10-0'];

interface StrictInputPlan {
  /** The operation's query parameters, by their lower-case name (they match case-insensitively). */
  readonly queryNames: ReadonlyMap<string, string>;
  readonly body: InputShape | undefined;
}

const isStrictPath = (path: string): boolean =>
  path.split('/').some((segment) => STRICT_INPUT_VERSIONS.includes(segment));

/** Names the validation pipe reports itself (NUL, lone surrogates): not called unknown first. */
const reportedByThePipe = (name: string): boolean => unstorable(name) !== undefined;

/** A query DTO's parameters: the ones the OpenAPI document lists and the ones the pipe reads. */
const queryDtoNames = (type: Type): string[] => [...modelPropertyNames(type)];

/**
 * Strict input on the strict versions (contract 4): a body property the operation's body and
 * response do not know, at any depth, is a 400 on its JSON path, and a query parameter the
 * operation does not declare is a 400 on its name; each message names the nearest known name.
 * Properties of the response are accepted (and ignored by the validation pipe), so that a client
 * may send back what it read. Everything is read from the operation's metadata once, at its first
 * request; a request pays one set look-up per property and query parameter.
 */
@Injectable()
export class StrictInputGuard implements CanActivate {
  /** Null on the tolerant versions: nothing to check. */
  private readonly planOf = perRoute((handler, controller): StrictInputPlan | null => {
    const inputs = routeInputsOf(controller, handler);
    if (!inputs.controllerPaths.some(isStrictPath)) return null;
    const names = [...(inputs.queryType ? queryDtoNames(inputs.queryType) : []), ...inputs.queryNames];
    return {
      queryNames: new Map(names.map((name) => [name.toLowerCase(), name])),
      body: inputs.bodyType ? InputShape.of([inputs.bodyType, ...inputs.responseTypes]) : undefined,
    };
  });

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const plan = this.planOf(context);
    if (!plan) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const errors: ValidationErrors = {};
    let count = 0;
    const query = request.query;
    if (query !== null && typeof query === 'object') {
      for (const name of Object.keys(query)) {
        if (count >= MAX_VALIDATION_MESSAGES) break;
        if (plan.queryNames.has(name.toLowerCase()) || reportedByThePipe(name)) continue;
        errors[name] = [unknownNameMessage(name, [...plan.queryNames.values()], 'parameter')];
        count += 1;
      }
    }
    if (plan.body && count < MAX_VALIDATION_MESSAGES) {
      const unknown = unknownProperties(
        request.body,
        plan.body,
        MAX_VALIDATION_MESSAGES - count,
        reportedByThePipe,
      );
      // A body property may have a query parameter's name: both are kept.
      for (const [path, messages] of Object.entries(unknown))
        errors[path] = [...(errors[path] ?? []), ...messages];
    }
    if (Object.keys(errors).length === 0) return true;
    // One answer with everything: strings that could not be stored (the pipe's own check, which
    // this refusal comes before) beside the unknown names, on the same paths.
    if (plan.body && !isKnownStorableBody(request.body)) {
      for (const [path, messages] of Object.entries(
        unstorableStrings(request.body, MAX_VALIDATION_MESSAGES),
      )) {
        errors[path] = [...messages, ...(errors[path] ?? [])];
      }
    }
    throw new ValidationProblemError(errors);
  }
}
