import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import Fastify, { type FastifyInstance } from 'fastify';

import { registerTraceContext } from './tracing';

const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

describe('registerTraceContext without an exporter', () => {
  let fastify: FastifyInstance;
  const contextManager = new AsyncLocalStorageContextManager();

  beforeAll(async () => {
    // As startTracing sets them up whether or not it exports.
    context.setGlobalContextManager(contextManager.enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    fastify = Fastify();
    registerTraceContext(fastify);
    // What a call made later in the request would send on, after an await.
    fastify.get('/read', async () => {
      await new Promise((resolve) => setImmediate(resolve));
      const carrier: Record<string, string> = {};
      propagation.inject(context.active(), carrier);
      return { traceId: trace.getSpanContext(context.active())?.traceId ?? null, carrier };
    });
    await fastify.ready();
  });

  afterAll(async () => {
    await fastify.close();
    context.disable();
    propagation.disable();
  });

  const read = async (headers: Record<string, string>) =>
    (await fastify.inject({ method: 'GET', url: '/read', headers })).json<{
      traceId: string | null;
      carrier: Record<string, string>;
    }>();

  it("runs the request in the caller's trace and sends traceparent and tracestate on", async () => {
    expect(await read({ traceparent: TRACEPARENT, tracestate: 'portal=1' })).toEqual({
      traceId: '0af7651916cd43dd8448eb211c80319c',
      carrier: { traceparent: TRACEPARENT, tracestate: 'portal=1' },
    });
  });

  it('leaves a request without a valid traceparent outside any trace', async () => {
    expect(await read({})).toEqual({ traceId: null, carrier: {} });
    expect(await read({ traceparent: '00-not-a-trace-01' })).toEqual({ traceId: null, carrier: {} });
  });
});
