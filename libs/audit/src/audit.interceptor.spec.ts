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
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { NestFactory, Reflector } from '@nestjs/core';
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
  class ProjectionLike implements NestInterceptor {
    intercept(_context: ExecutionContext, next: CallHandler) {
      return next.handle();
    }
  }

  abstract class VersionedRoutes {
    @Get(':name')
    read(): void {}

    @Put(':name')
    @UseInterceptors(ProjectionLike)
    update(): void {}

    @Delete(':name')
    remove(): void {}
  }

  @Controller('v10-0/things')
  class ThingsV10Controller extends VersionedRoutes {}

  @Controller('v9-1/things')
  class ThingsV9Controller extends VersionedRoutes {
    @Post()
    create(): void {}

    @Post('render')
    @NotAudited()
    render(): void {}

    notARoute(): void {}
  }

  @Module({ controllers: [ThingsV10Controller, ThingsV9Controller] })
  class ThingsModule {}

  const interceptorsOf = (route: keyof ThingsV9Controller): unknown[] =>
    (Reflect.getMetadata(INTERCEPTORS_METADATA, Reflect.get(ThingsV9Controller.prototype, route)) ??
      []) as unknown[];

  it('puts the interceptor on each write route once, ahead of its own, and on no read', async () => {
    const app = await NestFactory.createApplicationContext(ThingsModule, { logger: false });
    const interceptor = new AuditInterceptor(new Reflector(), {} as DataSource);
    try {
      expect(auditWriteRoutes(app, interceptor)).toBe(3);
      // Idempotent: a second call (another app in the same process) adds nothing.
      auditWriteRoutes(app, interceptor);
      expect(interceptorsOf('update')).toEqual([interceptor, ProjectionLike]);
      expect(interceptorsOf('remove')).toEqual([interceptor]);
      expect(interceptorsOf('create')).toEqual([interceptor]);
      expect(interceptorsOf('read')).toEqual([]);
      expect(interceptorsOf('render')).toEqual([]);
      expect(interceptorsOf('notARoute')).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
