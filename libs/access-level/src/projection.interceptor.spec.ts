import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { firstValueFrom, of } from 'rxjs';

import { UpsertedResponse } from '@portal/http-context';
import { Page } from '@portal/pagination';
import { ValidationProblemError } from '@portal/problem-details';

import { AccessLevelTable } from './access-level-table';
import type { EntitySchemas } from './entity-schema';
import { Projected, ProjectionInterceptor, ProjectionLevel } from './projection.interceptor';
import { Projector } from './projector';

const schemas: EntitySchemas = {
  service: { properties: ['id', 'name', 'displayName', 'url', 'createdBy'] },
};
const service = () => ({ id: 1, name: 'tax', displayName: 'Tax return', url: '/tax', createdBy: 'admin' });

class Routes {
  @Projected('service')
  read(): void {}

  @Projected('service', { queryable: false })
  write(): void {}

  unprojected(): void {}
}

describe(ProjectionInterceptor.name, () => {
  const table = AccessLevelTable.fromFile();
  const sut = new ProjectionInterceptor(new Reflector(), table, new Projector(table, schemas));

  const contextOf = (handler: keyof Routes, request: object): ExecutionContext =>
    ({
      getHandler: () => Object.getOwnPropertyDescriptor(Routes.prototype, handler)?.value as unknown,
      getClass: () => Routes,
      switchToHttp: () => ({ getRequest: () => request }),
    }) as unknown as ExecutionContext;

  const run = (
    handler: keyof Routes,
    roles: string[],
    query: Record<string, unknown>,
    result: unknown = service(),
    request: object = { principal: { roles: new Set(roles) }, query },
  ): Promise<unknown> => {
    const next: CallHandler = { handle: jest.fn(() => of(result)) };
    return firstValueFrom(sut.intercept(contextOf(handler, request), next));
  };

  /** What @ProjectionLevel() hands a handler, for a request the interceptor has seen (or not). */
  const levelParameterOf = (handler: keyof Routes, request: object): unknown => {
    class Handlers {
      handle(@ProjectionLevel() _level: number): void {}
    }
    const parameters = Reflect.getMetadata(ROUTE_ARGS_METADATA, Handlers, 'handle') as Record<
      string,
      { factory: (data: unknown, context: ExecutionContext) => unknown }
    >;
    const [parameter] = Object.values(parameters);
    return parameter.factory(undefined, contextOf(handler, request));
  };

  it.each<[string[], string[]]>([
    [['ProfileApi_Low'], ['displayName', 'id', 'name']],
    [['ProfileApi_Medium'], ['displayName', 'id', 'name', 'url']],
    [['ProfileApi_Max'], ['createdBy', 'displayName', 'id', 'name', 'url']],
    [
      ['ProfileApi_Low', 'ProfileApi_Max'],
      ['createdBy', 'displayName', 'id', 'name', 'url'],
    ],
    [['SomeOtherRole'], ['id']],
  ])('projects at the highest level of the roles %j', async (roles, keys) => {
    expect(Object.keys((await run('read', roles, {})) as object).sort()).toEqual(keys);
  });

  it('lowers the level with Limited, whatever the case of its name', async () => {
    expect(await run('read', ['ProfileApi_Max'], { limited: '1' })).toEqual({
      id: 1,
      name: 'tax',
      displayName: 'Tax return',
    });
    expect(Object.keys((await run('read', ['ProfileApi_Low'], { Limited: '9' })) as object)).toHaveLength(3);
  });

  it('keeps what Select names and id, repeated or comma-separated', async () => {
    expect(await run('read', ['ProfileApi_Max'], { Select: ['name', 'url,createdBy'] })).toEqual({
      id: 1,
      name: 'tax',
      url: '/tax',
      createdBy: 'admin',
    });
  });

  it('projects every item of a Page and keeps the page', async () => {
    const page = new Page([service(), { ...service(), id: 2 }], 7, { pageNumber: 1, pageSize: 2 });
    const result = (await run('read', ['ProfileApi_Low'], { Select: 'name' }, page)) as Page<unknown>;
    expect(result).toBeInstanceOf(Page);
    expect(result.totalCount).toBe(7);
    expect(result.items).toEqual([
      { id: 1, name: 'tax' },
      { id: 2, name: 'tax' },
    ]);
  });

  it("projects an upsert's record and keeps whether it created it", async () => {
    const upserted = UpsertedResponse.of({ record: service(), created: true }, (record) => record);
    const result = (await run('write', ['ProfileApi_Low'], {}, upserted)) as UpsertedResponse<unknown>;
    expect(result).toBeInstanceOf(UpsertedResponse);
    expect(result.created).toBe(true);
    expect(result.record).toEqual({ id: 1, name: 'tax', displayName: 'Tax return' });
  });

  it('projects arrays item by item', async () => {
    expect(await run('read', ['ProfileApi_Low'], { Select: 'url' }, [service()])).toEqual([{ id: 1 }]);
  });

  it.each([['0'], ['3'], ['high'], [['1', '2']]])(
    'refuses Limited=%j with a 400 on Limited',
    async (Limited) => {
      await expect(run('read', ['ProfileApi_Max'], { Limited })).rejects.toMatchObject({
        errors: { Limited: expect.arrayContaining([expect.any(String)]) },
      });
    },
  );

  it('refuses an unknown Select property with a 400 keyed as the client spelt it', async () => {
    const rejection = run('read', ['ProfileApi_Max'], { select: 'name,colour' });
    await expect(rejection).rejects.toBeInstanceOf(ValidationProblemError);
    await expect(rejection).rejects.toMatchObject({
      errors: { select: ["'colour' is not a property of service."] },
    });
  });

  it('projects writes at the caller level and ignores Limited and Select', async () => {
    expect(await run('write', ['ProfileApi_Max'], { Limited: 'nonsense', Select: 'colour' })).toEqual(
      service(),
    );
  });

  it.each<[string[], Record<string, unknown>, number]>([
    [['ProfileApi_Max'], {}, 9],
    [['ProfileApi_Max'], { Limited: '2' }, 2],
    [['ProfileApi_Medium'], { Limited: '9' }, 2],
    [['ProfileApi_Low', 'ProfileApi_Medium'], {}, 2],
  ])('hands @ProjectionLevel() the level of %j with %j: %i', async (roles, query, level) => {
    const request = { principal: { roles: new Set(roles) }, query };
    await run('read', roles, query, service(), request);
    expect(levelParameterOf('read', request)).toBe(level);
  });

  it('hands @ProjectionLevel() the caller level on writes, whatever Limited says', async () => {
    const request = { principal: { roles: new Set(['ProfileApi_Max']) }, query: { Limited: '1' } };
    await run('write', ['ProfileApi_Max'], request.query, service(), request);
    expect(levelParameterOf('write', request)).toBe(9);
  });

  it('refuses @ProjectionLevel() on a route the interceptor did not project', () => {
    expect(() => levelParameterOf('unprojected', { query: {} })).toThrow(/@Projected/);
  });

  it('leaves routes without @Projected alone', async () => {
    expect(await run('unprojected', [], {})).toEqual(service());
  });
});
