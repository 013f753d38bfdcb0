import { createHash } from 'node:crypto';

import {
  type CallHandler,
  Controller,
  Delete,
  type ExecutionContext,
  Get,
  Module,
  type NestInterceptor,
  Post,
  Put,
  UseInterceptors,
} from '@nestjs/common';
import { NestFactory, Reflector } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { DataSource } from 'typeorm';

import { AuditInterceptor, auditWriteRoutes, describeWrite, NotAudited } from './audit.interceptor';

describe('describeWrite', () => {
  const request = (route: string, params: Record<string, string>, body: unknown = {}) =>
    ({
      method: 'POST',
      url: route,
      routeOptions: { url: route },
      params,
      body,
      principal: { subject: 'portal-frontend' },
    }) as unknown as Parameters<typeof describeWrite>[0];

  it('records the path ids of the route in order, and the subject', () => {
    const write = describeWrite(
      request('/demo/v10-0/profiles/:principalProfileId/outbound-procurations/:representativeProfileId', {
        principalProfileId: '12',
        representativeProfileId: '7',
      }),
      undefined,
      { createdBy: true, updatedBy: false },
    );
    expect(write).toMatchObject({
      resource: 'profiles/outbound-procurations',
      pathIds: ['12', '7'],
      subject: 'portal-frontend',
      successStatus: 201,
    });
  });

  it('never records an invite token: the start of its digest stands for it', () => {
    const token = 'Zm9vYmFyYmF6cXV4cXV1eHh5enp5MTIzNDU2Nzg5MGFi';
    const write = describeWrite(request('/demo/v10-0/procuration-invites/:token/consume', { token }), 200, {
      createdBy: false,
      updatedBy: true,
    });
    const digest = createHash('sha256').update(token).digest('hex');
    expect(write.pathIds).toEqual([`sha256:${digest.slice(0, 16)}`]);
    expect(JSON.stringify(write)).not.toContain(token);
  });
});

describe('auditWriteRoutes', () => {
  /** What ran, in order, for the request in flight. */
  const ran: string[] = [];

  class ProjectionLike implements NestInterceptor {
    intercept(_context: ExecutionContext, next: CallHandler) {
      ran.push('projection');
      return next.handle();
    }
  }

  abstract class VersionedRoutes {
    @Get(':name')
    read(): string {
      return 'read';
    }

    @Put(':name')
    @UseInterceptors(ProjectionLike)
    update(): string {
      return 'updated';
    }

    @Delete(':name')
    remove(): void {}
  }

  @Controller('v10-0/things')
  class ThingsV10Controller extends VersionedRoutes {}

  @Controller('v9-1/things')
  class ThingsV9Controller extends VersionedRoutes {
    @Post()
    create(): string {
      return 'created';
    }

    @Post('render')
    @NotAudited()
    render(): string {
      return 'rendered';
    }
  }

  @Module({ controllers: [ThingsV10Controller, ThingsV9Controller] })
  class ThingsModule {}

  /** An app whose audit interceptor only says that it ran. */
  async function appNamed(name: string): Promise<NestFastifyApplication> {
    const app = await NestFactory.create<NestFastifyApplication>(ThingsModule, new FastifyAdapter(), {
      logger: false,
    });
    class Recording extends AuditInterceptor {
      override intercept(_context: ExecutionContext, next: CallHandler) {
        ran.push(`audit ${name}`);
        return next.handle();
      }
    }
    expect(auditWriteRoutes(app, new Recording(new Reflector(), {} as DataSource))).toBe(3);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    return app;
  }

  let first: NestFastifyApplication;
  let second: NestFastifyApplication;

  beforeAll(async () => {
    first = await appNamed('first');
    second = await appNamed('second');
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  const send = async (
    app: NestFastifyApplication,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
  ) => {
    ran.length = 0;
    const response = await app.inject({ method, url });
    expect(response.statusCode).toBeLessThan(300);
    return [...ran];
  };

  it("runs the app's own interceptor on each write route, ahead of the route's own", async () => {
    expect(await send(first, 'POST', '/v9-1/things')).toEqual(['audit first']);
    expect(await send(second, 'POST', '/v9-1/things')).toEqual(['audit second']);
    expect(await send(second, 'PUT', '/v10-0/things/a')).toEqual(['audit second', 'projection']);
    expect(await send(first, 'PUT', '/v9-1/things/a')).toEqual(['audit first', 'projection']);
    expect(await send(first, 'DELETE', '/v10-0/things/a')).toEqual(['audit first']);
  });

  it('leaves reads and @NotAudited routes without it', async () => {
    expect(await send(first, 'GET', '/v10-0/things/a')).toEqual([]);
    expect(await send(second, 'GET', '/v9-1/things/a')).toEqual([]);
    expect(await send(first, 'POST', '/v9-1/things/render')).toEqual([]);
  });
});
