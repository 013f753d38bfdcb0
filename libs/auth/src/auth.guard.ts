import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';

import { ForbiddenError } from '@portal/problem-details';

import type { JwtVerifier } from './jwt-verifier';
import type { Principal } from './principal';
import { PUBLIC_ROUTE, REQUIRED_ROLES } from './roles.decorator';

type AuthenticatedRequest = FastifyRequest & { principal?: Principal };

/**
 * The global guard. Deny by default: a route is open only when marked @Public, and otherwise
 * needs a valid token (401) holding one of the roles its @RequireRoles names (403).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: JwtVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;

    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const principal = await this.verifier.verify(request.headers.authorization);
    request.principal = principal;

    const required = this.reflector.getAllAndOverride<string[] | undefined>(REQUIRED_ROLES, targets) ?? [];
    if (!required.some((role) => principal.roles.has(role))) {
      throw new ForbiddenError(
        required.length > 0
          ? `This operation needs one of the roles: ${required.join(', ')}.`
          : 'This operation is not open to any role.',
      );
    }
    return true;
  }
}

/** The verified caller of the current request: a route behind the guard always has one. */
export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Principal => {
    const { principal } = context.switchToHttp().getRequest<AuthenticatedRequest>();
    // Only a @Public route lacks one: asking for it there is a bug (a 500), not the caller's fault.
    if (!principal) throw new Error('@CurrentPrincipal() is used on a route the auth guard does not guard.');
    return principal;
  },
);
