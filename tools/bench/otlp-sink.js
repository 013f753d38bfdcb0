#!/usr/bin/env node
// A local OTLP/HTTP receiver for `npm run bench:config` with traces exported: it takes the JSON
// exports (`POST /v1/traces`), counts their spans and answers 200, as a collector would, in a
// process of its own so that its parsing does not share the measured service's event loop.
// Usage: node tools/bench/otlp-sink.js [port]   (default 4318, OTLP/HTTP's own), then
//   OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318 npm run bench:config
// Prints the spans received every 10 s and when stopped (Ctrl-C).
const { Buffer } = require('node:buffer');
const { createServer } = require('node:http');
const { setInterval } = require('node:timers');
const { gunzipSync } = require('node:zlib');

const port = Number(process.argv[2] ?? 4318);
let batches = 0;
let spans = 0;

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    if (request.method !== 'POST' || request.url !== '/v1/traces') {
      response.writeHead(404).end();
      return;
    }
    const body = Buffer.concat(chunks);
    const text = (request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8');
    for (const resource of JSON.parse(text).resourceSpans ?? [])
      for (const scope of resource.scopeSpans ?? []) spans += (scope.spans ?? []).length;
    batches += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

const report = () => console.log(`otlp-sink: ${spans} spans in ${batches} exports`);
server.listen(port, '127.0.0.1', () => console.log(`otlp-sink: listening on http://127.0.0.1:${port}`));
setInterval(report, 10_000).unref();
process.once('SIGINT', () => {
  report();
  process.exit(0);
});
process.once('SIGTERM', () => {
  report();
  process.exit(0);
});
