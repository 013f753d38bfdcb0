import type { ExecutionContext } from '@nestjs/common';

import { perRoute } from './per-route';

const contextOf = (controller: object, handler: object) =>
  ({ getClass: () => controller, getHandler: () => handler }) as unknown as ExecutionContext;

describe('perRoute', () => {
  it('computes a route once, and each controller of an inherited handler on its own', () => {
    const handler = () => undefined;
    class V10 {}
    class V9 {}
    const compute = jest.fn((_handler: unknown, controller: { name: string }) => controller.name);
    const of = perRoute(compute);

    expect(of(contextOf(V10, handler))).toBe('V10');
    expect(of(contextOf(V10, handler))).toBe('V10');
    expect(of(contextOf(V9, handler))).toBe('V9');
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('remembers an undefined value too', () => {
    const compute = jest.fn(() => undefined);
    const of = perRoute(compute);
    const context = contextOf(class {}, () => undefined);
    of(context);
    of(context);
    expect(compute).toHaveBeenCalledTimes(1);
  });
});
