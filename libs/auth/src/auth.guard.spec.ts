import type { ExecutionContext } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';

import { ForbiddenError, UnauthenticatedError } from '@portal/problem-details';

import { AuthGuard, CurrentPrincipal } from './auth.guard';
import { mintDevelopmentToken } from './dev-token';
import { JwtVerifier } from './jwt-verifier';
import type { Principal } from './principal';
import { Public, RequireRoles } from './roles.decorator';

const SECRET = 'a-test-secret-of-more-than-32-characters';

class TemplatesController {
  @Public()
  health(): void {}

  @RequireRoles('ConfigApi_Read', 'ConfigApi_Write')
  read(): void {}

  @RequireRoles('ConfigApi_Write')
  write(): void {}

  unmarked(): void {}
}

@RequireRoles('RenderApi_Render')
class RenderController {
  render(): void {}

  @RequireRoles('RenderApi_Templates')
  saveTemplate(): void {}

  @Public()
  docs(): void {}
}

@Public()
class HealthController {
  live(): void {}
}

type Request = { headers: { authorization?: string }; principal?: Principal };

function contextOf(controller: new () => object, handler: string, request: Request): ExecutionContext {
  const handlers = controller.prototype as Record<string, () => void>;
  return {
    getHandler: () => handlers[handler],
    getClass: () => controller,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
}

const bearer = async (...roles: string[]): Promise<string> =>
  `Bearer ${await mintDevelopmentToken({ secret: SECRET, roles, subject: 'user-7' })}`;

describe(AuthGuard.name, () => {
  const verifier = new JwtVerifier({ mode: 'secret', secret: SECRET });
  const sut = new AuthGuard(new Reflector(), verifier);
  /** As Nest runs a guard: a value or a throw, at once or later, becomes a promise. */
  const activate = (context: ExecutionContext): Promise<boolean> =>
    Promise.resolve().then(() => sut.canActivate(context));

  it('lets a @Public route pass without a token', async () => {
    const request: Request = { headers: {} };

    await expect(activate(contextOf(TemplatesController, 'health', request))).resolves.toBe(true);
    expect(request.principal).toBeUndefined();
  });

  it('lets a @Public route pass with an invalid token', async () => {
    const request: Request = { headers: { authorization: 'Bearer garbage' } };

    await expect(activate(contextOf(TemplatesController, 'health', request))).resolves.toBe(true);
  });

  it('lets every route of a @Public controller pass', async () => {
    await expect(activate(contextOf(HealthController, 'live', { headers: {} }))).resolves.toBe(true);
  });

  it('rejects a protected route without a token as unauthenticated', async () => {
    await expect(activate(contextOf(TemplatesController, 'read', { headers: {} }))).rejects.toThrow(
      UnauthenticatedError,
    );
  });

  it('rejects an expired token as unauthenticated even with the right role', async () => {
    const token = await mintDevelopmentToken({
      secret: SECRET,
      roles: ['ConfigApi_Write'],
      expiresInSeconds: -1,
    });

    await expect(
      activate(contextOf(TemplatesController, 'write', { headers: { authorization: `Bearer ${token}` } })),
    ).rejects.toThrow(UnauthenticatedError);
  });

  it('forbids a route needing ConfigApi_Write to a ConfigApi_Read token', async () => {
    const request: Request = { headers: { authorization: await bearer('ConfigApi_Read') } };

    const promise = activate(contextOf(TemplatesController, 'write', request));

    await expect(promise).rejects.toThrow(ForbiddenError);
    await expect(promise).rejects.toThrow('This operation needs one of the roles: ConfigApi_Write.');
  });

  it('lets the right role pass and sets the principal on the request', async () => {
    const request: Request = { headers: { authorization: await bearer('ConfigApi_Write') } };

    await expect(activate(contextOf(TemplatesController, 'write', request))).resolves.toBe(true);
    expect(request.principal?.subject).toBe('user-7');
    expect(request.principal?.roles.has('ConfigApi_Write')).toBe(true);
  });

  it.each(['ConfigApi_Read', 'ConfigApi_Write'])(
    'lets any one of the required roles pass (%s)',
    async (role) => {
      const request: Request = { headers: { authorization: await bearer('Other', role) } };

      await expect(activate(contextOf(TemplatesController, 'read', request))).resolves.toBe(true);
    },
  );

  it('forbids a route without @RequireRoles to every token (deny by default)', async () => {
    const request: Request = {
      headers: { authorization: await bearer('ConfigApi_Read', 'ConfigApi_Write', 'ProfileApi_Max') },
    };

    const promise = activate(contextOf(TemplatesController, 'unmarked', request));

    await expect(promise).rejects.toThrow(ForbiddenError);
    await expect(promise).rejects.toThrow('This operation is not open to any role.');
  });

  it('applies the roles of the controller to its unmarked routes', async () => {
    const render: Request = { headers: { authorization: await bearer('RenderApi_Render') } };
    const other: Request = { headers: { authorization: await bearer('RenderApi_Templates') } };

    await expect(activate(contextOf(RenderController, 'render', render))).resolves.toBe(true);
    await expect(activate(contextOf(RenderController, 'render', other))).rejects.toThrow(ForbiddenError);
  });

  it('lets the roles of a route override those of its controller', async () => {
    const templates: Request = { headers: { authorization: await bearer('RenderApi_Templates') } };
    const render: Request = { headers: { authorization: await bearer('RenderApi_Render') } };

    await expect(activate(contextOf(RenderController, 'saveTemplate', templates))).resolves.toBe(true);
    await expect(activate(contextOf(RenderController, 'saveTemplate', render))).rejects.toThrow(
      ForbiddenError,
    );
  });

  it('answers at once for a token it verified before, refusing a missing role at once too', async () => {
    const authorization = await bearer('ConfigApi_Read');
    await activate(contextOf(TemplatesController, 'read', { headers: { authorization } }));

    const request: Request = { headers: { authorization } };
    expect(sut.canActivate(contextOf(TemplatesController, 'read', request))).toBe(true);
    expect(request.principal?.subject).toBe('user-7');
    expect(() =>
      sut.canActivate(contextOf(TemplatesController, 'write', { headers: { authorization } })),
    ).toThrow(ForbiddenError);
  });

  it('lets a @Public route of a protected controller pass', async () => {
    await expect(activate(contextOf(RenderController, 'docs', { headers: {} }))).resolves.toBe(true);
  });
});

describe('CurrentPrincipal', () => {
  // What Nest calls to resolve the parameter: the factory createParamDecorator stored.
  class Controller {
    handler(@CurrentPrincipal() _principal: Principal): void {}
  }
  const args = Reflect.getMetadata(ROUTE_ARGS_METADATA, Controller, 'handler') as Record<
    string,
    { factory: (data: unknown, context: ExecutionContext) => Principal }
  >;
  const { factory: sut } = Object.values(args)[0];

  it('gives the principal the guard set on the request', () => {
    const principal: Principal = { subject: 'user-7', roles: new Set(['R']) };

    expect(sut(undefined, contextOf(TemplatesController, 'read', { headers: {}, principal }))).toBe(
      principal,
    );
  });

  it('throws, a bug rather than an anonymous caller, on a request the guard let through without one', () => {
    expect(() => sut(undefined, contextOf(TemplatesController, 'health', { headers: {} }))).toThrow(
      '@CurrentPrincipal() is used on a route the auth guard does not guard.',
    );
  });
});
