/**
 * Runs replicas as processes that share Redis, whose every command must answer within the
 * services' 250 ms deadline: beside the side-by-side lane's full load Redis once missed it and
 * the replicas fell back to counting alone. It runs beside the other suites that mostly wait
 * (rounds, windows, preStop hooks), which leave the cores about half idle (tools/jest/lanes.js).
 *
 * @lane waiting
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';

import {
  createTestDatabase,
  type ReceivedSpan,
  type ServiceProcess,
  SPAN_KIND,
  startOtlpReceiver,
  startServiceProcess,
  TEST_REDIS_URL as REDIS_URL,
  TestClient,
  type TestDatabase,
  testToken,
  waitUntil,
} from '@portal/testing';

import { DEMO_BRANDED_LETTER, DEMO_BRANDING } from '../src/templates/demo-templates';

const CONFIG_MAIN = path.join(__dirname, '..', '..', 'config-service', 'src', 'main.ts');
const RENDER_MAIN = path.join(__dirname, '..', 'src', 'main.ts');

/** A caller's W3C trace context: a trace id and the id of its own (client) span. */
function callerTrace() {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { traceId, spanId, traceparent: `00-${traceId}-${spanId}-01` };
}

/**
 * config-service and render-service as processes of their own, as they run in the cluster: the
 * demo canton's UI template seeded in config-service, render-service reading it. A tenant of the
 * test's own, so that no branding another test left in the shared Redis spares render-service
 * the call to config-service.
 */
async function startServices(label: string, env: Record<string, string>) {
  const tenant = `${label}_${process.pid}`;
  const databases: TestDatabase[] = [];
  const processes: ServiceProcess[] = [];
  const common = { TENANT: tenant, REDIS_URL, ...env };
  databases.push(await createTestDatabase(`${label}_config`), await createTestDatabase(`${label}_render`));
  processes.push(
    await startServiceProcess({
      main: CONFIG_MAIN,
      env: { ...common, DATABASE_URL: databases[0].url, SEED_DEMO_DATA: 'auto' },
    }),
  );
  const [config] = processes;
  processes.push(
    await startServiceProcess({
      main: RENDER_MAIN,
      env: {
        ...common,
        DATABASE_URL: databases[1].url,
        CONFIG_SERVICE_URL: config.baseUrl,
        RENDER_DEMO_TEMPLATES: 'true',
        RENDER_WORKERS: '1',
        RENDER_TIMEOUT_MS: '60000',
      },
    }),
  );
  const [, render] = processes;
  const renderer = new TestClient(render.baseUrl).withToken(await testToken(['RenderApi_Render']));
  return {
    tenant,
    config,
    render,
    /** The demo branded letter, as HTML, in the canton's branding; `traceparent` sent as given. */
    renderBrandedLetter: (traceparent: string) =>
      renderer.post<string>(
        `/${tenant}/v10-0/render`,
        {
          inputFormat: 'html',
          outputFormat: 'html',
          templateName: DEMO_BRANDED_LETTER.name,
          data: DEMO_BRANDED_LETTER.data,
          rendererOptions: DEMO_BRANDED_LETTER.rendererOptions,
          branding: DEMO_BRANDING,
        },
        { headers: { traceparent, tracestate: 'portal=test' } },
      ),
    /** SIGTERM to both: each sends the spans it still holds before it exits. */
    close: async () => {
      await Promise.all(processes.splice(0).map((running) => running.close()));
      await Promise.all(databases.splice(0).map((database) => database.drop()));
    },
  };
}

const isDatabaseSpan = (span: ReceivedSpan) =>
  span.attributes['db.system.name'] === 'postgresql' || span.attributes['db.system'] === 'postgresql';
const isRedisSpan = (span: ReceivedSpan) =>
  span.attributes['db.system.name'] === 'redis' || span.attributes['db.system'] === 'redis';

describe('traces across the services (processes, real PostgreSQL and Redis)', () => {
  describe('with OTEL_EXPORTER_OTLP_ENDPOINT: a branded render is one trace on the OTLP receiver', () => {
    let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
    let spans: ReceivedSpan[];
    let tenant: string;
    const caller = callerTrace();

    beforeAll(async () => {
      receiver = await startOtlpReceiver();
      const services = await startServices('traces_on', { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint });
      tenant = services.tenant;
      try {
        const response = await services.renderBrandedLetter(caller.traceparent);
        expect(response.status).toBe(200);
        expect(response.text).toContain('.sender { background-color: #D52B1E;');
      } finally {
        // The spans leave in batches; a stop flushes what each process still holds.
        await services.close();
      }
      spans = [...receiver.spans];
      if (process.env['SHOW_SPANS']) console.log(JSON.stringify(spans, null, 1));
    }, 120_000);

    afterAll(async () => {
      await receiver?.close();
    });

    it("exports every span under the caller's trace id", () => {
      expect(spans.length).toBeGreaterThan(0);
      expect(new Set(spans.map((span) => span.traceId))).toEqual(new Set([caller.traceId]));
    });

    it('holds the server spans of both services, named by route, and the branding call between them', () => {
      const renderServer = spans.filter(
        (span) => span.service === 'render-service' && span.kind === SPAN_KIND.server,
      );
      expect(renderServer.map((span) => span.name)).toEqual([`POST /${tenant}/v10-0/render`]);
      const configServer = spans.filter(
        (span) => span.service === 'config-service' && span.kind === SPAN_KIND.server,
      );
      expect(configServer).toHaveLength(1);
      expect(configServer[0].name).toBe(`GET /${tenant}/v10-0/ui-templates/:uiTemplateName/branding`);
      // render's call to config (fetch) is the parent of config's server span.
      const call = spans.find((span) => span.spanId === configServer[0].parentSpanId);
      expect(call).toMatchObject({ service: 'render-service', kind: SPAN_KIND.client });
      expect(String(call?.attributes['url.full'])).toContain(`/ui-templates/${DEMO_BRANDING}/branding`);
      // The caller's span is the parent of render's server span.
      expect(renderServer[0].parentSpanId).toBe(caller.spanId);
    });

    it('holds database and Redis spans', () => {
      expect(spans.filter((span) => span.service === 'config-service' && isDatabaseSpan(span))).not.toEqual(
        [],
      );
      expect(spans.filter((span) => span.service === 'render-service' && isRedisSpan(span))).not.toEqual([]);
      // Redis commands by name only: keys name callers.
      for (const span of spans.filter(isRedisSpan))
        expect(String(span.attributes['db.query.text'] ?? span.attributes['db.statement'])).toMatch(/^\w+$/);
    });

    it("makes one tree: every span's parent is a span of the trace, up to the caller's", () => {
      const ids = new Set(spans.map((span) => span.spanId));
      const orphans = spans.filter(
        (span) => !ids.has(span.parentSpanId) && span.parentSpanId !== caller.spanId,
      );
      expect(orphans).toEqual([]);
      expect(spans.filter((span) => span.parentSpanId === caller.spanId)).toHaveLength(1);
    });
  });

  describe('without OTEL_EXPORTER_OTLP_ENDPOINT: nothing is exported, traceparent still travels', () => {
    it("sends nothing and config-service's request line carries the caller's trace id", async () => {
      const receiver = await startOtlpReceiver();
      // The receiver listens, but no variable names it: nothing must reach it.
      const services = await startServices('traces_off', { OTEL_EXPORTER_OTLP_ENDPOINT: '' });
      const caller = callerTrace();
      try {
        const response = await services.renderBrandedLetter(caller.traceparent);
        expect(response.status).toBe(200);
        // Each logs its line once its answer is sent: render's may come after the answer.
        const requestLine = async (service: ServiceProcess, route: RegExp) => {
          const lines = () =>
            service.linesMatching(/"msg":"request completed"/).filter((line) => route.test(line));
          await waitUntil(() => lines().length > 0, `${route} is logged`);
          return lines().map((line) => JSON.parse(line) as Record<string, unknown>);
        };
        expect(await requestLine(services.config, /\/branding"/)).toEqual([
          expect.objectContaining({ traceId: caller.traceId }),
        ]);
        expect(await requestLine(services.render, /\/v10-0\/render"/)).toEqual([
          expect.objectContaining({ traceId: caller.traceId }),
        ]);
      } finally {
        await services.close();
        await receiver.close();
      }
      expect(receiver.requests).toEqual([]);
    }, 120_000);
  });
});
