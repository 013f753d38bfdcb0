/**
 * render-service's memory at its worst, in MiB, and what a container's limit must leave over
 * (contract 10: every container's limit holds the service's worst case with headroom). V8's heap
 * limits are hard: a thread that would pass its own is stopped (a worker's document is then a 422
 * and the worker replaced). Beyond its heap each thread holds code, native memory and buffers:
 * measured on render-service idle, the main thread and one worker take some 250 MiB of RSS and
 * each further worker some 42 MiB; a worker also holds its document's bytes outside its heap,
 * twice while pdfkit joins them (RENDER_MAX_PDF_BYTES), and the main thread the bodies in flight
 * (MAX_BODY_BYTES_IN_FLIGHT, mostly inside its heap) and the documents on their way out.
 */

/** The main thread's RSS beyond its heap limit: code, native memory, documents on their way out. */
export const MAIN_THREAD_OVERHEAD_MIB = 120;
/** A worker's RSS beyond its heap and young generation: its modules and fonts (42 MiB idle), and slack. */
export const WORKER_OVERHEAD_MIB = 60;
/** The share of the container's limit the worst case may take: the rest is headroom. */
export const MEMORY_HEADROOM_SHARE = 0.8;

export interface RenderMemoryBudget {
  /** The main thread's heap limit (its old generation and nursery), as V8 reports it. */
  readonly mainHeapMib: number;
  readonly workers: number;
  readonly workerHeapMib: number;
  readonly workerYoungGenerationMib: number;
  readonly pdfBytes: number;
}

const MIB = 1024 * 1024;

/** The most the process may hold: the main thread, and every worker at its worst at once. */
export function worstCaseMib(budget: RenderMemoryBudget): number {
  // V8 makes a young generation of three semi-spaces of half the size asked for (rounded to a power
  // of two): at most one and a half times it.
  const worker =
    budget.workerHeapMib +
    1.5 * budget.workerYoungGenerationMib +
    WORKER_OVERHEAD_MIB +
    (2 * budget.pdfBytes) / MIB;
  return Math.ceil(budget.mainHeapMib + MAIN_THREAD_OVERHEAD_MIB + budget.workers * worker);
}

/** A Kubernetes memory quantity (`1536Mi`, `1.5Gi`, `1610612736`) in MiB; undefined when it is not one. */
export function mebibytesOf(quantity: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|K|M|G)?$/.exec(quantity.trim());
  if (!match) return undefined;
  const factor: Record<string, number> = {
    '': 1 / MIB,
    Ki: 1 / 1024,
    Mi: 1,
    Gi: 1024,
    K: 1000 / MIB,
    M: 1e6 / MIB,
    G: 1e9 / MIB,
  };
  return Number(match[1]) * factor[match[2] ?? ''];
}

/** Why the budget does not fit `limitMib` with its headroom, or undefined when it does. */
export function budgetProblem(budget: RenderMemoryBudget, limitMib: number): string | undefined {
  const worst = worstCaseMib(budget);
  const allowed = Math.floor(limitMib * MEMORY_HEADROOM_SHARE);
  if (worst <= allowed) return undefined;
  return (
    `render-service may take ${worst} MiB at its worst (the main thread's heap ${budget.mainHeapMib} MiB and ` +
    `${MAIN_THREAD_OVERHEAD_MIB} MiB besides; ${budget.workers} workers of RENDER_WORKER_HEAP_MB ` +
    `${budget.workerHeapMib}, RENDER_WORKER_YOUNG_GENERATION_MB ${budget.workerYoungGenerationMib}, ` +
    `${WORKER_OVERHEAD_MIB} MiB besides and twice RENDER_MAX_PDF_BYTES each), more than ` +
    `${MEMORY_HEADROOM_SHARE * 100} % of MEMORY_LIMIT (${allowed} of ${Math.round(limitMib)} MiB): ` +
    'lower the workers or their heap, or raise the limit (deploy/base/render-service/runtime.env)'
  );
}
