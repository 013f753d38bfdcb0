import { Body, Controller, type ExecutionContext, Get, Param, Put, Query, type Type } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiPropertyOptional, ApiQuery } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString } from 'class-validator';

import { ValidationProblemError } from '@portal/problem-details';

import { routeInputsOf } from './route-inputs';
import { StrictInputGuard } from './strict-input.guard';

class LinkDto {
  @ApiProperty() @IsString() readonly name!: string;
  @ApiPropertyOptional() @IsOptional() readonly isNewTab?: boolean;
}

class WriteDto {
  @ApiProperty() @IsString() readonly displayName!: string;
  @ApiPropertyOptional({ type: [LinkDto] }) readonly links?: LinkDto[];
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) readonly data?: object;
}

class ReadResponse {
  @ApiProperty() readonly id!: number;
  @ApiProperty() readonly createStamp!: string;
  @ApiProperty() readonly displayName!: string;
}

class ListQuery {
  @IsOptional() @IsInt() readonly PageSize?: number;
}

abstract class Routes {
  @Get()
  list(@Query() _query: ListQuery): void {}

  @Get(':id')
  @ApiQuery({ name: 'Select', required: false })
  read(@Param('id') _id: string, @Query('Limited') _limited: string): void {}

  @Put(':id')
  @ApiOkResponse({ type: ReadResponse })
  update(@Param('id') _id: string, @Body() _body: WriteDto): void {}
}

@Controller('v10-0/things')
class V10Routes extends Routes {}

@Controller('v9-1/things')
class V9Routes extends Routes {}

type Handler = (...args: never[]) => unknown;
// eslint-disable-next-line @typescript-eslint/unbound-method -- the handler as Nest holds it, never called
const handlerOf = (name: keyof Routes): Handler => Routes.prototype[name];

function contextOf(
  controller: Type,
  name: keyof Routes,
  request: { query?: object; body?: unknown },
): ExecutionContext {
  return {
    getType: () => 'http',
    getClass: () => controller,
    getHandler: () => handlerOf(name),
    switchToHttp: () => ({ getRequest: () => ({ query: {}, ...request }) }),
  } as unknown as ExecutionContext;
}

function refusal(run: () => unknown): Record<string, string[]> {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationProblemError) return error.errors;
    throw error;
  }
  throw new Error('not refused');
}

describe('routeInputsOf', () => {
  it('reads the body, the query DTO, single query parameters and 2xx responses of an inherited handler', () => {
    expect(routeInputsOf(V10Routes, handlerOf('update'))).toMatchObject({
      controllerPaths: ['v10-0/things'],
      bodyType: WriteDto,
      queryType: undefined,
      responseTypes: [ReadResponse],
    });
    expect(routeInputsOf(V10Routes, handlerOf('list'))).toMatchObject({
      queryType: ListQuery,
      queryNames: [],
    });
    expect(routeInputsOf(V9Routes, handlerOf('read')).queryNames).toEqual(
      expect.arrayContaining(['Limited', 'Select']),
    );
  });
});

describe('StrictInputGuard', () => {
  const guard = new StrictInputGuard();

  it('lets through what the operation knows, response properties and free-form JSON included', () => {
    const body = {
      id: 1,
      createStamp: 'x',
      displayName: 'A',
      links: [{ name: 'n', isNewTab: true }],
      data: { any: { thing: 1 } },
    };
    expect(guard.canActivate(contextOf(V10Routes, 'update', { body }))).toBe(true);
    expect(guard.canActivate(contextOf(V10Routes, 'list', { query: { pagesize: '1' } }))).toBe(true);
    expect(guard.canActivate(contextOf(V10Routes, 'read', { query: { select: 'a', LIMITED: '1' } }))).toBe(
      true,
    );
  });

  it('refuses unknown body properties and query parameters under v10-0, on their paths and names', () => {
    const body = { displayName: 'A', links: [{ name: 'n' }, { name: 'n', isNewTap: true }] };
    expect(
      refusal(() => guard.canActivate(contextOf(V10Routes, 'update', { body, query: { Limitd: '1' } }))),
    ).toEqual({
      Limitd: ['Limitd: unknown parameter; this operation takes none'],
      'links[1].isNewTap': ['isNewTap: unknown property; did you mean isNewTab?'],
    });
    expect(
      refusal(() => guard.canActivate(contextOf(V10Routes, 'read', { query: { Limitd: '1' } }))),
    ).toEqual({
      Limitd: ['Limitd: unknown parameter; did you mean Limited?'],
    });
  });

  it('keeps both when a body property and a query parameter share a name', () => {
    const context = contextOf(V10Routes, 'update', { body: { displayName: 'A', zz: 1 }, query: { zz: '1' } });
    expect(refusal(() => guard.canActivate(context))).toEqual({
      zz: [
        'zz: unknown parameter; this operation takes none',
        'zz: unknown property; known: displayName, links, data, id, createStamp',
      ],
    });
  });

  it('reports at most 100 unknown names', () => {
    const query = Object.fromEntries(Array.from({ length: 300 }, (_, index) => [`p${index}`, '1']));
    const body = Object.fromEntries(Array.from({ length: 300 }, (_, index) => [`b${index}`, 1]));
    expect(
      Object.keys(refusal(() => guard.canActivate(contextOf(V10Routes, 'update', { query, body })))),
    ).toHaveLength(100);
  });

  it('leaves v9-1 tolerant', () => {
    const body = { displayName: 'A', colour: 'red', links: [{ name: 'n', isNewTap: true }] };
    expect(guard.canActivate(contextOf(V9Routes, 'update', { body, query: { Limitd: '1' } }))).toBe(true);
  });
});
