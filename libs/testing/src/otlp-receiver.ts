import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One span as an OTLP/HTTP JSON export carries it, with its service's name. */
export interface ReceivedSpan {
  readonly service: string;
  readonly traceId: string;
  readonly spanId: string;
  /** Empty for a root span. */
  readonly parentSpanId: string;
  readonly name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client. */
  readonly kind: number;
  readonly attributes: Readonly<Record<string, string | number | boolean>>;
}

export const SPAN_KIND = { internal: 1, server: 2, client: 3 } as const;

interface OtlpValue {
  readonly stringValue?: string;
  readonly intValue?: string | number;
  readonly doubleValue?: number;
  readonly boolValue?: boolean;
}

interface OtlpAttribute {
  readonly key: string;
  readonly value: OtlpValue;
}

interface OtlpExport {
  readonly resourceSpans?: readonly {
    readonly resource?: { readonly attributes?: readonly OtlpAttribute[] };
    readonly scopeSpans?: readonly {
      readonly spans?: readonly {
        readonly traceId: string;
        readonly spanId: string;
        readonly parentSpanId?: string;
        readonly name: string;
        readonly kind: number;
        readonly attributes?: readonly OtlpAttribute[];
      }[];
    }[];
  }[];
}

const valueOf = ({ stringValue, intValue, doubleValue, boolValue }: OtlpValue) =>
  stringValue ?? (intValue !== undefined ? Number(intValue) : undefined) ?? doubleValue ?? boolValue ?? '';

const attributesOf = (attributes: readonly OtlpAttribute[] = []) =>
  Object.fromEntries(attributes.map(({ key, value }) => [key, valueOf(value)]));

/** The spans of one OTLP/HTTP JSON export (`POST /v1/traces`, ids in hex). */
export function spansOfExport(body: OtlpExport): ReceivedSpan[] {
  return (body.resourceSpans ?? []).flatMap((resourceSpans) => {
    const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '');
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        service,
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? '',
        name: span.name,
        kind: span.kind,
        attributes: attributesOf(span.attributes),
      })),
    );
  });
}

/**
 * A local OTLP/HTTP receiver, as a collector listens for services' traces: the JSON exports
 * (`OTEL_EXPORTER_OTLP_ENDPOINT` set to `endpoint`) are kept, with every request it gets.
 */
export async function startOtlpReceiver(): Promise<{
  readonly endpoint: string;
  readonly spans: ReceivedSpan[];
  /** Every request, export or not: `POST /v1/traces`. */
  readonly requests: string[];
  close(): Promise<void>;
}> {
  const spans: ReceivedSpan[] = [];
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const json = request.method === 'POST' && request.url === '/v1/traces';
      const body = Buffer.concat(chunks);
      // OTEL_EXPORTER_OTLP_COMPRESSION=gzip sends it compressed.
      const text = (request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString(
        'utf8',
      );
      if (json) spans.push(...spansOfExport(JSON.parse(text) as OtlpExport));
      response.writeHead(json ? 200 : 404, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
