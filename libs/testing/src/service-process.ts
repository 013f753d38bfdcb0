import { type ChildProcess, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

import { UNLIMITED_RATES } from './test-app';

export const WORKSPACE_ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * Node's options of the service's process, as tools/service-process.js gives every start of it:
 * `--env-file` on its memory budget (deploy/base/<service>/runtime.env).
 */
export function serviceNodeArgs(service: string): string[] {
  return serviceProcessTools().nodeArgsOf(service);
}

/** The service's container memory limit in MiB, as deploy/ gives it (its runtime.env). */
export function serviceMemoryLimitMib(service: string): number {
  return serviceProcessTools().memoryLimitMibOf(service);
}

function serviceProcessTools(): {
  nodeArgsOf(name: string): string[];
  memoryLimitMibOf(name: string): number;
} {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.join(WORKSPACE_ROOT, 'tools', 'service-process')) as ReturnType<
    typeof serviceProcessTools
  >;
}

/**
 * Builds every app and lib as `npm start` does (tools/build.js), into a folder of its own below
 * the repository (`tmp/`, ignored), for a test of the process users run; removed by `remove`.
 */
export async function buildServices(label: string): Promise<{ folder: string; remove(): Promise<void> }> {
  const folder = path.join(WORKSPACE_ROOT, 'tmp', `${label}-${process.pid}-${Date.now()}`);
  await new Promise<void>((resolve, reject) => {
    const build = spawn(process.execPath, ['tools/build.js', '--out', folder], {
      cwd: WORKSPACE_ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const errors: Buffer[] = [];
    build.stderr?.on('data', (chunk: Buffer) => errors.push(chunk));
    build.once('error', reject);
    build.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`tools/build.js failed: ${Buffer.concat(errors).toString()}`)),
    );
  });
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) };
}

export interface ServiceProcess {
  readonly baseUrl: string;
  readonly pid: number;
  /** Whether the process has exited (crashed, or closed). */
  readonly exited: boolean;
  /** Its last lines of output, for a failure's message. */
  readonly output: readonly string[];
  /** Every line of output so far that matches `pattern`: what it logged of an event. */
  linesMatching(pattern: RegExp): string[];
  /** SIGTERM, then resolves once the process has exited. */
  close(): Promise<void>;
  /** SIGTERM, then resolves with how the process exited. */
  terminate(): Promise<ProcessExit>;
  /** SIGKILL, as a node that dies takes its pods: nothing of the service runs on. */
  kill(): Promise<ProcessExit>;
}

export interface ProcessExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** A port nothing listens on at the moment. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port assigned');
  return address.port;
}

const exited = (child: ChildProcess): Promise<ProcessExit> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve({ code: child.exitCode, signal: child.signalCode })
    : new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

/**
 * Runs a service's main.ts from the sources (compiled by swc as it loads), or its built main.js,
 * as a process of its own, as a replica runs, on a free port of 127.0.0.1; resolves once it logs that it listens.
 * The environment is the test's alone: `NODE_ENV=test` and `env` (DATABASE_URL, ...), nothing
 * from this process's own REDIS_URL, PORT or DATABASE_URL.
 */
export async function startServiceProcess(options: {
  /** The service's main.ts (compiled by swc as it loads), or a built main.js. */
  main: string;
  env: Record<string, string>;
  /**
   * Node's options before the entry point: the service's own from tools/service-process.js
   * (`serviceNodeArgs`, its memory budget) for a test of what that budget holds.
   */
  nodeArgs?: readonly string[];
}): Promise<ServiceProcess> {
  const port = await freePort();
  const inherited = { ...process.env };
  for (const name of ['REDIS_URL', 'DATABASE_URL', 'PORT', 'PORT_BASE', 'HOST', 'TENANT'])
    delete inherited[name];
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--require', '@swc-node/register', options.main],
    {
      cwd: WORKSPACE_ROOT,
      env: {
        ...inherited,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        ...UNLIMITED_RATES,
        ...options.env,
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // The last lines, for the error should the service not start; and every line, for linesMatching.
  const output: string[] = [];
  const everyLine: string[] = [];
  const keep = (line: string): void => {
    everyLine.push(line);
    output.push(line);
    if (output.length > 20) output.shift();
  };
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', keep);
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const name = path.basename(path.dirname(path.dirname(options.main)));
  try {
    await new Promise<void>((resolve, reject) => {
      lines.on('line', (line) => {
        keep(line);
        if (/"msg":"[\w-]+ listening"/.test(line)) resolve();
      });
      child.once('exit', (code, signal) =>
        reject(new Error(`${name} exited (${signal ?? code}) before listening:\n${output.join('\n')}`)),
      );
      child.once('error', reject);
    });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid as number,
    get exited() {
      return child.exitCode !== null || child.signalCode !== null;
    },
    output,
    linesMatching: (pattern) => everyLine.filter((line) => pattern.test(line)),
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited(child);
    },
    terminate: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited(child);
    },
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return exited(child);
    },
  };
}
