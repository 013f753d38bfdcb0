#!/usr/bin/env node
// Benchmarks render-service over HTTP beside raw pdfmake rendering the same documents in this
// process on one core, in the same run, on a database of its own that is dropped at the end.
// The service runs as its own process (node dist/apps/render-service/src/main.js), so that its
// resident memory can be read on its own: after 1 000 and after 10 000 invoice renders.
// Usage: npm run bench:render   (builds dist/ first)
// Documents: a one-page invoice (json to pdf, 15 table rows), a 20-page report (a 600-row
// table) and the invoice with its Swiss QR-bill (data.qrBill: the payment part and receipt at the
// bottom of the page), all saved as templates and rendered by name, each render with other data.
// The targets are the invoice's and the report's; the QR-bill invoice is measured beside them (its
// limit: raw pdfmake with raw swissqrbill drawing the part on pdfmake's document).
// Before each document's run at 8 connections it measures the machine's limit for it: raw pdfmake
// in as many threads as the service has render workers (pdfmake-limit.js).
// Environment: BENCH_SECONDS (default 10) per measured run, each after a discarded 2 s warm-up;
//   BENCH_MEMORY_RENDERS (default 10000) invoices rendered for the memory reading;
//   BENCH_DATABASE_ADMIN_URL (default the local PostgreSQL, else the embedded engine);
//   BENCH_WORKERS (default 1): worker threads autocannon sends from (0: this thread).
// At 8 connections it also reads the CPU each thread of the service used per render (main thread,
// render workers, the process's other threads) and the load generator's own.
// Fairness (contract 10): a polite caller's one-page renders at one connection, alone and then
// while a greedy caller keeps 24 renders of the report in flight; target: p99 within 3x.
// Render jobs have their own benchmark: npm run bench:render-jobs.
// The last line of output is one JSON object with the results.
/* global Buffer, performance, structuredClone -- Node 24 has them; the shared lint config lists only a few globals */
require('reflect-metadata');

const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const { cpus } = require('node:os');
const path = require('node:path');

const autocannon = require('autocannon');

const {
  createBenchDatabase,
  measure,
  positiveNumber,
  printTable,
  round,
  rssMb,
  runBenchmark,
  startServiceProcess,
  timeoutSignal,
  UNLIMITED_RATES,
  workerCount,
} = require('./bench-support');
const { mainOf, nodeArgsOf } = require('../service-process');

const ROOT = path.resolve(__dirname, '..', '..');
if (!existsSync(path.join(ROOT, mainOf('render-service')))) {
  console.error('dist/ is missing: run `node tools/build.js` first (npm run bench:render does).');
  process.exit(1);
}
const { mintDevelopmentToken, DEVELOPMENT_JWT_SECRET } = require('../../dist/libs/auth/src');
const { startEmbeddedDatabase, ensureDatabase, isReachable } = require('../../dist/libs/database/src');
const { TemplateCache } = require('../../dist/apps/render-service/src/engine/template/template-engine');
const {
  OutputBudget,
  DEFAULT_OUTPUT_LIMITS,
} = require('../../dist/apps/render-service/src/engine/common/output-budget');

const WARMUP_SECONDS = 2;
const CONNECTIONS = [1, 8, 32];
const TENANT = 'bench';
const TARGETS = {
  throughputRatio: 2,
  memoryGrowth: 0.2,
  shareOfLimit: 0.9,
  tailToMedian: 3,
  rssMb: 300,
  fairness: 3,
};

// ---- The documents (render-documents.js, shared with bench:render-jobs) ----

const { DOCUMENTS } = require('./render-documents');

/** The QR-bill of each variant, for the raw libraries (none for a document without). */
const qrBillsOf = (document) =>
  document.variants[0].qrBill ? document.variants.map((data) => data.qrBill) : undefined;

// ---- The service, as its own process ----

function startService(databaseUrl, cleanups) {
  return startServiceProcess(
    'render-service',
    { TENANT, DATABASE_URL: databaseUrl, RENDER_DEMO_TEMPLATES: 'false', ...UNLIMITED_RATES },
    cleanups,
  );
}

function renderBody(document, data) {
  return JSON.stringify({
    inputFormat: 'json',
    outputFormat: 'pdf',
    templateName: `bench-${document.key}`,
    data: JSON.stringify(data),
    rendererOptions: JSON.stringify({ locale: 'de-CH' }),
  });
}

/** autocannon's requests: each connection goes through the document's variants in turn. */
const renderRequests = (document) =>
  document.variants.map((data) => ({
    method: 'POST',
    path: `/${TENANT}/v10-0/render`,
    body: renderBody(document, data),
  }));

async function saveTemplates(baseUrl, token) {
  for (const document of DOCUMENTS) {
    const response = await fetch(`${baseUrl}/${TENANT}/v10-0/templates/bench-${document.key}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data: document.template, inputFormat: 'json' }),
      signal: timeoutSignal(30_000),
    });
    if (response.status !== 201)
      throw new Error(`Saving bench-${document.key}: ${response.status} ${await response.text()}`);
  }
}

/** One render through each document before measuring, so a broken one fails loudly. */
async function expectPdf(baseUrl, token, document) {
  const response = await fetch(`${baseUrl}/${TENANT}/v10-0/render`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: renderBody(document, document.variants[0]),
    signal: timeoutSignal(30_000),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200 || bytes.subarray(0, 5).toString() !== '%PDF-')
    throw new Error(`${document.key}: answered ${response.status}: ${bytes.subarray(0, 500).toString()}`);
  const pages = (bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  console.log(`  ${document.key}: ${bytes.length} bytes, ${pages} page(s)`);
  return pages;
}

// ---- Raw pdfmake in this process, on this one thread ----

/** The pdfmake documents the template yields for its variants, as the service's template step makes them. */
function documentDefinitionsOf(document) {
  const template = new TemplateCache().get(document.template, 'json');
  return document.variants.map((data) =>
    JSON.parse(
      template.render({
        data,
        locale: 'de-CH',
        budget: new OutputBudget(DEFAULT_OUTPUT_LIMITS.pdfBytes, 'RENDER_MAX_PDF_BYTES'),
      }),
    ),
  );
}

/** pdfmake as its server-side guide sets it up: fonts named by file path; nothing fetched. */
function rawPdfmake() {
  const pdfmake = require('pdfmake');
  const fonts = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  pdfmake.addFonts({
    Roboto: {
      normal: path.join(fonts, 'Roboto-Regular.ttf'),
      bold: path.join(fonts, 'Roboto-Medium.ttf'),
      italics: path.join(fonts, 'Roboto-Italic.ttf'),
      bolditalics: path.join(fonts, 'Roboto-MediumItalic.ttf'),
    },
  });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((file) => file.startsWith(fonts));
  return pdfmake;
}

async function measureBaseline(pdfmake, document, seconds) {
  const definitions = documentDefinitionsOf(document);
  const qrBills = qrBillsOf(document);
  const { SwissQRBill } = require('swissqrbill/pdf');
  let rendered = 0;
  // Each render gets its own copy: pdfmake writes into the definition it is given.
  const render = async () => {
    const index = rendered++ % definitions.length;
    const output = pdfmake.createPdf(structuredClone(definitions[index]));
    // The QR-bill as the library's guide attaches it: on the pdfkit document, before it ends.
    if (qrBills) new SwissQRBill(qrBills[index]).attachTo(await output.getStream());
    return output.getBuffer();
  };
  const warmupUntil = performance.now() + WARMUP_SECONDS * 1000;
  while (performance.now() < warmupUntil) await render();
  const latencies = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  while (performance.now() < until) {
    const begin = performance.now();
    await render();
    latencies.push(performance.now() - begin);
  }
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const quantile = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return {
    scenario: `baseline_${document.key}`,
    label: `raw pdfmake in-process, 1 core: ${document.key}`,
    connections: 1,
    rps: latencies.length / elapsed,
    p50: round(quantile(0.5), 1),
    p99: round(quantile(0.99), 1),
    total: latencies.length,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
  };
}

/**
 * The machine's limit: raw pdfmake (fonts parsed once) in as many worker threads as the service
 * renders with, all at once, no HTTP and no template step, in a process started with the service's
 * Node options (pdfmake-limit.js). What the service can reach at best.
 */
function measureLimit(document, threads, seconds) {
  const input = JSON.stringify({
    definitions: documentDefinitionsOf(document),
    qrBills: qrBillsOf(document),
    threads,
    warmupMs: WARMUP_SECONDS * 1000,
    measureMs: seconds * 1000,
  });
  const output = execFileSync(
    process.execPath,
    [...nodeArgsOf('render-service'), path.join(__dirname, 'pdfmake-limit.js')],
    { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const { done: total, latencies: unsorted } = JSON.parse(output);
  const latencies = unsorted.sort((a, b) => a - b);
  const quantile = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return {
    scenario: `limit_${document.key}`,
    label: `machine limit: raw pdfmake in ${threads} thread(s): ${document.key}`,
    connections: threads,
    rps: total / seconds,
    p50: round(quantile(0.5), 1),
    p99: round(quantile(0.99), 1),
    total,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
  };
}

// ---- Where the CPU goes ----

/** CPU time of each thread of a process so far, in ms, by thread id (Linux: /proc/<pid>/task). */
function threadCpu(pid) {
  const ticksToMs = 10; // USER_HZ is 100 on Linux
  const threads = new Map();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      // Fields after the command name: state is the first, utime the 12th, stime the 13th.
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
      threads.set(tid, (Number(fields[11]) + Number(fields[12])) * ticksToMs);
    } catch {
      // the thread has ended
    }
  }
  return threads;
}

/**
 * CPU per render between two readings: the main thread (HTTP), the render workers (the busiest
 * threads besides the main one, as many as the service has workers), the process's other threads
 * (V8's garbage-collection helpers, libuv), and this process, where autocannon runs.
 */
function cpuSplit(before, after, loadUsage, { pid, renderWorkers, renders }) {
  const used = [...after].map(([tid, ms]) => ({ tid, ms: ms - (before.get(tid) ?? 0) }));
  const main = used.find((thread) => thread.tid === String(pid))?.ms ?? 0;
  const others = used.filter((thread) => thread.tid !== String(pid)).sort((a, b) => b.ms - a.ms);
  const sum = (threads) => threads.reduce((total, thread) => total + thread.ms, 0);
  const perRender = (ms) => round(ms / Math.max(1, renders), 2);
  return {
    render_workers: perRender(sum(others.slice(0, renderWorkers))),
    other_threads: perRender(sum(others.slice(renderWorkers))),
    main_thread: perRender(main),
    load_generator: perRender((loadUsage.user + loadUsage.system) / 1000),
  };
}

// ---- Fairness between callers ----

/** A small document a polite caller asks for: one text line as a one-page PDF. */
const SMALL_RENDER = JSON.stringify({
  inputFormat: 'txt',
  outputFormat: 'pdf',
  templateData: 'Ihre Anfrage vom {{date}} ist eingegangen.',
  data: JSON.stringify({ date: '28.11.2026' }),
});

/** Callers are token subjects: the polite one and the greedy one have tokens of their own. */
const callerToken = (subject) =>
  mintDevelopmentToken({
    secret: process.env.AUTH_JWT_SECRET || DEVELOPMENT_JWT_SECRET,
    roles: ['RenderApi_Render'],
    subject,
    expiresInSeconds: 3 * 3600,
  });

/**
 * Contract 10, fair rendering: a polite caller's small renders at one connection, alone, then
 * while a greedy caller keeps 24 renders of the 20-page report in flight (its own queue full).
 * Target: the polite p99 beside the greedy caller within TARGETS.fairness times its p99 alone.
 */
async function measureFairness(baseUrl, seconds, workers) {
  const [polite, greedy] = await Promise.all([callerToken('bench-polite'), callerToken('bench-greedy')]);
  const politeScenario = (key, label) => ({
    key,
    label,
    baseUrl,
    headers: { authorization: `Bearer ${polite}`, 'content-type': 'application/json' },
    requests: [{ method: 'POST', path: `/${TENANT}/v10-0/render`, body: SMALL_RENDER }],
    timeoutSeconds: 60,
  });
  const quiet = await measure(
    politeScenario('fair_quiet', 'polite caller alone: 1-page txt→pdf'),
    1,
    seconds,
    workers,
    WARMUP_SECONDS,
  );
  const report = DOCUMENTS.find((document) => document.key === 'report');
  const greedyRun = autocannon({
    url: baseUrl,
    connections: 24,
    duration: seconds + WARMUP_SECONDS + 4,
    timeout: 120,
    headers: { authorization: `Bearer ${greedy}`, 'content-type': 'application/json' },
    requests: renderRequests(report),
    ...(workers > 0 ? { workers } : {}),
  });
  // The greedy caller's queue fills before the polite caller measures.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const busy = await measure(
    politeScenario('fair_beside_greedy', 'polite caller beside 24 reports of a greedy one'),
    1,
    seconds,
    workers,
    WARMUP_SECONDS,
  );
  const greedyResult = await greedyRun;
  return {
    quiet,
    busy,
    greedyRenders: greedyResult.requests.total,
    greedyFailures: greedyResult.non2xx + greedyResult.errors,
  };
}

// ---- The run ----

async function renderInvoices(baseUrl, token, amount, workers) {
  const result = await autocannon({
    url: baseUrl,
    connections: 8,
    amount,
    timeout: 60,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    requests: renderRequests(DOCUMENTS[0]),
    ...(workers > 0 ? { workers } : {}),
  });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) console.warn(`WARNING memory run: ${failures} failed renders of ${amount}`);
  return result.requests.total;
}

async function main(cleanups) {
  const seconds = positiveNumber('BENCH_SECONDS', 10);
  const memoryRenders = positiveNumber('BENCH_MEMORY_RENDERS', 10_000);
  const workers = workerCount();

  const database = await createBenchDatabase('bench_render', cleanups, {
    startEmbeddedDatabase,
    ensureDatabase,
    isReachable,
  });
  const service = await startService(database.url, cleanups);
  const token = await mintDevelopmentToken({
    secret: process.env.AUTH_JWT_SECRET || DEVELOPMENT_JWT_SECRET,
    roles: ['RenderApi_Render', 'RenderApi_Templates'],
    subject: 'bench',
    expiresInSeconds: 3 * 3600,
  });
  console.log(`render-service (pid ${service.pid}) on ${service.baseUrl}, ${cpus().length} CPUs`);
  await saveTemplates(service.baseUrl, token);
  const pages = {};
  for (const document of DOCUMENTS) pages[document.key] = await expectPdf(service.baseUrl, token, document);

  // 1. Memory: resident size after 1 000 invoices, then after 10 000, on the fresh service.
  const memoryStarted = Date.now();
  const rssStart = rssMb(service.pid);
  let rendered = 2 + (await renderInvoices(service.baseUrl, token, 1000 - 2, workers));
  const rss1k = rssMb(service.pid);
  // BENCH_MEMORY_RENDERS of 1000 or less: the reading after 1 000 is the last (autocannon refuses 0).
  if (memoryRenders > rendered)
    rendered += await renderInvoices(service.baseUrl, token, memoryRenders - rendered, workers);
  const rss10k = rssMb(service.pid);
  console.log(
    `Memory: ${rssStart} MiB at start, ${rss1k} MiB after 1000 renders, ${rss10k} MiB after ${rendered} ` +
      `(${Math.round((Date.now() - memoryStarted) / 1000)} s)`,
  );

  // 2. Over HTTP: each document at each concurrency; before 8 connections, the machine's limit.
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const rows = [];
  const limits = [];
  const renderWorkers = Number(process.env.RENDER_WORKERS) || cpus().length;
  const cpuPerRender = {};
  console.log(
    `Measuring ${DOCUMENTS.length * CONNECTIONS.length} HTTP runs of ${seconds} s (+${WARMUP_SECONDS} s warm-up each), ` +
      `load from ${workers === 0 ? 'this thread' : `${workers} worker thread(s)`}`,
  );
  for (const document of DOCUMENTS) {
    for (const connections of CONNECTIONS) {
      const scenario = {
        key: document.key,
        label: `service POST /render: ${document.label}`,
        baseUrl: service.baseUrl,
        headers: auth,
        requests: renderRequests(document),
        timeoutSeconds: 60,
      };
      let row;
      if (connections === 8) {
        // The machine's limit for this document just before the run it is compared with: this
        // machine's speed drifts by 20 % and more within the half hour, and the share should not.
        const limit = measureLimit(document, renderWorkers, seconds);
        console.log(`  ${limit.scenario}: ${limit.rps.toFixed(1)} renders/s in ${renderWorkers} threads`);
        limits.push(limit);
        // Where the CPU goes at 8 connections: the warm-up apart, so that only the measured run counts.
        await measure(scenario, connections, WARMUP_SECONDS, workers, 0);
        const before = threadCpu(service.pid);
        const load = process.cpuUsage();
        row = await measure(scenario, connections, seconds, workers, 0);
        cpuPerRender[document.key] = cpuSplit(before, threadCpu(service.pid), process.cpuUsage(load), {
          pid: service.pid,
          renderWorkers,
          renders: row.total,
        });
      } else {
        row = await measure(scenario, connections, seconds, workers, WARMUP_SECONDS);
      }
      console.log(
        `  ${document.key} c${connections}: ${row.rps.toFixed(1)} renders/s, p50 ${row.p50} ms, p99 ${row.p99} ms`,
      );
      rows.push(row);
    }
  }

  // 3. Fairness: a polite caller's small renders, alone and beside a greedy caller's 24 reports.
  const fairness = await measureFairness(service.baseUrl, seconds, workers);
  console.log(
    `  fairness: polite p99 ${fairness.quiet.p99} ms alone, ${fairness.busy.p99} ms beside 24 reports in flight ` +
      `(${fairness.greedyRenders} reports rendered meanwhile)`,
  );
  rows.push(fairness.quiet, fairness.busy);

  // 4. Raw pdfmake, the same documents, here, one after another (the service stays idle).
  const pdfmake = rawPdfmake();
  for (const document of DOCUMENTS) {
    const row = await measureBaseline(pdfmake, document, seconds);
    console.log(`  ${row.scenario}: ${row.rps.toFixed(1)} renders/s, p50 ${row.p50} ms, p99 ${row.p99} ms`);
    rows.push(row);
  }

  rows.push(...limits);

  printTable(rows, { unit: 'renders/s' });
  for (const [key, split] of Object.entries(cpuPerRender))
    console.log(
      `CPU per ${key} at c8, in ms: render workers ${split.render_workers}, the service's other threads ` +
        `(V8's GC helpers, libuv) ${split.other_threads}, main thread ${split.main_thread}, load generator ${split.load_generator}`,
    );
  const find = (key, connections) =>
    rows.find((row) => row.scenario === key && row.connections === connections);
  const baselineInvoice = find('baseline_invoice', 1);
  const ratio = find('invoice', 8).rps / baselineInvoice.rps;
  const growth = (rss10k - rss1k) / rss1k;
  const toLimit = (key) => find(key, 8).rps / find(`limit_${key}`, renderWorkers).rps;
  const tail = find('invoice', 8).p99 / find('invoice', 8).p50;
  console.log(
    `qrbill at c8 / its limit (pdfmake + swissqrbill) = ${toLimit('qrbill').toFixed(2)}, ` +
      `${(find('qrbill', 8).rps / find('invoice', 8).rps).toFixed(2)} of the invoice's renders/s (no target)`,
  );
  const fairnessRatio = fairness.busy.p99 / Math.max(1, fairness.quiet.p99);
  const checks = {
    polite_p99_beside_greedy_within_3x: fairnessRatio <= TARGETS.fairness,
    invoice_c8_to_limit: toLimit('invoice') >= TARGETS.shareOfLimit,
    report_c8_to_limit: toLimit('report') >= TARGETS.shareOfLimit,
    invoice_p99_within_3x_p50_c8: tail <= TARGETS.tailToMedian,
    rss_after_10k_under_300mb: rss10k < TARGETS.rssMb,
    invoice_c8_vs_baseline: ratio >= TARGETS.throughputRatio,
    invoice_p50_c1_below_baseline: find('invoice', 1).p50 < baselineInvoice.p50,
    rss_growth_within_20_percent: Math.abs(growth) <= TARGETS.memoryGrowth,
  };
  console.log(
    `polite caller's p99 beside a greedy one / alone = ${fairnessRatio.toFixed(2)} (target <= ${TARGETS.fairness}): ` +
      `${checks.polite_p99_beside_greedy_within_3x ? 'MET' : 'NOT MET'}`,
  );
  for (const key of ['invoice', 'report'])
    console.log(
      `${key} at c8 / machine limit = ${toLimit(key).toFixed(2)} (target >= ${TARGETS.shareOfLimit}): ` +
        `${checks[`${key}_c8_to_limit`] ? 'MET' : 'NOT MET'}`,
    );
  console.log(
    `invoice p99 / p50 at c8 = ${tail.toFixed(2)} (target <= ${TARGETS.tailToMedian}): ` +
      `${checks.invoice_p99_within_3x_p50_c8 ? 'MET' : 'NOT MET'}`,
  );
  console.log(
    `invoice_rps_c8 / baseline_invoice_rps = ${ratio.toFixed(2)} (target >= ${TARGETS.throughputRatio}): ` +
      `${checks.invoice_c8_vs_baseline ? 'MET' : 'NOT MET'}`,
  );
  console.log(
    `invoice p50 at c1 ${find('invoice', 1).p50} ms vs baseline p50 ${baselineInvoice.p50} ms: ` +
      `${checks.invoice_p50_c1_below_baseline ? 'MET' : 'NOT MET'}`,
  );
  console.log(
    `RSS after ${rendered} renders vs after 1000: ${(growth * 100).toFixed(1)} % (target within 20 %): ` +
      `${checks.rss_growth_within_20_percent ? 'MET' : 'NOT MET'}`,
  );

  const summary = {};
  for (const row of rows) {
    const prefix = row.scenario;
    const suffix =
      prefix.startsWith('baseline_') || prefix.startsWith('limit_') ? '' : `_c${row.connections}`;
    summary[`${prefix}_rps${suffix}`] = round(row.rps, 1);
    summary[`${prefix}_p50_ms${suffix}`] = row.p50;
    summary[`${prefix}_p99_ms${suffix}`] = row.p99;
    if (row.non2xx + row.errors + row.timeouts > 0)
      summary[`${prefix}_failures${suffix}`] = row.non2xx + row.errors + row.timeouts;
  }
  Object.assign(summary, {
    rss_mb_at_start: rssStart,
    rss_mb_after_1k: rss1k,
    rss_mb_after_10k: rss10k,
    renders_for_memory: rendered,
    fairness_polite_p99_ms_quiet: fairness.quiet.p99,
    fairness_polite_p99_ms_beside_greedy: fairness.busy.p99,
    fairness_p99_ratio: round(fairnessRatio, 2),
    fairness_greedy_reports: fairness.greedyRenders,
    invoice_c8_to_limit: round(toLimit('invoice'), 2),
    report_c8_to_limit: round(toLimit('report'), 2),
    qrbill_c8_to_limit: round(toLimit('qrbill'), 2),
    invoice_p99_to_p50_c8: round(tail, 2),
    invoice_c8_to_baseline_ratio: round(ratio, 2),
    rss_growth_1k_to_10k: round(growth, 3),
    invoice_cpu_ms_c8: cpuPerRender.invoice,
    report_cpu_ms_c8: cpuPerRender.report,
    qrbill_cpu_ms_c8: cpuPerRender.qrbill,
    targets_met: checks,
    report_pages: pages.report,
    invoice_pages: pages.invoice,
    qrbill_pages: pages.qrbill,
    seconds,
    warmup_seconds: WARMUP_SECONDS,
    render_workers: renderWorkers,
    load_workers: workers,
    cpus: cpus().length,
    database: database.source,
    node: process.version,
  });
  return summary;
}

runBenchmark(main, () => {
  const runs = DOCUMENTS.length * (CONNECTIONS.length + 2) + 3;
  return (runs * (positiveNumber('BENCH_SECONDS', 10) + WARMUP_SECONDS + 30) + 900) * 1000;
});
