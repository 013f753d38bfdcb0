import { setFlagsFromString } from 'node:v8';

/**
 * The heap options render-service's process starts with for its main thread (NODE_OPTIONS of
 * deploy/base/render-service/runtime.env).
 * V8 reads them for every isolate the process creates, worker threads included, and they win over
 * the `resourceLimits` a worker is given.
 */
const MAIN_THREAD_HEAP_FLAGS = ['--max-old-space-size', '--max-semi-space-size'] as const;

/**
 * Clears the process's heap options once the main thread's heap exists (V8 sized it when the
 * process started), so that each render worker started afterwards gets its own limits
 * (RENDER_WORKER_HEAP_MB, RENDER_WORKER_YOUNG_GENERATION_MB). 0 is V8's "not set".
 */
export function leaveHeapLimitsToWorkers(): void {
  for (const flag of MAIN_THREAD_HEAP_FLAGS) setFlagsFromString(`${flag}=0`);
}
