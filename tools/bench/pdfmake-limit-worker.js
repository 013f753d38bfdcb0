// One thread of the machine's limit line of `npm run bench:render`: raw pdfmake, fonts parsed
// once (the service's own font set-up), rendering one document definition over and over for the time given; no HTTP, no
// template step, no service. Reports how many documents it finished while every thread ran.
/* global structuredClone, performance -- Node 20 has them */
const { parentPort, workerData } = require('node:worker_threads');

const pdfmake = require('pdfmake');

// Fonts parsed once for the thread's life, exactly as a render worker of the service has them.
require('../../dist/apps/render-service/src/rendering/fonts').installFonts(undefined);

const { definition, warmupMs, startAt, measureMs } = workerData;
// Each render gets its own copy: pdfmake writes into the definition it is given.
const render = () => pdfmake.createPdf(structuredClone(definition)).getBuffer();

(async () => {
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
  parentPort.postMessage({ done, latencies });
})();
