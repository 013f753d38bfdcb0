import { Worker } from 'node:worker_threads';

export interface LivenessDuring<T> {
  /** What `work` resolved to. */
  readonly result: T;
  /** How many `/health/live` probes were answered while it ran (at least one is sent). */
  readonly probes: number;
  /** The slowest probe's round trip, in milliseconds; unanswered probes count as `timeoutMs`. */
  readonly slowestMs: number;
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
let running = true;
let probes = 0;
let slowestMs = 0;
let largestRssMib = 0;
parentPort.once('message', () => (running = false));
(async () => {
  do {
    if (pid !== undefined) largestRssMib = Math.max(largestRssMib, rssMib());
    const started = performance.now();
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      await response.arrayBuffer();
      if (response.status === 200) probes += 1;
      slowestMs = Math.max(slowestMs, performance.now() - started);
    } catch {
      slowestMs = Math.max(slowestMs, timeoutMs);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  } while (running);
  parentPort.postMessage({ probes, slowestMs, largestRssMib });
})();
`;

/**
 * Runs `work` (requests to the service at `baseUrl`, say) while probing its `/health/live` every
 * `intervalMs` from a thread of its own: a service whose event loop the work holds answers the
 * probes late or not at all. Meant for a service in a process of its own (startServiceProcess);
 * with its `pid`, its resident memory is sampled with each probe.
 */
export async function livenessDuring<T>(
  baseUrl: string,
  work: () => Promise<T>,
  { intervalMs = 25, timeoutMs = 5_000, pid }: { intervalMs?: number; timeoutMs?: number; pid?: number } = {},
): Promise<LivenessDuring<T>> {
  const options: ProberOptions = { url: `${baseUrl}/health/live`, intervalMs, timeoutMs, pid };
  const prober = new Worker(PROBER, { eval: true, workerData: options });
  const seen = new Promise<Omit<LivenessDuring<T>, 'result'>>((resolve, reject) => {
    prober.once('message', resolve);
    prober.once('error', reject);
  });
  let result: T;
  try {
    result = await work();
  } finally {
    // The probe in flight when the work ends counts too: it was sent while the work ran.
    prober.postMessage('stop');
  }
  const figures = await seen;
  await prober.terminate();
  return { result, ...figures };
}
