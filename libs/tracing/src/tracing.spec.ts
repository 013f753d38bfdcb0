import { ROOT_CONTEXT, SpanKind, trace, TraceFlags } from '@opentelemetry/api';
import { SamplingDecision } from '@opentelemetry/sdk-trace';

import { exportsTraces, InvalidTracingEnvironmentError, redactedQuery, samplerOf } from './tracing';

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';

/** The sampler's decision for a root span of TRACE_ID. */
const decisionOf = (env: NodeJS.ProcessEnv) =>
  samplerOf(env).shouldSample(ROOT_CONTEXT, TRACE_ID, 'GET /x', SpanKind.SERVER, {}, []).decision;

describe('exportsTraces', () => {
  it('exports when an OTLP endpoint is set, and only then', () => {
    expect(exportsTraces({})).toBe(false);
    expect(exportsTraces({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBe(false);
    expect(exportsTraces({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(exportsTraces({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(
      true,
    );
  });
});

describe('samplerOf', () => {
  it('follows the caller by default and samples a new trace (parentbased_always_on)', () => {
    expect(samplerOf({}).toString()).toMatch(/ParentBased\{root=AlwaysOnSampler/);
    expect(decisionOf({})).toBe(SamplingDecision.RECORD_AND_SAMPLED);
  });

  it('takes the specification’s names and ratio', () => {
    expect(decisionOf({ OTEL_TRACES_SAMPLER: 'always_off' })).toBe(SamplingDecision.NOT_RECORD);
    expect(decisionOf({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0' })).toBe(
      SamplingDecision.NOT_RECORD,
    );
    expect(
      decisionOf({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '1' }),
    ).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(samplerOf({ OTEL_TRACES_SAMPLER: 'parentbased_always_off' }).toString()).toMatch(
      /AlwaysOffSampler/,
    );
  });

  it('refuses a sampler it does not know and a ratio outside 0..1', () => {
    expect(() => samplerOf({ OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(
      new InvalidTracingEnvironmentError(
        'OTEL_TRACES_SAMPLER=sometimes is not one of always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off, parentbased_traceidratio.',
      ),
    );
    for (const ratio of ['1.5', '-0.1', 'half'])
      expect(() =>
        samplerOf({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: ratio }),
      ).toThrow(`OTEL_TRACES_SAMPLER_ARG=${ratio} is not a ratio from 0 to 1.`);
  });

  it("follows the caller's sampled flag under the default", () => {
    const callerWith = (traceFlags: TraceFlags) =>
      trace.setSpanContext(ROOT_CONTEXT, {
        traceId: TRACE_ID,
        spanId: 'b7ad6b7169203331',
        traceFlags,
        isRemote: true,
      });
    const decide = (traceFlags: TraceFlags) =>
      samplerOf({}).shouldSample(callerWith(traceFlags), TRACE_ID, 'GET /x', SpanKind.SERVER, {}, [])
        .decision;
    expect(decide(TraceFlags.SAMPLED)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide(TraceFlags.NONE)).toBe(SamplingDecision.NOT_RECORD);
  });
});

describe('redactedQuery', () => {
  it('keeps the names of a query, never its values', () => {
    expect(redactedQuery('/demo/v10-0/profiles')).toBeUndefined();
    expect(redactedQuery(undefined)).toBeUndefined();
    expect(redactedQuery('/demo/v10-0/profiles?EmailContains=zoe%40example.ch&PageSize=20&PageSize=5')).toBe(
      'EmailContains=REDACTED&PageSize=REDACTED',
    );
    expect(redactedQuery('/x?a%20b=1&=2')).toBe('a%20b=REDACTED&=REDACTED');
  });
});
