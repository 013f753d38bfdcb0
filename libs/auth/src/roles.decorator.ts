import { SetMetadata } from '@nestjs/common';

export const REQUIRED_ROLES = 'portal:required-roles';
export const PUBLIC_ROUTE = 'portal:public-route';

/** The caller needs at least one of these roles (contract 2). */
export const RequireRoles = (...roles: string[]): MethodDecorator & ClassDecorator =>
  SetMetadata(REQUIRED_ROLES, roles);

/** No authentication: health, metrics, docs, and reads the contract declares public (branding). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(PUBLIC_ROUTE, true);
