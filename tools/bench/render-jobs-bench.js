#!/usr/bin/env node
// Benchmarks render jobs (contract 10): a canton's night of QR-bill invoices as one job.
// Usage: npm run bench:render-jobs   (builds dist/ first)
// On a database of its own (dropped at the end) and the machine's Redis (BENCH_REDIS_URL, default
// redis://127.0.0.1:6379; without one reachable the queue runs on BullMQ's PostgreSQL backend and
// the two-replica run is skipped), render-service runs as its own process, started as every start
// does (tools/service-process.js). It measures:
//   1. the synchronous rate of the QR-bill invoice at 8 connections, before the zip job and after
//      it (the mean of both is the job's reference: the machine's speed drifts);
//   2. a job of BENCH_JOB_ITEMS (10,000) QR-bill invoices of five fee lines and Swiss names (faker de_CH, fr_CH) as a zip:
//      items per second from the create to the job's end, against the synchronous rate (target at
//      least 0.9); the main thread's heap (nodejs_heap_size_used_bytes) and the process's RSS
//      sampled across the batch (target: each flat, its last quarter at most 20 % above its early
//      quarter; the RSS within the container's memory limit of deploy/); the zip downloaded and
//      every item found once;
//   3. a job of 1,000 invoices as one merged PDF (items per second, pages);
//   4. the zip job again on two replicas sharing the queue, the one replica's job workers split
//      between them (both share this machine's cores): items per second (target within 10 % of
//      one replica's) and every item once.
// The last line of output is one JSON object with the results.
/* global Buffer, performance -- Node has them; the shared lint config lists only a few globals */
require('reflect-metadata');

const { execFileSync } = require('node:child_process');
const { mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { cpus, tmpdir } = require('node:os');
const path = require('node:path');

const { fromBuffer } = require('yauzl');

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
const { INVOICE_TEMPLATE, qrBillInvoiceData } = require('./render-documents');
const { memoryLimitMibOf, readRuntimeEnv } = require('../service-process');

const { mintDevelopmentToken, DEVELOPMENT_JWT_SECRET } = require('../../dist/libs/auth/src');
const { startEmbeddedDatabase, ensureDatabase, isReachable } = require('../../dist/libs/database/src');

const TENANT = 'bench';
const WARMUP_SECONDS = 2;
const TEMPLATE = 'bench-qrbill';
const INVOICE_LINES = 5;
const TARGETS = { toSyncRate: 0.9, growth: 0.2, twoReplicasWithin: 0.1 };

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * How a figure sampled across a batch grew: the median of its last quarter against that of its
 * quarter after the first tenth (the start holds the create's parsed body and the workers'
 * first compilations, which a leak is not). A figure that shrinks has not grown.
 */
function growthOver(samples) {
  const at = (share) => Math.floor(samples.length * share);
  const early = median(samples.slice(at(0.1), Math.max(at(0.35), at(0.1) + 1)));
  const late = median(samples.slice(at(0.75)));
  return { early, late, growth: (late - early) / early };
}

function serviceEnv(databaseUrl, redisUrl) {
  return {
    TENANT,
    DATABASE_URL: databaseUrl,
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    RENDER_DEMO_TEMPLATES: 'false',
    ...UNLIMITED_RATES,
  };
}

const invoiceBody = (data) => ({
  inputFormat: 'json',
  outputFormat: 'pdf',
  templateName: TEMPLATE,
  data: JSON.stringify(data),
  rendererOptions: JSON.stringify({ locale: 'de-CH' }),
});

async function api(baseUrl, token, method, route, body) {
  const response = await fetch(`${baseUrl}/${TENANT}/v10-0${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: timeoutSignal(600_000),
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** A metric's value from a service's /metrics (the first sample of that name). */
async function metric(baseUrl, name) {
  const text = await (await fetch(`${baseUrl}/metrics`, { signal: timeoutSignal(5000) })).text();
  const line = text
    .split('\n')
    .find((candidate) => candidate.startsWith(`${name} `) || candidate.startsWith(`${name}{`));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

/**
 * Runs one job to its end, sampling the service's main-thread heap and RSS every second; answers
 * its time, its items per second and the samples.
 */
async function runJob(service, token, body) {
  const heap = [];
  const rss = [];
  const sample = async () => {
    heap.push(round((await metric(service.baseUrl, 'nodejs_heap_size_used_bytes')) / 1048576, 1));
    rss.push(rssMb(service.pid));
  };
  await sample();
  const started = performance.now();
  const created = await api(service.baseUrl, token, 'POST', '/render-jobs', body);
  if (created.status !== 202) throw new Error(`create: ${created.status} ${created.bytes.toString()}`);
  const id = JSON.parse(created.bytes.toString()).id;
  let job;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await sample();
    job = JSON.parse((await api(service.baseUrl, token, 'GET', `/render-jobs/${id}`)).bytes.toString());
    if (!['queued', 'running'].includes(job.state)) break;
  }
  const seconds = (performance.now() - started) / 1000;
  if (job.state !== 'succeeded' || job.counts.failed > 0)
    throw new Error(
      `job ${id} ended ${job.state}: ${JSON.stringify(job.counts)} ${JSON.stringify(job.problems[0])}`,
    );
  return { id, seconds, itemsPerSecond: job.counts.total / seconds, heap, rss };
}

/** The zip's entry names, each once (a name twice is an item twice). */
async function zipEntries(bytes) {
  const zip = await new Promise((resolve, reject) =>
    fromBuffer(bytes, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const names = new Set();
  await new Promise((resolve, reject) => {
    zip.on('entry', (entry) => {
      if (names.has(entry.fileName)) reject(new Error(`${entry.fileName} twice in the zip`));
      names.add(entry.fileName);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return names;
}

function pdfPages(bytes) {
  const folder = mkdtempSync(path.join(tmpdir(), 'bench-jobs-'));
  try {
    writeFileSync(path.join(folder, 'merged.pdf'), bytes);
    const info = execFileSync('pdfinfo', [path.join(folder, 'merged.pdf')], { encoding: 'utf8' });
    return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Downloads a zip job's result and checks it holds every item once. */
async function checkedZip(service, token, job, count) {
  const started = performance.now();
  const result = await api(service.baseUrl, token, 'GET', `/render-jobs/${job.id}/result`);
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 200) throw new Error(`result: ${result.status}`);
  const names = await zipEntries(result.bytes);
  if (names.size !== count) throw new Error(`the zip holds ${names.size} items, not ${count}`);
  return { mb: round(result.bytes.byteLength / 1048576, 1), seconds: round(seconds, 1) };
}

async function main(cleanups) {
  const seconds = positiveNumber('BENCH_SECONDS', 10);
  const count = positiveNumber('BENCH_JOB_ITEMS', 10_000);
  const mergedCount = Math.min(count, 1000);
  const workers = workerCount();
  const database = await createBenchDatabase('bench_render_jobs', cleanups, {
    startEmbeddedDatabase,
    ensureDatabase,
    isReachable,
  });
  const redisCandidate = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
  const redisUrl = (await redisReachable(redisCandidate)) ? redisCandidate : undefined;
  const service = await startServiceProcess('render-service', serviceEnv(database.url, redisUrl), cleanups);
  const token = await mintDevelopmentToken({
    secret: process.env.AUTH_JWT_SECRET || DEVELOPMENT_JWT_SECRET,
    roles: ['RenderApi_Render', 'RenderApi_Templates'],
    subject: 'bench-tax-office',
    expiresInSeconds: 6 * 3600,
  });
  const limitMib = memoryLimitMibOf('render-service');
  console.log(
    `render-service (pid ${service.pid}) on ${service.baseUrl}, ${cpus().length} CPUs, queue on ${redisUrl ? 'Redis' : 'PostgreSQL'}, memory limit ${limitMib} MiB`,
  );
  const saved = await api(service.baseUrl, token, 'PUT', `/templates/${TEMPLATE}`, {
    data: INVOICE_TEMPLATE,
    inputFormat: 'json',
  });
  if (saved.status !== 201) throw new Error(`saving the template: ${saved.status}`);
  // Five fee lines each: 10,000 of them, 9.1 MiB, fit a job's body (10 MiB).
  const invoices = Array.from({ length: count }, (_, variant) => qrBillInvoiceData(variant, INVOICE_LINES));
  console.log(`${count} QR-bill invoices of ${INVOICE_LINES} fee lines made (Swiss names, de_CH and fr_CH)`);

  // 1. The synchronous rate of the same document, before the zip job and again after it: this
  // machine's speed drifts (other tenants of its host), and the job is compared with both.
  const measureSync = async (key) => {
    const result = await measure(
      {
        key,
        label: `POST /render: QR-bill invoice (${key === 'sync_before' ? 'before' : 'after'} the job)`,
        baseUrl: service.baseUrl,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        requests: invoices.slice(0, 1000).map((data) => ({
          method: 'POST',
          path: `/${TENANT}/v10-0/render`,
          body: JSON.stringify(invoiceBody(data)),
        })),
        timeoutSeconds: 60,
      },
      8,
      seconds,
      workers,
      WARMUP_SECONDS,
    );
    console.log(
      `  synchronous at c8: ${result.rps.toFixed(1)} invoices/s, p50 ${result.p50} ms, p99 ${result.p99} ms`,
    );
    return result;
  };
  const syncBefore = await measureSync('sync_before');

  // 2. The batch as a zip.
  const jobBody = (items, result) => ({
    inputFormat: 'json',
    outputFormat: 'pdf',
    templateName: TEMPLATE,
    rendererOptions: JSON.stringify({ locale: 'de-CH' }),
    items,
    result,
    ...(result === 'zip' ? { fileName: 'rechnung-{{number}}' } : {}),
  });
  const zipJob = await runJob(service, token, jobBody(invoices, 'zip'));
  const zip = await checkedZip(service, token, zipJob, count);
  const syncAfter = await measureSync('sync_after');
  const syncRps = (syncBefore.rps + syncAfter.rps) / 2;
  console.log(
    `  zip job of ${count}: ${zipJob.seconds.toFixed(0)} s, ${zipJob.itemsPerSecond.toFixed(1)} items/s; ` +
      `${zip.mb} MB downloaded in ${zip.seconds} s, ${count} items once each`,
  );

  // 3. A merged PDF.
  const mergedJob = await runJob(service, token, jobBody(invoices.slice(0, mergedCount), 'merged'));
  const merged = await api(service.baseUrl, token, 'GET', `/render-jobs/${mergedJob.id}/result`);
  const pages = pdfPages(merged.bytes);
  console.log(
    `  merged job of ${mergedCount}: ${mergedJob.seconds.toFixed(0)} s, ${mergedJob.itemsPerSecond.toFixed(1)} items/s, ` +
      `${round(merged.bytes.byteLength / 1048576, 1)} MB, ${pages} pages`,
  );

  // 4. Two replicas sharing the queue.
  let twoReplicas;
  if (redisUrl) {
    // The machine's cores shared by two replicas as two pods of half its size would have them:
    // the one replica's job workers (all but one of RENDER_WORKERS) split between the two, so
    // that the figure is what sharing the queue costs, not two pools' threads on two cores.
    const jobWorkers = Number(readRuntimeEnv('render-service').RENDER_WORKERS) - 1;
    const halfEnv = {
      ...serviceEnv(database.url, redisUrl),
      RENDER_WORKERS: String(Math.ceil(jobWorkers / 2) + 1),
    };
    await service.stop();
    const first = await startServiceProcess('render-service', halfEnv, cleanups);
    await startServiceProcess('render-service', halfEnv, cleanups);
    const twoJob = await runJob(first, token, jobBody(invoices, 'zip'));
    const twoZip = await checkedZip(first, token, twoJob, count);
    twoReplicas = { job: twoJob, zip: twoZip, workers: halfEnv.RENDER_WORKERS };
    console.log(
      `  zip job of ${count} on two replicas of RENDER_WORKERS=${halfEnv.RENDER_WORKERS}: ${twoJob.seconds.toFixed(0)} s, ` +
        `${twoJob.itemsPerSecond.toFixed(1)} items/s, ${count} items once each`,
    );
  } else console.log('  two replicas: skipped (no Redis: the PostgreSQL queue serves one replica)');

  printTable([syncBefore, syncAfter], { unit: 'renders/s' });
  const toSync = zipJob.itemsPerSecond / syncRps;
  const heap = growthOver(zipJob.heap);
  const rss = growthOver(zipJob.rss);
  const rssMax = Math.max(...zipJob.rss, ...mergedJob.rss);
  const twoToOne = twoReplicas ? twoReplicas.job.itemsPerSecond / zipJob.itemsPerSecond : undefined;
  const checks = {
    zip_items_per_s_to_sync_c8: toSync >= TARGETS.toSyncRate,
    main_heap_flat_over_batch: heap.growth <= TARGETS.growth,
    rss_flat_over_batch: rss.growth <= TARGETS.growth,
    rss_within_memory_limit: rssMax < limitMib,
    ...(twoToOne === undefined
      ? {}
      : { two_replicas_within_10_percent: Math.abs(twoToOne - 1) <= TARGETS.twoReplicasWithin }),
  };
  console.log(
    `zip items/s / synchronous c8 renders/s = ${toSync.toFixed(2)} (target >= ${TARGETS.toSyncRate}): ${checks.zip_items_per_s_to_sync_c8 ? 'MET' : 'NOT MET'}`,
  );
  console.log(
    `main-thread heap over the batch ${heap.early} -> ${heap.late} MiB (${(heap.growth * 100).toFixed(1)} %, target at most +20 %): ${checks.main_heap_flat_over_batch ? 'MET' : 'NOT MET'}`,
  );
  console.log(
    `process RSS over the batch ${rss.early} -> ${rss.late} MiB (${(rss.growth * 100).toFixed(1)} %, target at most +20 %): ${checks.rss_flat_over_batch ? 'MET' : 'NOT MET'}`,
  );
  console.log(
    `process RSS at most ${rssMax} MiB (limit ${limitMib} MiB): ${checks.rss_within_memory_limit ? 'MET' : 'NOT MET'}`,
  );
  if (twoToOne !== undefined)
    console.log(
      `two replicas / one = ${twoToOne.toFixed(2)} (target within 10 %): ${checks.two_replicas_within_10_percent ? 'MET' : 'NOT MET'}`,
    );
  return {
    sync_qrbill_rps_c8: round(syncRps, 1),
    sync_qrbill_rps_c8_before_after: [round(syncBefore.rps, 1), round(syncAfter.rps, 1)],
    sync_qrbill_p99_ms_c8: Math.max(syncBefore.p99, syncAfter.p99),
    zip_items: count,
    zip_seconds: round(zipJob.seconds, 1),
    zip_items_per_s: round(zipJob.itemsPerSecond, 1),
    zip_to_sync_ratio: round(toSync, 2),
    zip_download_mb: zip.mb,
    zip_download_seconds: zip.seconds,
    merged_items: mergedCount,
    merged_items_per_s: round(mergedJob.itemsPerSecond, 1),
    merged_pages: pages,
    merged_mb: round(merged.bytes.byteLength / 1048576, 1),
    main_heap_mb_early: heap.early,
    main_heap_mb_late: heap.late,
    main_heap_growth: round(heap.growth, 3),
    rss_mb_early: rss.early,
    rss_mb_late: rss.late,
    rss_growth: round(rss.growth, 3),
    rss_mb_max: rssMax,
    rss_mb_samples: zipJob.rss.filter((_, index) => index % 30 === 0),
    memory_limit_mb: limitMib,
    ...(twoReplicas
      ? {
          two_replicas_items_per_s: round(twoReplicas.job.itemsPerSecond, 1),
          two_replicas_render_workers: Number(twoReplicas.workers),
          two_replicas_to_one_ratio: round(twoToOne, 2),
        }
      : {}),
    targets_met: checks,
    queue: redisUrl ? 'redis' : 'postgres',
    seconds,
    load_workers: workers,
    cpus: cpus().length,
    database: database.source,
    node: process.version,
  };
}

async function redisReachable(url) {
  const { Redis } = require('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000 });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

runBenchmark(main, () => {
  const count = positiveNumber('BENCH_JOB_ITEMS', 10_000);
  // At 10 items/s at worst, two zip runs and the merged one, the synchronous run, start-ups.
  return ((count * 2 + 1000) / 10 + positiveNumber('BENCH_SECONDS', 10) + 600) * 1000;
});
