// The machine's limit line of `npm run bench:render`: raw pdfmake, fonts parsed once (the service's
// own font set-up, without what the service adds to pdfmake), in as many worker
// threads as the service renders with, going through the document definitions it is given in turn
// for the time given; no HTTP, no template step, no service.
// render-bench.js starts this file as a process of its own with render-service's Node options
// (tools/service-process.js), so that the limit runs under the V8 settings the service runs under;
// its threads keep Node's default heap sizes. It reads { definitions, qrBills, threads, warmupMs,
// measureMs } as JSON on stdin (qrBills, when given: each definition's Swiss QR-bill, drawn by
// swissqrbill on pdfmake's document before it ends, as the library's guide attaches it) and writes { done, latencies } of all threads together as JSON on stdout.
/* global __filename, Buffer, structuredClone, performance -- Node 24 has them */
const { isMainThread, parentPort, Worker, workerData } = require('node:worker_threads');

const DIST = '../../dist/apps/render-service/src';

async function measureInThisThread({ definitions, qrBills, warmupMs, startAt, measureMs }) {
  const pdfmake = require('pdfmake');
  // Fonts parsed once for the thread's life, as a render worker of the service has them; what
  // the service adds to pdfmake beyond that (words kept laid out between documents, faster
  // subset encoding) is its own doing, not raw pdfmake's.
  require(`${DIST}/engine/pdf/fonts`).installFonts(undefined, { raw: true });
  const { SwissQRBill } = require('swissqrbill/pdf');
  let rendered = 0;
  // Each render gets its own copy: pdfmake writes into the definition it is given.
  const render = async () => {
    const index = rendered++ % definitions.length;
    const output = pdfmake.createPdf(structuredClone(definitions[index]));
    if (qrBills) new SwissQRBill(qrBills[index]).attachTo(await output.getStream());
    return output.getBuffer();
  };
  // Warm up (fonts parsed, code optimised), then every thread measures the same window.
  const warmUntil = performance.now() + warmupMs;
  while (performance.now() < warmUntil) await render();
  while (Date.now() < startAt) await new Promise((resolve) => setTimeout(resolve, 1));
  const until = startAt + measureMs;
  let done = 0;
  const latencies = [];
  while (Date.now() < until) {
    const begin = performance.now();
    await render();
    latencies.push(performance.now() - begin);
    done += 1;
  }
  return { done, latencies };
}

async function measureInThreads({ definitions, qrBills, threads, warmupMs, measureMs }) {
  // As the render pool does: the heap options are the main thread's, the threads get their own.
  require(`${DIST}/pool/worker-heap-flags`).leaveHeapLimitsToWorkers();
  // Every thread starts measuring at the same moment, after its warm-up (loading takes a while).
  const startAt = Date.now() + warmupMs + 3000;
  const results = await Promise.all(
    Array.from({ length: threads }, () => {
      const worker = new Worker(__filename, {
        workerData: { definitions, qrBills, warmupMs, startAt, measureMs },
      });
      return new Promise((resolve, reject) => {
        worker.once('message', (message) => {
          resolve(message);
          void worker.terminate();
        });
        worker.once('error', reject);
      });
    }),
  );
  return {
    done: results.reduce((sum, result) => sum + result.done, 0),
    latencies: results.flatMap((result) => result.latencies),
  };
}

if (isMainThread) {
  const chunks = [];
  process.stdin.on('data', (chunk) => chunks.push(chunk));
  process.stdin.on('end', async () => {
    const result = await measureInThreads(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    process.stdout.write(JSON.stringify(result));
  });
} else {
  void measureInThisThread(workerData).then((result) => parentPort.postMessage(result));
}
