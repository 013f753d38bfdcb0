import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

export interface LivenessDuring<T> {
  /** What `work` resolved to. */
  readonly result: T;
  /** How many `/health/live` probes were answered while it ran (at least one is sent). */
  readonly probes: number;
  /** The slowest probe's round trip, in milliseconds; unanswered probes count as `timeoutMs`. */
  readonly slowestMs: number;
  /** When the slowest probe was sent, in milliseconds since the work began (negative: none). */
  readonly slowestSentAtMs: number;
  /** The largest resident memory of the process `pid`, sampled with each probe (0 without a pid). */
  readonly largestRssMib: number;
}

interface ProberOptions {
  readonly url: string;
  readonly intervalMs: number;
  readonly timeoutMs: number;
  readonly pid?: number;
}

/**
 * The prober, plain JavaScript run as a worker thread of its own: the test's thread, which sends
 * the work's requests (and builds their bodies), may be busy for a hundred milliseconds at a time,
 * which a probe on it would count against the service. Stops at the first message, then posts
 * what it saw.
 */
const PROBER = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { url, intervalMs, timeoutMs, pid } = workerData;
const rssMib = () => {
  try {
    return Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/' + pid + '/status', 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};
const probe = async () => {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
};
let running = true;
let probes = 0;
let slowestMs = 0;
let slowestSentAtMs = -1;
let largestRssMib = 0;
parentPort.once('message', () => (running = false));
(async () => {
  // Not counted: a new thread's first fetch loads and compiles its HTTP client, which on a busy
  // machine has taken seconds that were no fault of the service.
  await probe();
  const began = performance.now();
  parentPort.postMessage('ready');
  let last = false;
  do {
    last = !running;
    if (pid !== undefined) largestRssMib = Math.max(largestRssMib, rssMib());
    const started = performance.now();
    const answered = await probe();
    if (answered) probes += 1;
    const tookMs = answered ? performance.now() - started : timeoutMs;
    if (tookMs > slowestMs) {
      slowestMs = tookMs;
      slowestSentAtMs = started - began;
    }
    if (!last) await new Promise((resolve) => setTimeout(resolve, intervalMs));
  } while (!last);
  parentPort.postMessage({ probes, slowestMs, slowestSentAtMs, largestRssMib });
})();
`;

/**
 * Runs `work` (requests to the service at `baseUrl`, say) while probing its `/health/live` every
 * `intervalMs` from a thread of its own: a service whose event loop the work holds answers the
 * probes late or not at all. The work starts once the prober has warmed up, and the probe in
 * flight when it ends and one probe after it count too: what the work leaves the service doing
 * is the work's. Meant for a service in a process of its own (startServiceProcess); with its
 * `pid`, its resident memory is sampled with each probe.
 */
export async function livenessDuring<T>(
  baseUrl: string,
  work: () => Promise<T>,
  { intervalMs = 25, timeoutMs = 5_000, pid }: { intervalMs?: number; timeoutMs?: number; pid?: number } = {},
): Promise<LivenessDuring<T>> {
  const options: ProberOptions = { url: `${baseUrl}/health/live`, intervalMs, timeoutMs, pid };
  const prober = new Worker(PROBER, { eval: true, workerData: options });
  try {
    // `once` rejects on the worker's 'error' too. Its figures come only after 'stop'.
    await once(prober, 'message');
    let result: T;
    let figures: Promise<unknown[]>;
    try {
      result = await work();
    } finally {
      figures = once(prober, 'message');
      prober.postMessage('stop');
    }
    const [seen] = (await figures) as [Omit<LivenessDuring<T>, 'result'>];
    return { result, ...seen };
  } finally {
    await prober.terminate();
  }
}

/**
 * livenessDuring, and once more when a probe took longer than `limitMs` and `confirmIf` (by
 * default always) agrees: a slow probe alone may be the machine, which CI shares with other work,
 * while a request that holds the service's event loop holds it each time. The last run is the
 * verdict; the first is kept to be told.
 */
export async function livenessConfirmed<T>(
  baseUrl: string,
  work: () => Promise<T>,
  {
    limitMs,
    confirmIf = () => true,
    ...options
  }: Parameters<typeof livenessDuring>[2] & { limitMs: number; confirmIf?: () => boolean },
): Promise<{ readonly first: LivenessDuring<T>; readonly last: LivenessDuring<T> }> {
  const first = await livenessDuring(baseUrl, work, options);
  if (first.slowestMs <= limitMs || !confirmIf()) return { first, last: first };
  return { first, last: await livenessDuring(baseUrl, work, options) };
}
