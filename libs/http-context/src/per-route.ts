import type { ExecutionContext, Type } from '@nestjs/common';

/**
 * A value computed once per route from its metadata, for what a guard or interceptor would
 * otherwise look up with the Reflector on every request. The key is the controller and the
 * handler: an inherited handler serves several controllers, whose class metadata may differ.
 */
export function perRoute<T>(
  compute: (handler: (...args: unknown[]) => unknown, controller: Type) => T,
): (context: ExecutionContext) => T {
  const byController = new WeakMap<Type, WeakMap<object, T>>();
  return (context) => {
    const controller = context.getClass();
    const handler = context.getHandler() as (...args: unknown[]) => unknown;
    let byHandler = byController.get(controller);
    if (byHandler === undefined) {
      byHandler = new WeakMap();
      byController.set(controller, byHandler);
    }
    if (byHandler.has(handler)) return byHandler.get(handler) as T;
    const value = compute(handler, controller);
    byHandler.set(handler, value);
    return value;
  };
}
