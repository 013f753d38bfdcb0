import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';

import { perRoute } from '@portal/http-context';
import { ForbiddenError } from '@portal/problem-details';

import type { JwtVerifier } from './jwt-verifier';
import type { Principal } from './principal';
import { PUBLIC_ROUTE, REQUIRED_ROLES } from './roles.decorator';

type AuthenticatedRequest = FastifyRequest & { principal?: Principal };

/** What a route asks of its caller, read from its metadata once. */
interface RouteAccess {
  readonly isPublic: boolean;
  readonly roles: readonly string[];
  /** The 403's detail. */
  readonly refusal: string;
}

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

  private readonly accessOf = perRoute((handler, controller): RouteAccess => {
    const targets = [handler, controller];
    const roles = this.reflector.getAllAndOverride<string[] | undefined>(REQUIRED_ROLES, targets) ?? [];
    return {
      isPublic: this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets) === true,
      roles,
      refusal:
        roles.length > 0
          ? `This operation needs one of the roles: ${roles.join(', ')}.`
          : 'This operation is not open to any role.',
    };
  });

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const access = this.accessOf(context);
    if (access.isPublic) return true;

    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const { authorization } = request.headers;
    // A token verified before answers at once; a new one waits for its signature check.
    const remembered = this.verifier.rememberedPrincipal(authorization);
    if (remembered !== undefined) return admit(request, access, remembered);
    return this.verifier.verify(authorization).then((principal) => admit(request, access, principal));
  }
}

/** The verified caller goes on when it holds one of the route's roles. */
function admit(request: AuthenticatedRequest, access: RouteAccess, principal: Principal): boolean {
  request.principal = principal;
  if (!access.roles.some((role) => principal.roles.has(role))) throw new ForbiddenError(access.refusal);
  return true;
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
