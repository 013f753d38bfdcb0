import { spawnSync } from 'node:child_process';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { nodeArgsOf, readRuntimeEnv } = require('../../../../tools/service-process') as {
  nodeArgsOf: (service: string) => string[];
  readRuntimeEnv: (service: string) => Record<string, string | undefined>;
};

/** The main thread's old generation as deploy/base/render-service/runtime.env gives it, in MiB. */
const MAIN_OLD_GENERATION_MB = Number(
  /--max-old-space-size=(\d+)/.exec(readRuntimeEnv('render-service')['NODE_OPTIONS'] ?? '')?.[1],
);

/**
 * In a process started as render-service is (tools/service-process.js): the main thread's heap
 * limit, then whether a worker limited to 64 MiB of old generation that keeps 150 MiB is stopped.
 */
function startWorker(releaseFirst: boolean): string[] {
  const script = `
    const { getHeapStatistics } = require('node:v8');
    const { Worker } = require('node:worker_threads');
    console.log(Math.round(getHeapStatistics().heap_size_limit / 1048576));
    if (${releaseFirst}) require(${JSON.stringify(path.join(__dirname, 'worker-heap-flags.ts'))}).leaveHeapLimitsToWorkers();
    const worker = new Worker("const kept = []; for (let i = 0; i < 150; i++) kept.push(new Array(131072).fill(i));", {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: 64 },
    });
    worker.on('error', (error) => console.log(error.code));
    worker.on('exit', () => console.log('exit'));`;
  const args = [...nodeArgsOf('render-service'), '--require', '@swc-node/register', '-e', script];
  return spawnSync(process.execPath, args, { encoding: 'utf8' }).stdout.trim().split('\n');
}

describe('leaveHeapLimitsToWorkers', () => {
  it("keeps the main thread's budget and gives each worker its own limit back", () => {
    const [mainLimitMb, ...worker] = startWorker(true);
    // runtime.env's old generation and the young generation's three 4 MiB semi-spaces.
    expect(MAIN_OLD_GENERATION_MB).toBeGreaterThan(0);
    expect(Number(mainLimitMb)).toBe(MAIN_OLD_GENERATION_MB + 12);
    expect(worker).toEqual(['ERR_WORKER_OUT_OF_MEMORY', 'exit']);
  });

  it("is needed: without it the process's options override the worker's limit", () => {
    const [, ...worker] = startWorker(false);
    expect(worker).toEqual(['exit']);
  });
});
