import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

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

/** The resident memory of a process, in MiB; 0 once it is gone. */
export function rssMibOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/**
 * Runs `work` (a request to the service at `baseUrl`, say) while probing its `/health/live` every
 * `intervalMs`: a service whose event loop the work holds answers the probes late or not at all.
 * Meant for a service in a process of its own (startServiceProcess), so that this process's own
 * event loop is free to send the probes and read their answers; with its `pid`, its resident
 * memory is sampled with each probe.
 */
export async function livenessDuring<T>(
  baseUrl: string,
  work: () => Promise<T>,
  { intervalMs = 25, timeoutMs = 5_000, pid }: { intervalMs?: number; timeoutMs?: number; pid?: number } = {},
): Promise<LivenessDuring<T>> {
  let running = true;
  let probes = 0;
  let slowestMs = 0;
  let largestRssMib = 0;
  const probe = async (): Promise<void> => {
    if (pid !== undefined) largestRssMib = Math.max(largestRssMib, rssMibOf(pid));
    const started = performance.now();
    try {
      const response = await fetch(`${baseUrl}/health/live`, { signal: AbortSignal.timeout(timeoutMs) });
      await response.arrayBuffer();
      if (response.status === 200) probes += 1;
      slowestMs = Math.max(slowestMs, performance.now() - started);
    } catch {
      slowestMs = Math.max(slowestMs, timeoutMs);
    }
  };
  const prober = (async () => {
    do {
      await probe();
      await sleep(intervalMs);
    } while (running);
  })();
  let result: T;
  try {
    result = await work();
  } finally {
    // The probe in flight when the work ends counts too: it was sent while the work ran.
    running = false;
    await prober;
  }
  return { result, probes, slowestMs, largestRssMib };
}
