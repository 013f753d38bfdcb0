import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';

import { load } from 'js-yaml';

import { type Endpoint, RoundRobinProxy } from './round-robin-proxy';
import {
  buildServices,
  type ProcessExit,
  serviceNodeArgs,
  startServiceProcess,
  type ServiceProcess,
  WORKSPACE_ROOT,
} from './service-process';
import { createTestDatabase, type TestDatabase } from './test-database';

/** A request of the steady traffic, relative to the service's URL. */
export interface TrafficRequest {
  readonly method: 'GET' | 'POST' | 'PUT';
  readonly path: string;
  readonly body?: unknown;
  readonly token?: string;
}

/** What a large answer that was on its way when its replica stopped must have been: whole. */
export interface WholeAnswer {
  readonly what: string;
  readonly status: number;
  readonly bytes: number;
  /** The bytes the answer said it would carry (Content-Length); absent for a chunked one. */
  readonly declared?: number;
  /** Whether the body ends as a whole document of its kind ends (`%%EOF`, a closing `]`...). */
  readonly complete: boolean;
  /** What else the suite found out about it, for a failure's message. */
  readonly [detail: string]: unknown;
}

export interface RollingRestartOptions {
  /** The service's folder below apps/ and its Deployment's name in deploy/base. */
  readonly service: string;
  /** The environment of every replica, besides DATABASE_URL (their shared database). */
  readonly env?: Record<string, string>;
  /** Data the traffic needs, written once the first replica is up (`baseUrl` reaches it). */
  readonly seed?: (baseUrl: string, database: TestDatabase) => Promise<void>;
  /** The steady traffic: the n-th request. */
  readonly request: (n: number) => TrafficRequest | Promise<TrafficRequest>;
  /**
   * Starts a large answer on the replica about to stop (its own URL, as a connection the Service
   * routed there earlier), read slowly so that it is still on its way when SIGTERM arrives.
   */
  readonly largeAnswer: (replicaUrl: string) => Promise<WholeAnswer>;
  /**
   * Work started through the Service as the rollout begins (a render job, say), and finished
   * after it on the new replicas: answers its outcome for the suite to check.
   */
  readonly across?: (baseUrl: string) => Promise<() => Promise<unknown>>;
}

/** Requests per second of the steady traffic, as the issue measured (20/s). */
export const STEADY_RATE = 20;
/** After termination starts, the endpoint leaves the Service's endpoints this much later. */
export const ENDPOINT_PROPAGATION_MS = 2000;

/** What the Deployment gives a pod to stop: its preStop sleep and its grace period, in seconds. */
export function stopBudgetOf(service: string): { preStopSeconds: number; gracePeriodSeconds: number } {
  const file = path.join(WORKSPACE_ROOT, 'deploy', 'base', service, 'deployment.yaml');
  const deployment = load(readFileSync(file, 'utf8')) as {
    spec: {
      template: {
        spec: {
          terminationGracePeriodSeconds?: number;
          containers: Array<{ name: string; lifecycle?: { preStop?: { sleep?: { seconds?: number } } } }>;
        };
      };
    };
  };
  const pod = deployment.spec.template.spec;
  const container = pod.containers.find((candidate) => candidate.name === service);
  const preStopSeconds = container?.lifecycle?.preStop?.sleep?.seconds;
  if (preStopSeconds === undefined) throw new Error(`${file}: the container has no preStop sleep`);
  return { preStopSeconds, gracePeriodSeconds: pod.terminationGracePeriodSeconds ?? 30 };
}

/** Outcomes of the steady traffic: statuses, and the failures a client sees without one. */
export class SteadyTraffic {
  readonly statuses = new Map<number, number>();
  readonly failures = new Map<string, number>();
  /** Each failure's moment (ms since the traffic started), request and cause, for a failure's message. */
  readonly failureLog: string[] = [];
  /** The moments of the rollout's steps, on the same clock. */
  readonly timeline: string[] = [];
  private readonly started = performance.now();
  private readonly pending = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private sent = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly request: RollingRestartOptions['request'],
  ) {}

  /** Sends STEADY_RATE requests a second, each on its own schedule (open loop). */
  start(): void {
    this.timer = setInterval(() => {
      const sending = this.send(this.sent++).finally(() => this.pending.delete(sending));
      this.pending.add(sending);
    }, 1000 / STEADY_RATE);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all(this.pending);
  }

  get total(): number {
    return [...this.statuses.values(), ...this.failures.values()].reduce((sum, count) => sum + count, 0);
  }

  count(status: (status: number) => boolean): number {
    return [...this.statuses].filter(([code]) => status(code)).reduce((sum, [, count]) => sum + count, 0);
  }

  private async send(n: number): Promise<void> {
    const request = await this.request(n);
    try {
      const response = await fetch(`${this.baseUrl}${request.path}`, {
        method: request.method,
        headers: {
          ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      this.statuses.set(response.status, (this.statuses.get(response.status) ?? 0) + 1);
    } catch (error) {
      const failure = failureOf(error);
      this.failures.set(failure, (this.failures.get(failure) ?? 0) + 1);
      this.failureLog.push(`${this.elapsed()} ms ${request.method} ${request.path}: ${failure}`);
    }
  }

  /** Notes a step of the rollout on the traffic's clock. */
  mark(step: string): void {
    this.timeline.push(`${this.elapsed()} ms ${step}`);
  }

  private elapsed(): number {
    return Math.round(performance.now() - this.started);
  }
}

/** What a client saw instead of an answer: refused, reset (or closed before the answer), timed out. */
function failureOf(error: unknown): string {
  const cause =
    (error as { cause?: { code?: string; message?: string } }).cause ??
    (error as { code?: string; message?: string });
  const code = cause?.code ?? (error as { name?: string }).name ?? 'unknown';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE')
    return `reset (${code}: ${cause?.message ?? ''})`;
  if (code === 'TimeoutError' || code === 'UND_ERR_HEADERS_TIMEOUT') return 'timeout';
  return `${code}: ${cause?.message ?? (error as Error).message}`;
}

/** The items of a JSON array's text, or -1 when it is not one (cut short). */
export function jsonArrayLength(bytes: Buffer): number {
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return Array.isArray(value) ? value.length : -1;
  } catch {
    return -1;
  }
}

/** A large answer read slowly: its status, what it declared it would carry, and what arrived. */
export interface SlowAnswer {
  readonly status: number;
  /** Content-Length, when the answer had one. */
  readonly declared?: number;
  readonly bytes: Buffer;
  /** false when the connection broke before the answer's end (`error` says how). */
  readonly complete: boolean;
  readonly error?: string;
}

/**
 * Sends a request and reads its answer at about `bytesPerSecond`, as a slow client on a slow
 * network does, pausing the socket between reads. Node's http client, not fetch: Node 24's fetch
 * (undici 7) throws an uncatchable AssertionError when a server ends a connection while the
 * reader of a paused body is still behind (nodejs/undici#5360, fixed in undici 8).
 */
export function readSlowly(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  bytesPerSecond: number,
): Promise<SlowAnswer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const request = httpRequest(url, { method: init.method, headers: init.headers }, (response) => {
      const started = performance.now();
      const declared = Number(response.headers['content-length']);
      const answer = (error?: string): SlowAnswer => ({
        status: response.statusCode ?? 0,
        ...(Number.isFinite(declared) ? { declared } : {}),
        bytes: Buffer.concat(chunks),
        complete: error === undefined,
        ...(error === undefined ? {} : { error }),
      });
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.byteLength;
        const wait = started + (size / bytesPerSecond) * 1000 - performance.now();
        if (wait <= 0) return;
        response.pause();
        setTimeout(() => response.resume(), wait);
      });
      response.on('end', () => resolve(answer()));
      response.on('aborted', () => resolve(answer('aborted')));
      response.on('error', (error) => resolve(answer(failureOf(error))));
    });
    request.on('error', (error) =>
      resolve({ status: 0, bytes: Buffer.concat(chunks), complete: false, error: failureOf(error) }),
    );
    request.end(init.body);
  });
}

/**
 * `GET path?PageSize=-1` on one replica, read slowly (512 KiB/s) so that it is still on its way at
 * SIGTERM; whole when it arrived entirely as a JSON array of which `isComplete` accepts the length.
 */
export async function wholeListAnswer(
  replicaUrl: string,
  path: string,
  token: string,
  isComplete: (items: number) => boolean,
): Promise<WholeAnswer> {
  const answer = await readSlowly(
    `${replicaUrl}${path}?PageSize=-1`,
    { method: 'GET', headers: { authorization: `Bearer ${token}` } },
    512 * 1024,
  );
  const items = jsonArrayLength(answer.bytes);
  return {
    what: `GET ${path}?PageSize=-1`,
    ...answer,
    bytes: answer.bytes.byteLength,
    complete: answer.complete && isComplete(items),
    items,
  };
}

interface Replica {
  readonly process: ServiceProcess;
  readonly endpoint: Endpoint;
}

export interface RolloutOutcome {
  readonly traffic: SteadyTraffic;
  /** What `across` came to, once the rollout was over. */
  readonly across?: unknown;
  readonly stops: readonly StopOutcome[];
  /** Connections the Service could not hand to an endpoint. */
  readonly proxyRefused: number;
}

/**
 * What a rollout must show (contract 10): no request refused, reset or answered 5xx (nor any other
 * error status: the traffic is valid), every stop exits 0 with a last line that cut nothing, and
 * every large answer on its way at SIGTERM arrived whole, having been in flight at the stop.
 */
export function expectLosslessRollout(service: string, outcome: RolloutOutcome): void {
  const { traffic } = outcome;
  process.stdout.write(
    `rollout ${service}: ${traffic.total} requests, statuses ${JSON.stringify(Object.fromEntries(traffic.statuses))}, ` +
      `failures ${JSON.stringify(Object.fromEntries(traffic.failures))}, proxy refused ${outcome.proxyRefused}\n` +
      outcome.stops.map((stop) => `  stop: ${JSON.stringify(stop)}\n`).join('') +
      [...traffic.timeline, ...traffic.failureLog]
        .sort((a, b) => parseInt(a, 10) - parseInt(b, 10))
        .map((line) => `  ${line}\n`)
        .join(''),
  );
  expect(Object.fromEntries(traffic.failures)).toEqual({});
  expect(outcome.proxyRefused).toBe(0);
  expect(Object.fromEntries([...traffic.statuses].filter(([status]) => status >= 400))).toEqual({});
  expect(traffic.total).toBeGreaterThan(0);
  for (const stop of outcome.stops) {
    expect(stop.exit).toEqual({ code: 0, signal: null });
    expect(stop.largeAnswer).toMatchObject({ status: 200, complete: true });
    expect(stop.largeAnswer.bytes).toBe(stop.largeAnswer.declared ?? stop.largeAnswer.bytes);
    expect(stop.lastLine).toMatchObject({ msg: `${service} stopped`, cutShort: 0 });
  }
  // At least one stop found its large answer still on its way (not yet handed to the kernel).
  expect(Math.max(...outcome.stops.map((stop) => Number(stop.lastLine['inFlight'])))).toBeGreaterThan(0);
}

/** How one replica's stop went. */
export interface StopOutcome {
  readonly exit: ProcessExit;
  /** The replica's last log line, which counts what its stop cut. */
  readonly lastLine: Record<string, unknown>;
  readonly largeAnswer: WholeAnswer;
  readonly stopSeconds: number;
}

/**
 * A rolling restart as a Deployment with maxSurge 1 and maxUnavailable 0 does it, under steady
 * traffic through a Service: for each old replica, a new one starts and joins the endpoints once
 * ready; then the old one's termination begins: its endpoint leaves the Service
 * ENDPOINT_PROPAGATION_MS later while its preStop hook (the Deployment's own) runs, and SIGTERM
 * follows the preStop. A large answer is on its way from the old replica when SIGTERM arrives.
 */
export async function rollingRestart(options: RollingRestartOptions): Promise<RolloutOutcome> {
  const { preStopSeconds } = stopBudgetOf(options.service);
  const build = await buildServices(`rollout-${options.service}`);
  const database = await createTestDatabase(options.service.replace('-service', '_rollout'));
  const main = path.join(build.folder, 'apps', options.service, 'src', 'main.js');
  const replicas: Replica[] = [];
  const proxy = await RoundRobinProxy.start();
  const startReplica = async (): Promise<Replica> => {
    const process = await startServiceProcess({
      main,
      nodeArgs: serviceNodeArgs(options.service),
      env: { ...options.env, DATABASE_URL: database.url },
    });
    await waitReady(process.baseUrl);
    const url = new URL(process.baseUrl);
    const replica = { process, endpoint: { host: url.hostname, port: Number(url.port) } };
    replicas.push(replica);
    return replica;
  };
  const traffic = new SteadyTraffic(proxy.url, options.request);
  const stops: StopOutcome[] = [];
  try {
    const first = await startReplica();
    const second = await startReplica();
    proxy.add(first.endpoint);
    proxy.add(second.endpoint);
    await options.seed?.(proxy.url, database);
    traffic.start();
    const finishAcross = await options.across?.(proxy.url);
    // Some traffic on the two old replicas before the rollout.
    await sleep(2000);
    for (const old of [first, second]) {
      const fresh = await startReplica();
      proxy.add(fresh.endpoint);
      traffic.mark(`${fresh.endpoint.port} ready, joins; ${old.endpoint.port} terminating (preStop)`);
      const began = performance.now();
      setTimeout(() => {
        proxy.remove(old.endpoint);
        traffic.mark(`${old.endpoint.port} leaves the endpoints`);
      }, ENDPOINT_PROPAGATION_MS);
      const preStopEnds = began + preStopSeconds * 1000;
      // The large answer starts a second before SIGTERM, and is read over several seconds.
      await sleep(preStopEnds - 1000 - performance.now());
      const largeAnswer = options.largeAnswer(old.process.baseUrl);
      await sleep(preStopEnds - performance.now());
      traffic.mark(`${old.endpoint.port} SIGTERM`);
      const exit = await old.process.terminate();
      traffic.mark(`${old.endpoint.port} exited ${exit.code ?? exit.signal}`);
      stops.push({
        exit,
        lastLine: lastJsonLine(old.process.output),
        largeAnswer: await largeAnswer,
        stopSeconds: Math.round((performance.now() - preStopEnds) / 100) / 10,
      });
    }
    await sleep(2000);
    await traffic.stop();
    const across = await finishAcross?.();
    return { traffic, stops, proxyRefused: proxy.refused, across };
  } finally {
    await traffic.stop();
    await Promise.all(replicas.map((replica) => replica.process.close()));
    await proxy.close();
    await database.drop();
    await build.remove();
  }
}

async function waitReady(baseUrl: string): Promise<void> {
  const until = performance.now() + 60_000;
  while (performance.now() < until) {
    const status = await fetch(`${baseUrl}/health/ready`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(100);
  }
  throw new Error(`${baseUrl} did not become ready within 60 s`);
}

function lastJsonLine(output: readonly string[]): Record<string, unknown> {
  for (let index = output.length - 1; index >= 0; index -= 1) {
    try {
      return JSON.parse(output[index]) as Record<string, unknown>;
    } catch {
      // not a log line
    }
  }
  return {};
}

const sleep = (ms: number): Promise<void> =>
  ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
