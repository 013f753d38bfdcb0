import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

import { testToken } from './test-client';

/** A free TCP port on the loopback interface, as the system hands one out. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** One answer through the proxy, with what Prism found wrong in the request or the response. */
export interface ProxiedResponse {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** Prism's violations: its error problem (`--errors`), `sl-violations` header or logged ones; empty when none. */
  readonly violations: readonly string[];
  /** The status the service answered Prism, from Prism's log; undefined when Prism forwarded nothing. */
  readonly upstreamStatus?: number;
}

export interface PrismProxy {
  /** Prism's origin: `http://127.0.0.1:<port>`; paths are the service's own (`/demo/v10-0/...`). */
  readonly url: string;
  send(
    method: string,
    pathAndQuery: string,
    options?: { readonly token?: string; readonly body?: unknown },
  ): Promise<ProxiedResponse>;
  /** What Prism printed, for a failure's message. */
  output(): string;
  close(): Promise<void>;
}

/** Prism's own error problems: `https://stoplight.io/prism/errors#VIOLATIONS`, `#NO_PATH_MATCHED_ERROR`, ... */
const PRISM_ERROR_TYPE = /stoplight\.io\/prism\/errors#/;

function violationsOf(headers: Headers, text: string): string[] {
  const violations: string[] = [];
  const header = headers.get('sl-violations');
  if (header) violations.push(`sl-violations: ${header}`);
  if (PRISM_ERROR_TYPE.test(text)) violations.push(`Prism's error: ${text.slice(0, 2000)}`);
  return violations;
}

/**
 * `prism proxy --errors <document> <upstream>` (@stoplight/prism-cli, as a frontend developer runs
 * it in front of a service): it routes each request by the document's servers and paths, validates
 * the request, forwards it, and validates the answer; with `--errors` a violation on either side is
 * Prism's own error problem instead of the service's answer.
 */
export async function startPrismProxy(document: string, upstream: string): Promise<PrismProxy> {
  const port = await freePort();
  const packageFile = require.resolve('@stoplight/prism-cli/package.json');
  const { bin } = JSON.parse(readFileSync(packageFile, 'utf8')) as { bin: Record<string, string> };
  const cli = path.join(path.dirname(packageFile), bin['prism']);
  const child: ChildProcess = spawn(
    process.execPath,
    [cli, 'proxy', '--errors', '--host', '127.0.0.1', '--port', String(port), document, upstream],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } },
  );
  let output = '';
  const listening = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      if (/Prism is listening/.test(output)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`prism exited with ${code} before listening:\n${output}`)));
  });
  const timeout = setTimeout(() => child.kill('SIGKILL'), 60_000);
  try {
    await listening;
  } finally {
    clearTimeout(timeout);
  }
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    async send(method, pathAndQuery, options = {}) {
      const headers: Record<string, string> = { accept: 'application/json, application/problem+json' };
      if (options.token) headers['authorization'] = `Bearer ${options.token}`;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const logStart = output.length;
      const response = await fetch(`${url}${pathAndQuery}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const text = method === 'HEAD' ? '' : await response.text();
      // Prism logs the upstream's status before it answers; the pipe may deliver it a little later.
      const upstreamLine = new RegExp(`upstream call to \\S+ has returned (\\d{3})`);
      let logged = output.slice(logStart);
      for (let waited = 0; !upstreamLine.test(logged) && waited < 1000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        logged = output.slice(logStart);
      }
      const upstreamStatus = upstreamLine.exec(logged)?.[1];
      const loggedViolations = logged.split('\n').filter((line) => /Violation:/.test(line));
      return {
        method,
        url: pathAndQuery,
        status: response.status,
        headers: response.headers,
        text,
        violations: [...violationsOf(response.headers, text), ...loggedViolations],
        upstreamStatus: upstreamStatus === undefined ? undefined : Number(upstreamStatus),
      };
    },
    output: () => output,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** One request of a sample: what the service answers it (its status), through the proxy unchanged. */
export interface PrismSampleRequest {
  readonly method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Below the tenant, as the document writes paths: `/v10-0/profiles/1?Expand=Person,Organization`. */
  readonly url: string;
  readonly status: number;
  readonly body?: unknown;
}

export interface PrismProxySuiteOptions {
  readonly service: string;
  /** The committed document (apps/<service>/openapi.json). */
  readonly document: string;
  /** Starts the service with its demo data; returns its origin and how to stop it. */
  start(): Promise<{ readonly baseUrl: string; close(): Promise<void> }>;
  readonly roles: readonly string[];
  /** Sent in order: later ones may rely on what earlier ones created. */
  readonly requests: readonly PrismSampleRequest[];
}

/**
 * The service behind `prism proxy --errors <document> <origin>/<tenant>` (Prism ignores a server's
 * base path, so the upstream ends with the tenant and requests start at the version, as the
 * document's paths do): every sample request gets the service's own answer with no violation.
 * Prism 5.16 reads every JSON answer's body as JSON, a HEAD's empty one too, and then answers 500
 * itself: a HEAD is judged by Prism's log, which shows it routed, validated and forwarded, and
 * the service's status.
 */
export function describeThroughPrism(options: PrismProxySuiteOptions): void {
  describe(`${options.service} through prism proxy --errors (HTTP, real PostgreSQL)`, () => {
    let service: { baseUrl: string; close(): Promise<void> } | undefined;
    let prism: PrismProxy | undefined;
    let token: string;

    beforeAll(async () => {
      service = await options.start();
      prism = await startPrismProxy(options.document, `${service.baseUrl}/demo`);
      token = await testToken(options.roles);
    });

    afterAll(async () => {
      await prism?.close();
      await service?.close();
    });

    it('answers every sample request as the service does, with no violation', async () => {
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const request of options.requests) {
        const response = await prism!.send(request.method, request.url, { token, body: request.body });
        const status = request.method === 'HEAD' ? response.upstreamStatus : response.status;
        outcomes.push(`${request.method} ${request.url} -> ${status} ${JSON.stringify(response.violations)}`);
        expected.push(`${request.method} ${request.url} -> ${request.status} []`);
      }
      expect(outcomes).toEqual(expected);
    });
  });
}
